import CofferShell

/// The manual page `coffer(1)`, made from what already describes Coffer, so it cannot
/// drift from it: the command line from argument-parser's definition (`--help`), the
/// language's commands and functions from the command table (`help`), and the parts of
/// the README marked for it, its examples among them.
///
/// A part of the README goes into a section of the page when it stands between
/// `<!-- man: SECTION -->` and `<!-- /man -->`; parts marked for one section are put in
/// the README's order.
package enum ManualPage {
  /// Why the page cannot be made.
  package struct Problem: Error, CustomStringConvertible {
    package let description: String
  }

  /// The page's roff source. `date` is the page's date (`YYYY-MM-DD`).
  package static func source(readme: String, date: String) throws -> String {
    let reference = try CommandLineReference.of(CofferCommand.self).command
    let parts = try markedParts(of: readme)
    var lines = [
      ".\\\" The manual page of Coffer, made by Scripts/build-release from the command line's",
      ".\\\" definition, the command table and the README; edit those, not this.",
      ".TH COFFER 1 \(date) \"Coffer \(CofferCommand.configuration.version)\" \"User Commands\"",
      ".SH NAME",
      // The abstract's first clause: `A shell for multi-currency holdings: …`.
      "coffer \\- " + RoffText.escaped(lowercasedFirst(String((reference.abstract ?? "").prefix { $0 != ":" }))),
      ".SH SYNOPSIS",
      ".B coffer",
      "[\\fIOPTIONS\\fR] [\\fISCRIPT\\fR ...]",
      ".SH DESCRIPTION",
    ]
    lines += paragraphs(reference.discussion ?? "")
    lines += parts["DESCRIPTION"] ?? []
    lines.append(".SH OPTIONS")
    for argument in reference.arguments ?? [] where argument.shouldDisplay {
      lines += option(argument)
    }
    lines.append(".SH COMMANDS")
    lines += parts["COMMANDS"] ?? []
    for command in LanguageReference.commands { lines += self.command(command) }
    lines.append(".SS \"In the sheet (open)\"")
    for command in LanguageReference.sheetInputs { lines += self.command(command) }
    lines.append(".SS Functions")
    lines.append(RoffText.escaped(LanguageReference.functions))
    for section in ["FILES", "ENVIRONMENT", "EXAMPLES"] {
      guard let part = parts[section] else { continue }
      lines.append(".SH \(section)")
      lines += part
    }
    lines += [".SH \"SEE ALSO\"", ".BR sqlite3 (1),", ".BR psql (1)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The README's marked parts as roff lines, by section.
  static func markedParts(of readme: String) throws -> [String: [String]] {
    var parts: [String: [String]] = [:]
    var section: String?
    var text: [Substring] = []
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingSpaces
      if trimmed.hasPrefix("<!-- man:"), trimmed.hasSuffix("-->") {
        guard section == nil else { throw Problem(description: "README: '\(trimmed)' inside another marked part") }
        section = String(trimmed.dropFirst("<!-- man:".count).dropLast(3).trimmingSpaces).uppercased()
      } else if trimmed == "<!-- /man -->" {
        guard let open = section else { throw Problem(description: "README: '<!-- /man -->' with no part open") }
        parts[open, default: []] += RoffText.markdown(text.joined(separator: "\n"))
        section = nil
        text = []
      } else if section != nil {
        text.append(line)
      }
    }
    if let section { throw Problem(description: "README: the part marked for \(section) never ends") }
    guard parts["EXAMPLES"] != nil else { throw Problem(description: "README: no part is marked for EXAMPLES") }
    return parts
  }

  /// One option: its names and value, then what it does.
  private static func option(_ argument: CommandLineReference.Argument) -> [String] {
    var title: String
    if argument.kind == "positional" {
      title = "\\fI" + RoffText.escaped(argument.valueName ?? "") + "\\fR"
    } else {
      title = (argument.names ?? []).map { "\\fB" + RoffText.escaped($0.spelled) + "\\fR" }.joined(separator: ", ")
      if argument.kind == "option", let value = argument.valueName {
        title += " \\fI" + RoffText.escaped(value) + "\\fR"
      }
    }
    if argument.isRepeating { title += " ..." }
    var text = argument.abstract ?? ""
    if let discussion = argument.discussion, !discussion.isEmpty { text += " " + discussion }
    if let value = argument.defaultValue, argument.kind == "option" { text += " Default: \(value)." }
    return [".TP", title, RoffText.escaped(text)]
  }

  /// One command of the language: its usage, what it does, other names, examples.
  private static func command(_ command: LanguageReference.Command) -> [String] {
    var lines = [
      ".TP", "\\fB" + RoffText.escaped(command.usage) + "\\fR", RoffText.escaped(upperFirst(command.summary) + "."),
    ]
    if !command.aliases.isEmpty {
      lines.append("Also: " + command.aliases.map { "\\fB" + RoffText.escaped($0) + "\\fR" }.joined(separator: ", "))
    }
    if !command.examples.isEmpty {
      lines += [".RS 4", ".nf"] + command.examples.map { RoffText.escaped($0) } + [".fi", ".RE"]
    }
    return lines
  }

  /// Text written as paragraphs of prose (argument-parser's discussion).
  private static func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n\n").flatMap {
      [".PP", RoffText.escaped($0.split(separator: "\n").joined(separator: " "))]
    }
  }

  private static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }

  private static func upperFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: Substring {
    let trimmed = self[...].drop(while: { $0 == " " })
    var end = trimmed.endIndex
    while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " { end = trimmed.index(before: end) }
    return Substring(trimmed[..<end])
  }
}

/// Text made ready for a manual page (roff, the man(7) macros): escaped so that roff
/// prints it as written, and the little Markdown the README's marked parts use (code
/// spans, fenced blocks, paragraphs, lists, `###` headings) turned into macros.
enum RoffText {
  /// `text` as roff prints it: backslashes and minus signs escaped (a `-` in an option
  /// must stay a minus sign, not become a hyphen), and a line that would start with a
  /// control character (`.` or `'`) protected.
  static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default: result.append(character)
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  /// Inline Markdown: `code` in bold, **strong** in bold, *emphasis* in italics, and a
  /// link's text without its address.
  static func inline(_ text: some StringProtocol) -> String {
    var result = ""
    var rest = Substring(text)
    while let first = rest.first {
      if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
        result += "\\fB" + escapedInside(rest[rest.index(after: rest.startIndex)..<end]) + "\\fR"
        rest = rest[rest.index(after: end)...]
      } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
        result += "\\fB" + escapedInside(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]) + "\\fR"
        rest = rest[end.upperBound...]
      } else if first == "[", let close = rest.firstIndex(of: "]"), rest[close...].dropFirst().first == "(",
        let end = rest[close...].firstIndex(of: ")")
      {
        result += inline(rest[rest.index(after: rest.startIndex)..<close])
        rest = rest[rest.index(after: end)...]
      } else {
        result += escapedInside(String(first))
        rest = rest.dropFirst()
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  /// Escaped, without the protection of a line's start (the text is inside a line).
  private static func escapedInside(_ text: some StringProtocol) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default: result.append(character)
      }
    }
    return result
  }

  /// Markdown (the subset above) as man(7) source lines.
  static func markdown(_ text: String) -> [String] {
    var lines: [String] = []
    var paragraph: [String] = []
    var inCode = false
    func endParagraph() {
      guard !paragraph.isEmpty else { return }
      lines.append(".PP")
      lines.append(inline(paragraph.joined(separator: " ")))
      paragraph = []
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if inCode {
          lines += [".fi", ".RE"]
        } else {
          endParagraph()
          lines += [".PP", ".RS 4", ".nf"]
        }
        inCode.toggle()
        continue
      }
      if inCode {
        lines.append(escaped(line))
        continue
      }
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.isEmpty {
        endParagraph()
      } else if trimmed.hasPrefix("#") {
        endParagraph()
        lines.append(".SS \"" + inline(trimmed.drop(while: { $0 == "#" || $0 == " " })) + "\"")
      } else if trimmed.hasPrefix("- ") {
        endParagraph()
        lines.append(".IP \\(bu 2")
        paragraph.append(String(trimmed.dropFirst(2)))
        lines.append(inline(paragraph.joined(separator: " ")))
        paragraph = []
      } else if line.hasPrefix("  "), let last = lines.last, !last.hasPrefix(".") {
        // The continuation of a list item.
        lines[lines.count - 1] = last + " " + inline(trimmed)
      } else {
        paragraph.append(String(trimmed))
      }
    }
    endParagraph()
    return lines
  }
}

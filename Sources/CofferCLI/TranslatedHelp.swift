import ArgumentParser
import CofferText
import Foundation
import Screen

/// `--help` in a language argument-parser does not speak: the same sections it prints
/// (overview, usage, arguments, options), read from the same definitions
/// (`CommandLineReference`, whose texts went through `tr`), with translated headings and
/// lines wrapped by display width (a Chinese character takes two columns and a line may
/// break between two of them).
enum TranslatedHelp {
  /// Whether `arguments` ask for help: `--help` or `-h` before any `--`, not taken as the
  /// value of an option that takes one.
  static func isAsked(in arguments: [String]) -> Bool {
    var remaining = arguments.prefix(while: { $0 != "--" }).makeIterator()
    while let argument = remaining.next() {
      if CofferCommand.optionsWithValues.contains(argument) {
        _ = remaining.next()
        continue
      }
      if argument == "--help" || argument == "-h" { return true }
    }
    return false
  }

  /// The width argument-parser wraps its help to: `COLUMNS`, else the terminal's, else 80.
  static func terminalWidth() -> Int {
    if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
    var size = winsize()
    let read = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
    if read == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }

  /// The help of `command`, ending in a blank line as argument-parser's does.
  static func text(for command: any ParsableCommand.Type, width: Int) -> String {
    guard let reference = try? CommandLineReference.of(command) else { return command.helpMessage() + "\n" }
    let definition = reference.command
    let width = max(width, 40)
    var lines: [String] = []
    if let abstract = definition.abstract, !abstract.isEmpty {
      lines += wrap(tr("OVERVIEW: ") + abstract, width: width, indent: "")
      lines.append("")
    }
    if let discussion = definition.discussion, !discussion.isEmpty {
      for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
        lines += paragraph.isEmpty ? [""] : wrap(String(paragraph), width: width, indent: "")
      }
      lines.append("")
    }
    let shown = (definition.arguments ?? []).filter(\.shouldDisplay)
    // As argument-parser writes it: one line, however long.
    lines.append(tr("USAGE: ") + usage(definition.commandName, shown.filter { !isBuiltIn($0) }))
    lines.append("")
    let positionals = shown.filter { $0.kind == "positional" }
    if !positionals.isEmpty {
      lines.append(tr("ARGUMENTS:"))
      for argument in positionals { lines += entry(argument, width: width) }
      lines.append("")
    }
    let options = shown.filter { $0.kind != "positional" }
    if !options.isEmpty {
      lines.append(tr("OPTIONS:"))
      for argument in options { lines += entry(argument, width: width) }
      lines.append("")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// argument-parser's own flags, whose texts it writes itself.
  private static func isBuiltIn(_ argument: CommandLineReference.Argument) -> Bool {
    let names = (argument.names ?? []).map(\.spelled)
    return names.contains("--help") || names.contains("--version")
  }

  /// `coffer [--db <path>] [--command <cmds> ...] [--interactive] … [<script> ...]`.
  private static func usage(_ command: String, _ arguments: [CommandLineReference.Argument]) -> String {
    var words = [command]
    for argument in arguments {
      let value = "<" + (argument.valueName ?? "") + ">"
      let name = preferredName(argument)
      var word: String
      switch argument.kind {
      case "positional": word = value
      case "flag": word = name
      default: word = name + " " + value
      }
      if argument.isRepeating { word += " ..." }
      words.append("[" + word + "]")
    }
    return words.joined(separator: " ")
  }

  private static func preferredName(_ argument: CommandLineReference.Argument) -> String {
    let names = argument.names ?? []
    return (names.first { $0.kind == "long" } ?? names.first)?.spelled ?? ""
  }

  /// The column the texts start at, as argument-parser's.
  private static let labelWidth = 26

  /// `  -c, --command <cmds>    Run these commands…`, its text wrapped beside the label
  /// (under it when the label is too long).
  private static func entry(_ argument: CommandLineReference.Argument, width: Int) -> [String] {
    var label = "  "
    if argument.kind == "positional" {
      label += "<" + (argument.valueName ?? "") + ">"
    } else {
      label += (argument.names ?? []).map(\.spelled).joined(separator: ", ")
      if argument.kind == "option" { label += " <" + (argument.valueName ?? "") + ">" }
    }
    var help = abstract(of: argument)
    // The values and default go inside the sentence, before its full stop.
    let fullStop = help.hasSuffix(tr(".")) ? tr(".") : ""
    help = String(help.dropLast(fullStop.count))
    // Only other languages come here: the separator of a list of values in theirs.
    let values = argument.allValues?.listed()
    switch (values, argument.defaultValue) {
    case (let values?, let fallback?):
      help += tr("(values: {values}; default: {default})", ["values": values, "default": fallback])
    case (let values?, nil): help += tr("(values: {values})", ["values": values])
    case (nil, let fallback?): help += tr("(default: {default})", ["default": fallback])
    case (nil, nil): break
    }
    help += fullStop
    let indent = String(repeating: " ", count: labelWidth)
    let wrapped = wrap(help, width: width, indent: indent)
    if DisplayWidth.of(label) + 2 > labelWidth {
      return [label] + wrapped
    }
    let first = wrapped[0].dropFirst(DisplayWidth.of(label))
    return [label + first] + wrapped.dropFirst()
  }

  /// An argument's text; argument-parser's own flags' in this language.
  private static func abstract(of argument: CommandLineReference.Argument) -> String {
    let names = (argument.names ?? []).map(\.spelled)
    if names.contains("--help") { return tr("Show help information.") }
    if names.contains("--version") { return tr("Show the version.") }
    return argument.abstract ?? ""
  }

  /// Full-width punctuation a line does not start with, and what it does not end with.
  private static let closing: Set<Character> = ["，", "。", "；", "：", "、", "）", "」", "！", "？"]
  private static let opening: Set<Character> = ["（", "「"]

  /// `text` in lines of at most `width` columns (a word longer than a line stands
  /// alone), each starting with `indent`; a line may break at a space, or before or after
  /// a wide character (not before closing punctuation, nor after opening).
  static func wrap(_ text: String, width: Int, indent: String) -> [String] {
    // The pieces a line may break between, and whether a space separates each from the
    // one before.
    var pieces: [(text: String, spaced: Bool)] = []
    var spaced = false
    var word = ""
    func endWord() {
      guard !word.isEmpty else { return }
      pieces.append((word, spaced))
      word = ""
      spaced = false
    }
    for character in text {
      if character == " " {
        endWord()
        spaced = true
      } else if closing.contains(character) {
        // Kept on the line of what it closes.
        if word.isEmpty, !spaced, let last = pieces.popLast() {
          word = last.text
          spaced = last.spaced
        }
        word.append(character)
        endWord()
      } else if opening.contains(character) {
        // Kept on the line of what it opens: the piece goes on.
        endWord()
        word.append(character)
      } else if DisplayWidth.of(character) == 2 {
        if !word.allSatisfy(opening.contains) { endWord() }
        word.append(character)
        endWord()
      } else {
        // An ASCII run; right after a wide character a line may break before it too.
        word.append(character)
      }
    }
    endWord()
    var lines: [String] = []
    var current = indent
    var currentWidth = DisplayWidth.of(indent)
    let indentWidth = currentWidth
    for piece in pieces {
      let pieceWidth = DisplayWidth.of(piece.text)
      let gap = piece.spaced && currentWidth > indentWidth ? 1 : 0
      if currentWidth + gap + pieceWidth > width && currentWidth > indentWidth {
        lines.append(current)
        current = indent + piece.text
        currentWidth = indentWidth + pieceWidth
      } else {
        current += (gap == 1 ? " " : "") + piece.text
        currentWidth += gap + pieceWidth
      }
    }
    lines.append(current)
    return lines
  }
}

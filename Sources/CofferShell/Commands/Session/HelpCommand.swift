import CofferCore
import CofferScript
import CofferText
import LineEditing

/// `help [COMMAND]`: every command with its summary, or one command's usage and examples
/// (`help rates` shows `rates set`, `rates import` and `rates fetch` too).
struct HelpCommand: Command {
  static let command = TypedSlot.word(tr("COMMAND"), tr("a command"))
  static let subcommand = TypedSlot.word(tr("SUBCOMMAND"), tr("a subcommand"))
  static let entry = CommandEntry(
    "help", .optional(.sequence([.slot(command), .optional(.slot(subcommand))])),
    tr("list commands, or show one command's usage"), examples: ["help set", "help rates"], access: .reads,
    usage: tr("help [COMMAND]"),
    readsHoldings: false, command: Self.self)

  static let functions = tr("functions: {signatures}", ["signatures": Function.signatures])

  /// The two meanings of a date, as the README gives them.
  static let dates = tr(
    """
    dates: 'at DATE' is the holdings as they stood on DATE, valued at that day's rates (total at, holdings \
    at, total_at()). 'valued at DATE' is today's holdings at DATE's rates, a what-if (total valued at, \
    holdings valued at, total_valued_at()).
    """)

  /// The entries asked about; empty for all.
  let chosen: [CommandEntry]

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard let command = arguments[Self.command] else {
      chosen = []
      return
    }
    let (word, offset) = (command.value, command.offset)
    let lowered = word.lowercasedWord
    var matches = CommandTable.typed.filter { $0.words[0] == lowered || $0.aliases.contains(lowered) }
    if let subcommand = arguments[Self.subcommand] {
      let (second, secondOffset) = (subcommand.value, subcommand.offset)
      let subcommands = matches.filter { $0.words.count == 2 }
      matches = subcommands.filter { $0.words[1] == second.lowercasedWord }
      if matches.isEmpty && !subcommands.isEmpty {
        let names = subcommands.map { $0.words[1] }
        throw context.failure(
          tr(
            "no command '{command}'{hint}",
            ["command": "\(word) \(second)", "hint": Suggestions.hint(for: second, in: names)]), at: secondOffset)
      }
      if matches.isEmpty && CommandTable.byName(word) != nil {
        throw context.failure(
          tr("unexpected '{word}'; '{command}' has no subcommands", ["word": second, "command": word]), at: secondOffset
        )
      }
    }
    guard !matches.isEmpty else {
      throw context.failure(
        tr(
          "no command '{command}'{hint}",
          ["command": word, "hint": Suggestions.hint(for: word, in: CommandTable.names())]),
        at: offset)
    }
    chosen = matches
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let width = context.output.isTerminal ? (Terminal.size()?.columns ?? 80) : 80
    guard chosen.isEmpty else {
      // A command with subcommands shows each, a blank line between them.
      let blocks = chosen.map { Self.details(of: $0, width: width) }
      return .lines(Array(blocks.joined(separator: [""])))
    }
    var lines = [tr("commands:")]
    lines += Self.summaries(CommandTable.typed.filter { $0.scope != .sheet }, width: width)
    lines.append(tr("in the sheet (open):"))
    lines += Self.summaries(CommandTable.entries.filter { $0.scope == .sheet }, width: width)
    lines += Wrapping.wrap(Self.functions, width: width, indent: "  ")
    lines += Wrapping.wrap(Self.dates, width: width, indent: "  ")
    return .lines(lines)
  }

  static func details(of entry: CommandEntry, width: Int) -> [String] {
    var lines = [tr("usage: {usage}", ["usage": entry.usage])]
    lines += Wrapping.wrap(entry.summary, width: width, indent: "  ")
    if !entry.aliases.isEmpty {
      lines.append(tr("  also: {aliases}", ["aliases": entry.aliases.joined(separator: ", ")]))
    }
    if !entry.examples.isEmpty {
      lines.append(tr("examples:"))
      for example in entry.examples { lines.append("  \(example)") }
    }
    return lines
  }

  /// Two columns, usage and summary; the summary wraps at word boundaries under itself.
  static func summaries(_ entries: [CommandEntry], width: Int) -> [String] {
    // A usage longer than the column stands on a line of its own, its summary below.
    let usageWidth = min(entries.map { TextTable.displayWidth($0.usage) }.max() ?? 0, max(10, min(30, width / 3)))
    var lines: [String] = []
    for entry in entries {
      let usage = entry.usage
      let indent = String(repeating: " ", count: 2 + usageWidth + 2)
      let summaryWidth = max(20, width - indent.count)
      let summary = Wrapping.wrap(entry.summary, width: summaryWidth + indent.count, indent: indent)
      let usageColumn = TextTable.displayWidth(usage)
      if usageColumn > usageWidth {
        // A usage wider than the window is wrapped too, at its words.
        lines += Wrapping.wrap(usage, width: width, indent: "  ")
        lines += summary
      } else {
        let padding = String(repeating: " ", count: usageWidth - usageColumn + 2)
        lines.append("  " + usage + padding + summary[0].dropFirst(indent.count))
        lines += summary.dropFirst()
      }
    }
    return lines
  }
}

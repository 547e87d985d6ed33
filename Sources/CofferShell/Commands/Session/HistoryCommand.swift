import CofferScript
import CofferText

/// `history [N]`: the last lines typed at the prompt.
struct HistoryCommand: Command {
  static let count = TypedSlot.expression(tr("N"), tr("a number"))
  static let entry = CommandEntry(
    "history", .optional(.slot(count)), tr("the last N lines entered (interactive only)"),
    examples: ["history 20"], access: .reads, readsHoldings: false, command: Self.self)

  let limit: Int
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
    guard context.options.interactive else {
      throw context.failure(tr("history is kept only in the interactive shell"), at: offset)
    }
    limit = try context.count(arguments[Self.count], default: 20, for: "history")
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let lines = context.lineEditor?.entries else {
      throw context.failure(tr("history is kept only in the interactive shell"), at: offset)
    }
    let start = max(0, lines.count - limit)
    return .lines(
      lines.enumerated().dropFirst(start).map { index, line in
        "\(String(index + 1).leftPadded(to: 5))  \(line.escapingControlCharacters)"
      })
  }
}

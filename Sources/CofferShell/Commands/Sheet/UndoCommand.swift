import CofferCore
import CofferScript
import CofferText

/// `undo`: reverts the most recent commit of this sheet session.
struct UndoCommand: Command {
  static let entry = CommandEntry(
    "undo", .none, tr("revert the most recent commit of this sheet session"), scope: .sheet, readsHoldings: false,
    command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let outcome = try context.perform(.undo, at: offset)
    guard context.options.interactive, let message = outcome.message else { return .nothing }
    return .lines([message.text])
  }
}

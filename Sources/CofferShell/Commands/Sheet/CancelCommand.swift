import CofferCore
import CofferScript
import CofferText

/// `cancel`: closes the sheet and reverts every commit made in it.
struct CancelCommand: Command {
  static let entry = CommandEntry(
    "cancel", .none, tr("close the sheet, reverting every change made in it"), scope: .sheet, readsHoldings: false,
    command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let outcome = try context.perform(.cancel, at: offset)
    return .effect(.closeSheet(printing: outcome.message.map { [$0.text] } ?? []))
  }
}

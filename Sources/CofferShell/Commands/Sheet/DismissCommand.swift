import CofferCore
import CofferScript
import CofferText

/// `dismiss` (or `done`): commits the focused draft, saves, closes the sheet and prints
/// the total. Refused while any field holds an invalid draft.
struct DismissCommand: Command {
  static let entry = CommandEntry(
    "dismiss", .none, tr("commit the focused draft, save, close the sheet and print the total"), aliases: ["done"],
    scope: .sheet, command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard context.sheet != nil else { return .nothing }
    try context.perform(.done, at: offset)
    return .effect(.done(offset: offset))
  }
}

import CofferCore
import CofferScript

/// `dismiss` (or `done`): commits the focused draft, saves, closes the sheet and prints
/// the total. Refused while any field holds an invalid draft.
struct DismissCommand: Command {
  static let entry = CommandEntry(
    "dismiss", .none, "commit the focused draft, save, close the sheet and print the total", aliases: ["done"],
    scope: .sheet, command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let sheet = context.sheet else { return .nothing }
    try context.perform(.done, at: offset)
    // The sheet closes even if the save fails: its edits stay pending for the next save.
    let offset = self.offset
    return .effect(
      .closeSheet(
        then: .effect(
          .save(.dismiss(force: false), offset: offset) { saved throws(StatementFailure) in
            _ = try saved.get()
            return .lines([try Self.total(after: sheet, context, at: offset)])
          })))
  }

  /// The total printed when a sheet is done (the line sheet's `dismiss` and the form's
  /// Done alike): with what other sessions saved meanwhile, and for a sheet at a date,
  /// the total as held then.
  static func total(after sheet: SheetController, _ context: CommandContext, at offset: Int)
    throws(StatementFailure) -> String
  {
    do {
      try context.ledger.refresh()
    } catch {
      throw context.failure(error, at: offset)
    }
    try context.requireSoundStore(at: offset)
    guard let date = sheet.date else {
      return MoneyText.total(try context.readTotal(at: offset), output: context.output)
    }
    let held = try context.readTotal(of: try context.portfolio(asHeldOn: date, at: offset), at: offset)
    return MoneyText.total(held, output: context.output, basis: "as held on \(date)")
  }
}

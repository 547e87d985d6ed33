import CofferCore
import CofferScript

/// `open [C]`: opens the sheet, one field per currency but the local one.
struct OpenCommand: Command {
  static let entry = CommandEntry(
    "open", .optional(.currency()), "open the sheet, focused on C or on the first row",
    examples: ["open", "open USD"], scope: .topLevel, command: Self.self)

  let focus: Currency?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    focus = try context.currency(arguments["C"])
    if let focus, focus == context.ledger.portfolio.local {
      throw context.failure(
        "\(focus.code) is the local currency; it has no row in the sheet", at: arguments["C"]?.offset ?? 0)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    context.sheet = Sheet(local: context.ledger.portfolio.local, focus: focus, ledger: context.ledger)
    return .nothing
  }
}

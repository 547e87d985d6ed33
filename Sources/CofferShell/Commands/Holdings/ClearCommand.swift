import CofferCore
import CofferScript

/// `clear C` or `clear all`: amounts back to 0.
struct ClearCommand: Command {
  static let entry = CommandEntry(
    "clear", .choice([.keyword("all"), .currency()]), "set one amount, or every amount, to 0",
    examples: ["clear USD", "clear all --yes"], options: [OptionSpec("yes")], command: Self.self)

  /// nil for `all`.
  let currency: Currency?
  let confirmed: Bool
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])
    confirmed = arguments.option("yes") != nil
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let currency {
      clear(currency, context)
      return .nothing
    }
    if context.options.interactive && !confirmed {
      throw context.failure("'clear all' sets every amount to 0; type 'clear all --yes' to do it", at: end)
    }
    for currency in Catalog.all { clear(currency, context) }
    return .nothing
  }

  /// In the sheet a clear is one of the sheet's commits: `undo` and `cancel` revert it.
  private func clear(_ currency: Currency, _ context: CommandContext) {
    if var sheet = context.sheet, sheet.row(of: currency) != nil {
      sheet.commitFromCommand(.zero, of: currency, ledger: context.ledger)
      context.sheet = sheet
    } else {
      context.ledger.commit(.zero, of: currency)
    }
  }
}

import CofferCore
import CofferScript

/// `set C EXPR`: commits an amount.
struct SetCommand: Command {
  static let entry = CommandEntry(
    "set", .sequence([.currency(), .expression("EXPR", "an amount")]), "set C's amount",
    examples: ["set USD 1200.50", "set JPY 150_000", "set EUR $rent * 3"], scope: .topLevel, command: Self.self)

  let currency: Currency
  let amount: Expression

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])!
    guard case .expression(let amount) = arguments["EXPR"] else { preconditionFailure("set reads EXPR") }
    self.amount = amount
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    context.ledger.commit(try context.amount(amount, for: currency), of: currency)
    return .nothing
  }
}

import CofferCore
import CofferScript

/// `rates set C RATE`: records a rate of C in the local currency, dated today.
struct RatesSetCommand: Command {
  static let entry = CommandEntry(
    "rates set", .sequence([.currency(), .expression("RATE", "a rate")]), "record the rate of C in the local currency",
    examples: ["rates set USD 7.2"], command: Self.self)

  let currency: Currency
  let rate: Expression

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])!
    guard case .expression(let rate) = arguments["RATE"] else { preconditionFailure("rates set reads RATE") }
    self.rate = rate
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let value = try context.number(rate, role: "a rate")
    do {
      try context.ledger.setRate(value, of: currency)
    } catch {
      throw context.failure("rates set: \(error.description)", at: rate.offset)
    }
    return .nothing
  }
}

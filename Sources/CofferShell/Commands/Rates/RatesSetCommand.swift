import CofferCore
import CofferScript

/// `rates set C RATE`: records a rate of C in the local currency, dated today.
struct RatesSetCommand: Command {
  static let code = TypedSlot.currency()
  static let value = TypedSlot.expression("RATE", "a rate")
  static let entry = CommandEntry(
    "rates set", .sequence([.slot(code), .slot(value)]), "record the rate of C in the local currency",
    examples: ["rates set USD 7.2"], command: Self.self)

  let currency: Currency
  let rate: Expression

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(try arguments.value(Self.code))
    rate = try arguments.value(Self.value)
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

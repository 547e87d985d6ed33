import CofferCore
import CofferScript
import CofferText

/// `rates set C RATE`: `rates quote C RATE L`, L the local currency: 1 C = RATE L today,
/// source `manual`. Judged by the rates' rules first (`--accept` takes what they find).
struct RatesSetCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let value = TypedSlot.expression(tr("RATE"), tr("a rate"))
  static let entry = CommandEntry(
    "rates set", .sequence([.slot(code), .slot(value)]), tr("record the rate of C in the local currency"),
    examples: ["rates set USD 7.2"], options: [RateImporting.accept.spec], command: Self.self)

  let currency: Currency
  let rate: Expression
  let accept: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(try arguments.value(Self.code))
    rate = try arguments.value(Self.value)
    accept = arguments.has(RateImporting.accept)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let value = try context.number(rate, role: tr("a rate"))
    let portfolio = context.ledger.portfolio
    if RateRules.problem(with: value) == nil && currency != portfolio.local {
      let row = RateRow(
        unit: currency, base: portfolio.local, date: portfolio.today, value: value, source: "manual", isQuote: true)
      try RateImporting.judge(
        [RateChecker.Observation(row, perEuro: nil, isNew: true)], accept: accept, "rates set", context, at: rate.offset
      )
    }
    do {
      try context.ledger.setRate(value, of: currency)
    } catch {
      throw context.failure(tr("rates set: {reason}", ["reason": error.description]), at: rate.offset)
    }
    return .nothing
  }
}

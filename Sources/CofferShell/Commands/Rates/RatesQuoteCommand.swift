import CofferCore
import CofferScript

/// `rates quote C RATE Q at DATE source NAME`: a direct quote as it was set — 1 C = RATE
/// Q on DATE, from NAME — so that a dump can give back the rates a person set, dated and
/// in the currency they were set in. Saved with the other edits.
struct RatesQuoteCommand: Command {
  static let code = TypedSlot.currency()
  static let value = TypedSlot.expression("RATE", "what one unit of C is worth in Q")
  static let quotedIn = TypedSlot.currency("Q", "the currency of the rate")
  static let name = TypedSlot.string("NAME", "the source's name, in quotes")
  static let entry = CommandEntry(
    "rates quote",
    .sequence([.slot(code), .slot(value), .slot(quotedIn), AtDate.grammar, .keyword("source"), .slot(name)]),
    "record a direct quote as it was set (1 C = RATE Q on DATE, from the source NAME); a dump writes these",
    examples: [#"rates quote USD 7.2 CNY at 2026-11-22 source "manual""#],
    usage: #"rates quote C RATE Q at DATE source "NAME""#, command: Self.self)

  let currency: Currency
  let rate: Expression
  let quotedIn: Currency
  let date: CalendarDate
  let source: String

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(try arguments.value(Self.code))
    rate = try arguments.value(Self.value)
    quotedIn = try context.currency(try arguments.value(Self.quotedIn))
    let date = try arguments.value(AtDate.date)
    self.date = try context.dateArgument(date, role: "'at'")
    source = try arguments.value(Self.name).value
    guard currency != quotedIn else {
      throw context.failure("a quote is between two currencies; \(currency.code) is both", at: rate.offset)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let value = try context.number(rate, role: "a rate")
    do {
      try context.ledger.record(
        Quote(currency: currency, quotedIn: quotedIn, value: value, date: date, source: source))
    } catch {
      throw context.failure("rates quote: \(error.description)", at: rate.offset)
    }
    return .nothing
  }
}

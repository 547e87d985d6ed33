import CofferCore
import CofferScript

/// `rates quote C RATE Q at DATE source NAME`: a direct quote as it was set — 1 C = RATE
/// Q on DATE, from NAME — so that a dump can give back the rates a person set, dated and
/// in the currency they were set in. Saved with the other edits.
struct RatesQuoteCommand: Command {
  static let entry = CommandEntry(
    "rates quote",
    .sequence([
      .currency(), .expression("RATE", "what one unit of C is worth in Q"), .currency("Q", "the currency of the rate"),
      .keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'"), .keyword("source"),
      .argument(Slot("NAME", .string, "the source's name, in quotes")),
    ]),
    "record a direct quote as it was set (1 C = RATE Q on DATE, from the source NAME); a dump writes these",
    examples: [#"rates quote USD 7.2 CNY at 2026-11-22 source "manual""#],
    usage: #"rates quote C RATE Q at DATE source "NAME""#, command: Self.self)

  let currency: Currency
  let rate: Expression
  let quotedIn: Currency
  let date: CalendarDate
  let source: String

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard let currency = try context.currency(arguments["C"]), let quotedIn = try context.currency(arguments["Q"]),
      case .expression(let rate) = arguments["RATE"], let (date, _) = try context.date(arguments["DATE"]),
      case .string(let source, _) = arguments["NAME"]
    else {
      throw context.failure("usage: \(Self.entry.usage)", at: arguments.commandOffset)
    }
    guard currency != quotedIn else {
      throw context.failure("a quote is between two currencies; \(currency.code) is both", at: rate.offset)
    }
    (self.currency, self.rate, self.quotedIn, self.date, self.source) = (currency, rate, quotedIn, date, source)
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

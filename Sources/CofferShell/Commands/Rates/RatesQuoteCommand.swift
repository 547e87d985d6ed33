import CofferCore
import CofferScript
import CofferText

/// `rates quote C RATE Q [at DATE] [source NAME]`: a quote between any two units — 1 C =
/// RATE Q on DATE (today), from NAME (`manual`) — kept as typed; a dump gives back the
/// rates a person set this way, dated and in the unit they were set in. Judged by the
/// rates' rules first (`--accept` takes what they find). Saved with the other edits.
struct RatesQuoteCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let value = TypedSlot.expression(tr("RATE"), tr("what one unit of C is worth in Q"))
  static let quotedIn = TypedSlot.currency(tr("Q"), tr("the currency of the rate"))
  static let name = TypedSlot.string(tr("NAME"), tr("the source's name, in quotes"))
  static let entry = CommandEntry(
    "rates quote",
    .sequence([
      .slot(code), .slot(value), .slot(quotedIn), .optional(AtDate.grammar),
      .optional(.sequence([.keyword("source"), .slot(name)])),
    ]),
    tr(
      """
      record a quote between two units: 1 C = RATE Q on DATE (default today), from the source NAME (default \
      manual); a dump writes '--keep-findings' on a quote its store had findings on (taken as it was: neither \
      judged nor accepted)
      """),
    examples: ["rates quote XAU 2650.30 USD", #"rates quote USD 7.2 CNY at 2026-11-22 source "bank""#],
    options: [RateImporting.accept.spec, RateImporting.keepFindings.spec],
    usage: tr("rates quote C RATE Q [at DATE] [source \"NAME\"]"),
    command: Self.self)

  let currency: Currency
  let rate: Expression
  let quotedIn: Currency
  let date: CalendarDate
  let source: String
  let accept: Bool
  /// Taken unjudged, as a dump gives back a quote its store had findings on.
  let keepFindings: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(try arguments.value(Self.code))
    rate = try arguments.value(Self.value)
    quotedIn = try context.currency(try arguments.value(Self.quotedIn))
    date =
      try arguments[AtDate.date].map { expression throws(StatementFailure) in
        try context.dateArgument(expression, role: "'at'")
      } ?? context.ledger.portfolio.today
    source = arguments[Self.name]?.value ?? "manual"
    accept = arguments.has(RateImporting.accept)
    keepFindings = arguments.has(RateImporting.keepFindings)
    guard currency != quotedIn else {
      throw context.failure(
        tr("a quote is between two currencies; {code} is both", ["code": currency.code]), at: rate.offset)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let value = try context.number(rate, role: tr("a rate"))
    if let problem = RateRules.problem(with: value) {
      throw context.failure(tr("rates quote: {reason}", ["reason": "\(problem)"]), at: rate.offset)
    }
    let row = RateRow(unit: currency, base: quotedIn, date: date, value: value, source: source, isQuote: true)
    if !keepFindings {
      try RateImporting.judge(
        [RateChecker.Observation(row, perEuro: nil, isNew: true)], accept: accept, "rates quote", context,
        at: rate.offset)
    }
    do {
      try context.ledger.record(
        Quote(currency: currency, quotedIn: quotedIn, value: value, date: date, source: source))
    } catch {
      throw context.failure(tr("rates quote: {reason}", ["reason": error.description]), at: rate.offset)
    }
    return .nothing
  }
}

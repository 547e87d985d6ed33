import CofferCore
import CofferScript
import CofferText

/// `check rates [from DATE] [to DATE]`: the rules of SPEC §12 over the stored rates, each
/// finding listed on stdout; any finding fails the statement (exit 1).
struct CheckRatesCommand: Command {
  static let entry = CommandEntry(
    "check rates", DateRange.grammar,
    tr(
      """
      list rates that look wrong: stale rates of what you hold, jumps beyond 'rates max-jump', a rate of \
      exactly 1, a pegged unit outside its band, sources apart; fails when there is any
      """),
    examples: ["check rates", "check rates from 2022-01-01 to 2022-12-31"], access: .reads, command: Self.self)

  let range: DateRange
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    range = try DateRange(arguments, context)
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let today = ledger.portfolio.today
    let from = range.from ?? .first
    let to = range.to ?? .last
    var findings: [RateFinding]
    do {
      findings = try ledger.rateFindings(from: from, to: to)
      findings = try staleFindings(on: min(to, today), context) + findings
    } catch {
      throw context.failure(error, at: end)
    }
    guard !findings.isEmpty else {
      return .lines([
        tr(
          "rates: no finding (rates max-age {age}, rates max-jump {jump}%)",
          ["age": String(ledger.maxAge), "jump": "\(ledger.maxJump)"])
      ])
    }
    for finding in findings { context.output.line(finding.description.escapingControlCharacters) }
    throw context.failure(
      tr(
        "check rates: {count} finding (listed above); '--accept' on the command that brought a rate in takes it",
        "check rates: {count} findings (listed above); '--accept' on the command that brought a rate in takes it",
        count: findings.count), at: end)
  }

  /// (a): each held currency whose value on `date` rests on a rate older than `rates
  /// max-age` before it.
  private func staleFindings(on date: CalendarDate, _ context: CommandContext) throws(StoreError) -> [RateFinding] {
    let ledger = context.ledger
    let maxAge = ledger.maxAge
    guard maxAge > 0 else { return [] }
    let portfolio = ledger.portfolio
    let local = portfolio.local
    let book = date == portfolio.today ? portfolio.rates : try ledger.rates(on: date)
    var findings: [RateFinding] = []
    for currency in portfolio.held where currency != local {
      guard case .success(let valuation) = book.valuation(of: currency, in: local, on: date),
        let since = valuation.date
      else { continue }
      let age = date.dayNumber - since.dayNumber
      guard age > maxAge else { continue }
      let row = RateRow(
        unit: currency, base: local, date: since, value: valuation.factor, source: valuation.source, isQuote: true)
      findings.append(RateFinding(.stale(maxAge: maxAge), row, detail: String(age)))
    }
    return findings
  }
}

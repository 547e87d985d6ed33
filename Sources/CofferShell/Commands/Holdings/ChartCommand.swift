import CofferCore
import CofferScript
import LineEditing

/// `chart C|total [from DATE] [to DATE]`: the local value of one unit of C, or of today's
/// holdings, over time (the last year unless told otherwise).
struct ChartCommand: Command {
  static let entry = CommandEntry(
    "chart",
    .sequence([
      .choice([.keyword("total"), .currency()]),
      // `from` and `to` in either order.
      .repeated(
        .choice([
          .sequence([.keyword("from"), .expression("DATE", "a date (YYYY-MM-DD) after 'from'", key: "FROM")]),
          .sequence([.keyword("to"), .expression("DATE", "a date (YYYY-MM-DD) after 'to'", key: "TO")]),
        ])),
    ]), "chart the local value of one unit of C, or of today's holdings, over time",
    examples: ["chart USD from 2020-01-01", "chart total from 2024-01-01 to 2024-12-31"],
    access: .reads, usage: "chart total|C [from DATE] [to DATE]", command: Self.self)

  /// nil for `total`.
  let currency: Currency?
  let from: Expression?
  let to: Expression?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.start(of: "C") ?? arguments.offset(of: "total") ?? arguments.commandOffset
    currency = try context.currency(arguments["C"])
    // Given twice, the last one counts (as with options).
    if case .expression(let from) = arguments.all("FROM").last { self.from = from } else { from = nil }
    if case .expression(let to) = arguments.all("TO").last { self.to = to } else { to = nil }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = context.ledger.portfolio
    var to = portfolio.today
    var from = CalendarDate(dayNumber: to.dayNumber - 365) ?? to
    if let given = self.from { from = try context.dateArgument(given, function: "chart from") }
    if let given = self.to { to = try context.dateArgument(given, function: "chart to") }
    guard from < to else { throw context.failure("chart: 'from' must be before 'to'", at: offset) }
    let local = portfolio.local
    let amounts: [(Currency, DecimalValue)] =
      currency.map { [($0, DecimalValue.one)] } ?? portfolio.held.map { ($0, portfolio.amount(of: $0)) }
    guard !amounts.isEmpty else { throw context.failure("chart total: nothing is held", at: offset) }
    var book: RateBook
    do {
      book = try context.ledger.store.history(of: Set(amounts.map(\.0)), quotesWith: local, from: from, to: to)
    } catch {
      throw context.failure(error, at: offset)
    }
    // Quotes set in this session and not saved yet count as in the total.
    for quote in context.ledger.pending.quotes { book.record(quote) }
    let points = ValueSeries.points(amounts: amounts, local: local, book: book, from: from, to: to)
    guard points.count >= 2 else {
      // Rates carry forward, so with no valuation by `to` for want of the local rate,
      // the local currency has none in the whole range: that is what is missing, not a
      // history.
      let missingLocal = amounts.contains { amount in
        amount.0 != local && book.valuation(of: amount.0, in: local, on: to) == .failure(.noLocalRate(local))
      }
      if missingLocal, amounts.contains(where: { $0.0 != local && book.rate(of: $0.0, on: to) != nil }) {
        throw context.failure("chart: no \(local.code) (local) rate between \(from) and \(to)", at: offset)
      }
      throw context.failure(
        "chart: \(points.count) rate \(points.count == 1 ? "date" : "dates") between \(from) and \(to); a chart needs 2 (rates import a history first)",
        at: offset)
    }
    let output = context.output
    let width = output.isTerminal ? (Terminal.size()?.columns ?? 80) : 80
    let title = currency.map { "1 \($0.code) in \(local.code)" } ?? "total in \(local.code) of today's holdings"
    var lines = [
      "\(title), \(points.first?.date.description ?? "") … \(points.last?.date.description ?? "") (\(points.count) dates)"
    ]
    let chart = BrailleChart(points: points, width: width, height: 12)
    let format: (DecimalValue) -> String =
      currency == nil ? { MoneyText.format($0, local, output: output) } : { $0.rounded(toPlaces: 4).description }
    lines += chart.lines(output: output, format: format)
    return .lines(lines)
  }
}

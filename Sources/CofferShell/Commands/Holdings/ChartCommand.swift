import CofferCore
import CofferScript
import CofferText
import LineEditing

/// `chart C|total [valued] [from DATE] [to DATE]`: the local value of one unit of C, or
/// the total as held at each date (a step where the holdings changed), or with `valued`
/// today's holdings at each date's rates, over time (the last year unless told otherwise).
struct ChartCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let entry = CommandEntry(
    "chart",
    .sequence([
      .choice([.sequence([.keyword("total"), .optional(.keyword("valued"))]), .slot(code)]),
      // `from` and `to` in either order.
      DateRange.grammar,
    ]), tr("chart the local value of one unit of C, or the total as held (valued: today's holdings), over time"),
    examples: ["chart USD from 2020-01-01", "chart total from 2024-01-01 to 2024-12-31", "chart total valued"],
    access: .reads, usage: tr("chart total [valued]|C [from DATE] [to DATE]"), command: Self.self)

  /// nil for `total`.
  let currency: Currency?
  /// `chart total valued`: today's holdings at each date's rates.
  let valued: Bool
  let from: Expression?
  let to: Expression?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.start(of: Self.code) ?? arguments.offset(of: "total") ?? arguments.commandOffset
    currency = try context.currency(arguments[Self.code])
    valued = arguments.has(keyword: "valued")
    // Given twice, the last one counts (as with options).
    from = arguments.all(DateRange.fromDate).last
    to = arguments.all(DateRange.toDate).last
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = context.ledger.portfolio
    var to = portfolio.today
    var from = CalendarDate(dayNumber: to.dayNumber - 365) ?? to
    if let given = self.from { from = try context.dateArgument(given, function: "chart from") }
    if let given = self.to { to = try context.dateArgument(given, function: "chart to") }
    guard from < to else { throw context.failure(tr("chart: 'from' must be before 'to'"), at: offset) }
    let local = portfolio.local
    let held: [(Currency, DecimalValue)]
    /// As held: the dates within the range on which an amount changed.
    var editDates: [CalendarDate]?
    if let currency {
      held = [(currency, DecimalValue.one)]
    } else if valued {
      held = portfolio.held.map { ($0, portfolio.amount(of: $0)) }
    } else {
      // As held: every currency held at some point of the range, and the dates its
      // amount changed on.
      do {
        let entries = try context.ledger.journal(of: nil, from: from, to: to, limit: nil)
        let start = try context.ledger.amounts(on: [from])[0]
        var currencies = Set(entries.map(\.currency))
        currencies.formUnion(context.ledger.units.filter { !start[$0.index].isZero })
        currencies.formUnion(context.ledger.pending.dated.filter { $0.date >= from && $0.date <= to }.map(\.currency))
        if to >= portfolio.today { currencies.formUnion(portfolio.held) }
        held = currencies.sorted { $0.index < $1.index }.map { ($0, DecimalValue.one) }
        let edited = Set(entries.map(\.effective) + context.ledger.pending.dated.map(\.date)).filter {
          $0 >= from && $0 <= to
        }
        editDates = edited.sorted()
      } catch {
        throw context.failure(error, at: offset)
      }
    }
    guard !held.isEmpty else { throw context.failure(tr("chart total: nothing is held"), at: offset) }
    // With the quotes set in this session and not saved yet, which count as in the total.
    let book: RateBook
    do {
      book = try context.ledger.ratesHistory(of: Set(held.map(\.0)), quotesWith: local, from: from, to: to)
    } catch {
      throw context.failure(error, at: offset)
    }
    // As held: the amounts on every date a value may change, read at once.
    var heldOn: (dates: [CalendarDate], amounts: [[DecimalValue]])?
    if let editDates {
      let dates = Set(book.changeDates(of: Set(held.map(\.0)), in: local, from: from, to: to) + editDates).sorted()
      do {
        heldOn = (dates, try context.ledger.amounts(on: dates))
      } catch {
        throw context.failure(error, at: offset)
      }
    }
    let points: [(date: CalendarDate, value: DecimalValue)]
    do {
      if let heldOn {
        points = try ValueSeries.points(dates: heldOn.dates, amounts: heldOn.amounts, local: local, book: book)
      } else {
        points = try ValueSeries.points(amounts: held, local: local, book: book, from: from, to: to)
      }
    } catch {
      throw context.failure(tr("chart: {reason}", ["reason": error.description]), at: offset)
    }
    let amounts = held
    guard points.count >= 2 else {
      // Rates carry forward, so with no valuation by `to` for want of the local rate,
      // the local currency has none in the whole range: that is what is missing, not a
      // history.
      let missingLocal = amounts.contains { amount in
        amount.0 != local && book.valuation(of: amount.0, in: local, on: to) == .failure(.noLocalRate(local))
      }
      if missingLocal, amounts.contains(where: { $0.0 != local && book.rate(of: $0.0, on: to) != nil }) {
        throw context.failure(
          tr(
            "chart: no {code} (local) rate between {from} and {to}",
            ["code": local.code, "from": from.description, "to": to.description]), at: offset)
      }
      throw context.failure(
        tr(
          "chart: {count} rate date between {from} and {to}; a chart needs 2 (rates import a history first)",
          "chart: {count} rate dates between {from} and {to}; a chart needs 2 (rates import a history first)",
          count: points.count, ["from": from.description, "to": to.description]),
        at: offset)
    }
    let output = context.output
    let width = output.isTerminal ? (Terminal.size()?.columns ?? 80) : 80
    let title =
      currency.map { tr("1 {code} in {local}", ["code": $0.code, "local": local.code]) }
      ?? (valued
        ? tr("total in {local} of today's holdings", ["local": local.code])
        : tr("total in {local} as held", ["local": local.code]))
    var lines = [
      tr(
        "{title}, {first} … {last} ({count} date)", "{title}, {first} … {last} ({count} dates)", count: points.count,
        [
          "title": title, "first": points.first?.date.description ?? "",
          "last": points.last?.date.description ?? "",
        ])
    ]
    let chart = BrailleChart(points: points, width: width, height: 12)
    let format: (DecimalValue) -> String =
      currency == nil ? { MoneyText.format($0, local, output: output) } : { $0.rounded(toPlaces: 4).description }
    do {
      lines += try chart.lines(output: output, format: format)
    } catch {
      throw context.failure(tr("chart: {reason}", ["reason": error.description]), at: offset)
    }
    return .lines(lines)
  }
}

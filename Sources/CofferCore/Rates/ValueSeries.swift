/// A value over time, for charts: the local value of fixed amounts at each date on which
/// one of the rates it depends on changed.
package enum ValueSeries {
  /// `amounts` (currency → amount) valued in `local` at every date from `from` to `to`
  /// where a rate changed, carrying each rate forward until its next one. Dates where a
  /// needed rate is not yet known are left out.
  package static func points(
    amounts: [(Currency, DecimalValue)], local: Currency, histories: [Currency: [Rate]], from: CalendarDate,
    to: CalendarDate
  ) -> [(date: CalendarDate, value: DecimalValue)] {
    let currencies = Set(amounts.map(\.0) + [local])
    var dates = Set<CalendarDate>()
    for currency in currencies {
      for rate in histories[currency] ?? [] where rate.date >= from && rate.date <= to { dates.insert(rate.date) }
    }
    var points: [(date: CalendarDate, value: DecimalValue)] = []
    for date in dates.sorted() {
      // The rate in use for each currency on `date`.
      func rate(_ currency: Currency) -> DecimalValue? {
        RateLookup.rate(of: currency, in: histories[currency] ?? [], on: date)?.perEuro
      }
      guard let localRate = rate(local) else { continue }
      var sum = DecimalValue.zero
      var complete = true
      for (currency, amount) in amounts {
        guard let other = rate(currency), let value = try? amount * (localRate / other), let next = try? sum + value
        else {
          complete = false
          break
        }
        sum = next
      }
      if complete { points.append((date, sum)) }
    }
    return points
  }
}

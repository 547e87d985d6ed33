/// A value over time, for charts: the local value of fixed amounts at each date on which
/// one of the rates or quotes it depends on changed.
package enum ValueSeries {
  /// `amounts` (currency → amount) valued in `local` by `book.valuation` (the rule used
  /// everywhere) at every date from `from` to `to` where a rate or quote it depends on
  /// changed. Dates where a needed rate is not yet known are left out.
  package static func points(
    amounts: [(Currency, DecimalValue)], local: Currency, book: RateBook, from: CalendarDate, to: CalendarDate
  ) -> [(date: CalendarDate, value: DecimalValue)] {
    let currencies = Set(amounts.map(\.0))
    var points: [(date: CalendarDate, value: DecimalValue)] = []
    for date in book.changeDates(of: currencies, in: local, from: from, to: to) {
      var sum = DecimalValue.zero
      var complete = true
      for (currency, amount) in amounts {
        guard case .success(let valuation) = book.valuation(of: currency, in: local, on: date),
          let value = try? amount * valuation.factor, let next = try? sum + value
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

  /// Holdings that change over time (`amounts[i]`, per catalog index, held on `dates[i]`)
  /// valued in `local` at each of `dates`: a total as held, where a step is an edit and a
  /// slope the rates. Dates where a needed rate is not yet known are left out.
  package static func points(
    dates: [CalendarDate], amounts: [[DecimalValue]], local: Currency, book: RateBook
  ) -> [(date: CalendarDate, value: DecimalValue)] {
    var points: [(date: CalendarDate, value: DecimalValue)] = []
    for (date, held) in zip(dates, amounts) {
      var sum = DecimalValue.zero
      var complete = true
      for currency in Catalog.all where !held[currency.index].isZero {
        guard case .success(let valuation) = book.valuation(of: currency, in: local, on: date),
          let value = try? held[currency.index] * valuation.factor, let next = try? sum + value
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

/// A value over time, for charts: the local value of fixed amounts at each date on which
/// one of the rates or quotes it depends on changed.
package enum ValueSeries {
  /// `amounts` (currency → amount) valued in `local` by `book.valuation` (the rule used
  /// everywhere) at every date from `from` to `to` where a rate or quote it depends on
  /// changed. Dates where a needed rate is not yet known are left out; a value too large
  /// for a decimal fails the series, naming it.
  package static func points(
    amounts: [(Currency, DecimalValue)], local: Currency, book: RateBook, from: CalendarDate, to: CalendarDate
  ) throws(PortfolioError) -> [(date: CalendarDate, value: DecimalValue)] {
    let currencies = Set(amounts.map(\.0))
    var points: [(date: CalendarDate, value: DecimalValue)] = []
    for date in book.changeDates(of: currencies, in: local, from: from, to: to) {
      if let sum = try value(of: amounts, local: local, book: book, on: date) { points.append((date, sum)) }
    }
    return points
  }

  /// Holdings that change over time (`amounts[i]`, per catalog index, held on `dates[i]`)
  /// valued in `local` at each of `dates`: a total as held, where a step is an edit and a
  /// slope the rates. Dates where a needed rate is not yet known are left out; a value
  /// too large for a decimal fails the series, naming it.
  package static func points(
    dates: [CalendarDate], amounts: [[DecimalValue]], local: Currency, book: RateBook
  ) throws(PortfolioError) -> [(date: CalendarDate, value: DecimalValue)] {
    var points: [(date: CalendarDate, value: DecimalValue)] = []
    for (date, held) in zip(dates, amounts) {
      let amounts = held.indices.filter { !held[$0].isZero }.compactMap { index in
        Currency.at(index).map { ($0, held[index]) }
      }
      if let sum = try value(of: amounts, local: local, book: book, on: date) { points.append((date, sum)) }
    }
    return points
  }

  /// The sum of `amounts` valued on `date`; nil when a rate it needs is not known then.
  private static func value(
    of amounts: [(Currency, DecimalValue)], local: Currency, book: RateBook, on date: CalendarDate
  ) throws(PortfolioError) -> DecimalValue? {
    var sum = DecimalValue.zero
    for (currency, amount) in amounts {
      let valuation: Valuation
      switch book.valuation(of: currency, in: local, on: date) {
      case .success(let found): valuation = found
      case .failure(.arithmetic(let error)): throw .arithmetic(error)
      case .failure: return nil
      }
      do {
        sum = try sum + amount * valuation.factor
      } catch {
        throw .arithmetic(error)
      }
    }
    return sum
  }
}

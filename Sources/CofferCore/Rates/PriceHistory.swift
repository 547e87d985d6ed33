/// The value of one unit of a currency in another over time, as `rate_at` gives it (the
/// valuation of `RateBook`, rounded to `places` decimal places), on each date it changed:
/// what a price database (ledger's `P` lines, beancount's `price`) holds.
package enum PriceHistory {
  /// The places `rate_at` and `rate` round to: a price written with them is read back by
  /// any tool as exactly the value Coffer uses.
  package static let places = 10

  /// One unit of `currency` is worth `value` units of the target from `date` on.
  package struct Price: Sendable, Equatable {
    package let date: CalendarDate
    package let currency: Currency
    package let value: DecimalValue
  }

  /// The prices of `currencies` in `target` on every date in `from...to` on which their
  /// value changed, by date, then in catalog order. The rates and quotes a value rests
  /// on change only on their own dates, so only those dates are valued. When `from` is
  /// given, each currency's first price is the value in effect on `from`, dated `from`:
  /// a tool reading the file values every date of the range as Coffer does.
  package static func changes(
    of currencies: [Currency], in target: Currency, book: RateBook, from: CalendarDate?, to: CalendarDate?
  ) -> [Price] {
    var prices: [Price] = []
    for currency in currencies where currency != target {
      var dates = book.changeDates(of: [currency], in: target, from: from ?? .first, to: to ?? .last)
      if let from, dates.first != from { dates.insert(from, at: 0) }
      var last: DecimalValue?
      for date in dates {
        guard case .success(let valuation) = book.valuation(of: currency, in: target, on: date) else { continue }
        let value = valuation.factor.rounded(toPlaces: places)
        if value == last { continue }
        prices.append(Price(date: date, currency: currency, value: value))
        last = value
      }
    }
    prices.sort { $0.date == $1.date ? $0.currency.index < $1.currency.index : $0.date < $1.date }
    return prices
  }
}

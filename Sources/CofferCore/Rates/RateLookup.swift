/// How a rate is looked up on a date, the one rule everywhere: the latest rate dated on
/// or before that date is the one in use. (EUR, the pivot, is one euro on every date.)
/// In memory it is a binary search of a currency's history (or a pair's quotes); in the
/// store, the same rule is one index seek (`RateDayTable.snapshot(_:onOrBefore:)`).
package enum RateLookup {
  /// The position in `history` (sorted by date) of the latest entry dated on or before
  /// `date`, or nil when every entry is later.
  package static func latest<Entry: Dated>(in history: [Entry], onOrBefore date: CalendarDate) -> Int? {
    // The latest entry is the one most often asked for (today's rates, a day's snapshot).
    if let last = history.indices.last, history[last].date <= date { return last }
    var low = 0
    var high = history.count
    while low < high {
      let middle = (low + high) / 2
      if history[middle].date <= date { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }

  /// The rate of `currency` in use on `date`, from its history sorted by date.
  package static func rate(of currency: Currency, in rates: [Rate], on date: CalendarDate) -> Rate? {
    if let index = latest(in: rates, onOrBefore: date) { return rates[index] }
    return pivot(currency, on: date)
  }

  /// The euro's rate on `date` when it has none of its own: one euro; nil for any other
  /// currency.
  package static func pivot(_ currency: Currency, on date: CalendarDate) -> Rate? {
    currency == Catalog.eur ? Rate(currency: currency, perEuro: .one, date: date, source: "pivot") : nil
  }
}

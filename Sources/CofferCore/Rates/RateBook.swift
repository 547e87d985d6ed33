/// Every known rate of every currency, kept as history and held in memory once read.
package struct RateBook: Sendable {
  /// Per catalog index, sorted by date; at most one rate per date.
  private var history: [[Rate]] = Array(repeating: [], count: Catalog.count)

  package init() {}

  package init(_ rates: some Sequence<Rate>) {
    for rate in rates { record(rate) }
  }

  /// The compiled-in snapshot a new store starts with.
  package static let compiledIn: RateBook = RateBook(
    DefaultRates.entries.compactMap { entry in
      guard let currency = Catalog.currency(entry.code),
        let value = try? DecimalValue(parsing: entry.perEuro),
        let date = CalendarDate(entry.date)
      else { return nil }
      return Rate(currency: currency, perEuro: value, date: date, source: entry.source)
    })

  /// The rate of `currency` in use on `date` (see `RateLookup`).
  package func rate(of currency: Currency, on date: CalendarDate) -> Rate? {
    RateLookup.rate(of: currency, in: history[currency.index], on: date)
  }

  /// Adds a rate, replacing one of the same currency and date.
  package mutating func record(_ rate: Rate) {
    var rates = history[rate.currency.index]
    if let last = rates.last, last.date < rate.date {
      rates.append(rate)
    } else if let same = rates.firstIndex(where: { $0.date == rate.date }) {
      rates[same] = rate
    } else {
      let position = rates.firstIndex(where: { $0.date > rate.date }) ?? rates.count
      rates.insert(rate, at: position)
    }
    history[rate.currency.index] = rates
  }

  /// All rates, oldest first per currency.
  package var allRates: [Rate] { history.flatMap { $0 } }
}

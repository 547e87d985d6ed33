/// Every known rate of every currency, kept as history and held in memory once read.
public struct RateBook: Sendable {
  /// Per catalog index, sorted by date; at most one rate per date.
  private var history: [[Rate]] = Array(repeating: [], count: Catalog.count)

  public init() {}

  public init(_ rates: some Sequence<Rate>) {
    for rate in rates { record(rate) }
  }

  /// The compiled-in snapshot a new store starts with.
  public static let compiledIn: RateBook = RateBook(
    DefaultRates.entries.compactMap { entry in
      guard let currency = Catalog.currency(entry.code),
        let value = try? DecimalValue(parsing: entry.perEuro),
        let date = CalendarDate(entry.date)
      else { return nil }
      return Rate(currency: currency, perEuro: value, date: date, source: entry.source)
    })

  /// The latest rate of `currency` dated on or before `date`.
  public func rate(of currency: Currency, on date: CalendarDate) -> Rate? {
    let rates = history[currency.index]
    // Binary search for the last rate whose date is <= date.
    var low = 0
    var high = rates.count
    while low < high {
      let middle = (low + high) / 2
      if rates[middle].date <= date { low = middle + 1 } else { high = middle }
    }
    if low > 0 { return rates[low - 1] }
    // EUR is the pivot: one euro is one euro on every date, stored or not.
    return currency == Catalog.eur ? Rate(currency: currency, perEuro: .one, date: date, source: "pivot") : nil
  }

  /// Adds a rate, replacing one of the same currency and date.
  public mutating func record(_ rate: Rate) {
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
  public var allRates: [Rate] { history.flatMap { $0 } }
}

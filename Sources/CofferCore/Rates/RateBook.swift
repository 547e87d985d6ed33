/// Every known rate and direct quote, kept as history and held in memory once read, and
/// the rule that values one currency in another with them (`valuation`).
package struct RateBook: Sendable {
  /// Euro rates per catalog index, sorted by date; at most one rate per date.
  private var history: [[Rate]] = Array(repeating: [], count: Catalog.count)
  /// Direct quotes per pair, sorted by date; at most one quote per pair and date.
  private var quoteHistory: [QuotePair: [Quote]] = [:]

  package init() {}

  package init(_ rates: some Sequence<Rate>, quotes: some Sequence<Quote> = [Quote]()) {
    for rate in rates { record(rate) }
    for quote in quotes { record(quote) }
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

  // MARK: - Lookups

  /// The euro rate of `currency` in use on `date` (see `RateLookup`).
  package func rate(of currency: Currency, on date: CalendarDate) -> Rate? {
    RateLookup.rate(of: currency, in: history[currency.index], on: date)
  }

  /// The latest direct quote between the two currencies dated on or before `date`.
  package func quote(between one: Currency, and other: Currency, on date: CalendarDate) -> Quote? {
    guard let quotes = quoteHistory[QuotePair(one, other)], let index = RateLookup.latest(in: quotes, onOrBefore: date)
    else { return nil }
    return quotes[index]
  }

  /// What one unit of `currency` is worth in `target` on `date`: the freshest of a
  /// direct quote between the two (either way round) and the cross rate through the
  /// euro, r(target) ÷ r(currency), which is as old as its older leg. The later date
  /// wins; a direct quote wins a tie. Fails naming the missing rate: the target's own
  /// when it has none (so nothing can be crossed into it), else the currency's.
  package func valuation(
    of currency: Currency, in target: Currency, on date: CalendarDate
  ) -> Result<Valuation, PortfolioError> {
    if currency == target { return .success(Valuation(factor: .one, date: nil, source: "", kind: .same)) }
    let targetRate = rate(of: target, on: date)
    let direct: Valuation?
    let cross: Valuation?
    // A quotient too large for a decimal is no missing rate: it is said as what it is.
    do throws(DecimalError) {
      direct = try quote(between: currency, and: target, on: date).map { quote throws(DecimalError) in
        try Self.directValuation(quote, of: currency)
      }
      if let targetRate, let rate = rate(of: currency, on: date) {
        cross = try Self.crossValuation(targetRate, over: rate)
      } else {
        cross = nil
      }
    } catch {
      return .failure(.arithmetic(error))
    }
    switch (direct, cross) {
    case (let direct?, let cross?):
      // The later date wins; the direct quote wins a tie.
      if let directDate = direct.date, let crossDate = cross.date, directDate < crossDate { return .success(cross) }
      return .success(direct)
    case (let direct?, nil): return .success(direct)
    case (nil, let cross?): return .success(cross)
    case (nil, nil): return .failure(targetRate == nil ? .noLocalRate(target) : .noRate([currency]))
    }
  }

  /// A quote as a valuation of `currency`: its value as typed, or its inverse when it
  /// was typed the other way round.
  private static func directValuation(_ quote: Quote, of currency: Currency) throws(DecimalError) -> Valuation {
    let factor: DecimalValue
    if quote.currency == currency {
      factor = quote.value
    } else {
      factor = try (DecimalValue.one / quote.value).rounded(toSignificantDigits: Valuation.ratioDigits)
    }
    return Valuation(factor: factor, date: quote.date, source: quote.source, kind: .direct)
  }

  /// r(target) ÷ r(valued), dated and sourced by its older leg (the valued currency's on
  /// a tie; the euro pivot is never the older leg, being one euro on every date).
  private static func crossValuation(_ target: Rate, over valued: Rate) throws(DecimalError) -> Valuation {
    let quotient = try target.perEuro / valued.perEuro
    let older: Rate
    if valued.currency == Catalog.eur {
      older = target
    } else if target.currency == Catalog.eur {
      older = valued
    } else {
      older = target.date < valued.date ? target : valued
    }
    return Valuation(
      factor: quotient.rounded(toSignificantDigits: Valuation.ratioDigits), date: older.date, source: older.source,
      kind: .cross)
  }

  // MARK: - Changes

  /// Adds a rate, replacing one of the same currency and date.
  package mutating func record(_ rate: Rate) {
    Self.insert(rate, into: &history[rate.currency.index])
  }

  /// Adds a direct quote, replacing one of the same pair and date.
  package mutating func record(_ quote: Quote) {
    Self.insert(quote, into: &quoteHistory[quote.pair, default: []])
  }

  /// Inserts `entry` in date order, replacing an entry of the same date.
  private static func insert<Entry: Dated>(_ entry: Entry, into entries: inout [Entry]) {
    if let last = entries.last, last.date < entry.date {
      entries.append(entry)
    } else if let same = entries.firstIndex(where: { $0.date == entry.date }) {
      entries[same] = entry
    } else {
      let position = entries.firstIndex(where: { $0.date > entry.date }) ?? entries.count
      entries.insert(entry, at: position)
    }
  }

  /// The rates of one currency, oldest first.
  package func rates(of currency: Currency) -> [Rate] { history[currency.index] }

  /// All rates, oldest first per currency.
  package var allRates: [Rate] { history.flatMap { $0 } }

  /// All direct quotes, oldest first per pair.
  package var allQuotes: [Quote] { quoteHistory.sorted { $0.key < $1.key }.flatMap(\.value) }

  /// Every date in `from...to` on which a rate of one of `currencies`, or a quote
  /// between one of them and `target`, took effect: where a value can change.
  package func changeDates(
    of currencies: Set<Currency>, in target: Currency, from: CalendarDate, to: CalendarDate
  ) -> [CalendarDate] {
    var dates = Set<CalendarDate>()
    for currency in currencies.union([target]) {
      for rate in history[currency.index] where rate.date >= from && rate.date <= to { dates.insert(rate.date) }
      for quote in quoteHistory[QuotePair(currency, target)] ?? [] where quote.date >= from && quote.date <= to {
        dates.insert(quote.date)
      }
    }
    return dates.sorted()
  }
}

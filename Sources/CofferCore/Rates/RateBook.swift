/// Every known rate and direct quote, kept as history and held in memory once read, and
/// the rule that values one currency in another with them (`valuation`).
package struct RateBook: Sendable {
  /// Euro rates per catalog index, sorted by date; at most one rate per date. Empty while
  /// the book holds `day` instead.
  private var history: [[Rate]]
  /// The rates of the stored day the book was made from, while nothing has been recorded
  /// in it since: one rate a currency, kept as read and looked up there, made into the
  /// `history` above only when a rate is recorded. (A total by month makes a book for
  /// every month, and asks each for a factor a currency.)
  private var day: DayRates?
  /// Direct quotes per pair, sorted by date; at most one quote per pair and date.
  private var quoteHistory: [QuotePair: [Quote]] = [:]

  package init() {
    history = Array(repeating: [], count: Currency.indexCount)
  }

  package init(_ rates: some Sequence<Rate>, quotes: some Sequence<Quote> = [Quote]()) {
    self.init()
    for rate in rates { record(rate) }
    for quote in quotes { record(quote) }
  }

  /// The rates and quotes of one day's stored snapshot.
  init(snapshot: RateSnapshot, sources: SourceNames) {
    history = []
    day = DayRates(snapshot: snapshot, sources: sources)
    for quote in snapshot.allQuotes(sources: sources) { record(quote) }
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
    if let day { return day.rate(of: currency, on: date) ?? RateLookup.pivot(currency, on: date) }
    return RateLookup.rate(of: currency, in: history[currency.index], on: date)
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
    let cross: Valuation?
    // A quotient too large for a decimal is no missing rate: it is said as what it is.
    do throws(DecimalError) {
      if let targetRate, let valuedRate = rate(of: currency, on: date) {
        cross = try Self.crossValuation(targetRate, over: valuedRate)
      } else {
        cross = nil
      }
    } catch {
      return .failure(.arithmetic(error))
    }
    // Most books hold no quote at all: then the cross rate is the answer, or there is none.
    if quoteHistory.isEmpty {
      if let cross { return .success(cross) }
      return .failure(targetRate == nil ? .noLocalRate(target) : .noRate([currency]))
    }
    let direct: Valuation?
    do throws(DecimalError) {
      direct = try quote(between: currency, and: target, on: date).map { quote throws(DecimalError) in
        try Self.directValuation(quote, of: currency)
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

  /// `valuation(of:in:on:)`'s factor in a book with no quote, whose valuations are all
  /// cross rates: the quotient found without the `Valuation` around it (a total by month
  /// asks this some five thousand times), or which rate is missing. nil when the book
  /// has quotes or `currency` is `target`: `valuation` answers then. `dayNumber` is
  /// `date`'s.
  package func crossFactor(of currency: Currency, in target: Currency, on date: CalendarDate, dayNumber: Int)
    -> CrossFactor?
  {
    guard quoteHistory.isEmpty, currency != target else { return nil }
    // As `valuation` fails: the target's rate missing first, then the currency's, then a
    // quotient that cannot be computed.
    guard let targetPerEuro = perEuro(of: target, on: date, dayNumber) else { return .noTargetRate }
    guard let perEuro = perEuro(of: currency, on: date, dayNumber) else { return .noRate }
    do throws(DecimalError) {
      return .factor(try (targetPerEuro / perEuro).rounded(toSignificantDigits: Valuation.ratioDigits))
    } catch {
      return .arithmetic(error)
    }
  }

  /// What `crossFactor` finds.
  package enum CrossFactor: Sendable {
    case factor(DecimalValue)
    /// The target has no rate: nothing can be crossed into it.
    case noTargetRate
    /// The valued currency has no rate.
    case noRate
    /// A quotient too large for a decimal (said as what it is, as `valuation` says it).
    case arithmetic(DecimalError)
  }

  /// r(currency) in use on `date` (day number `dayNumber`), as `rate(of:on:)` finds it,
  /// without its date and source.
  private func perEuro(of currency: Currency, on date: CalendarDate, _ dayNumber: Int) -> DecimalValue? {
    if let day, let held = day.held(currency, onOrBefore: dayNumber) { return held.perEuro }
    if day == nil {
      let rates = history[currency.index]
      if let index = RateLookup.latest(in: rates, onOrBefore: date) { return rates[index].perEuro }
    }
    return currency == Catalog.eur ? .one : nil
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
    if let day {
      let end = AddedUnits.indexEnd
      history = (0..<Currency.indexCount).map { index in
        index < end ? Currency.at(index).map { day.rates(of: $0) } ?? [] : []
      }
      self.day = nil
    }
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
  package func rates(of currency: Currency) -> [Rate] { day?.rates(of: currency) ?? history[currency.index] }

  /// All rates, oldest first per currency.
  package var allRates: [Rate] {
    (0..<AddedUnits.indexEnd).flatMap { index in Currency.at(index).map { rates(of: $0) } ?? [] }
  }

  /// All direct quotes, oldest first per pair.
  package var allQuotes: [Quote] { quoteHistory.sorted { $0.key < $1.key }.flatMap(\.value) }

  /// Every date in `from...to` on which a rate of one of `currencies`, or a quote
  /// between one of them and `target`, took effect: where a value can change.
  package func changeDates(
    of currencies: Set<Currency>, in target: Currency, from: CalendarDate, to: CalendarDate
  ) -> [CalendarDate] {
    var dates = Set<CalendarDate>()
    for currency in currencies.union([target]) {
      for rate in rates(of: currency) where rate.date >= from && rate.date <= to { dates.insert(rate.date) }
      for quote in quoteHistory[QuotePair(currency, target)] ?? [] where quote.date >= from && quote.date <= to {
        dates.insert(quote.date)
      }
    }
    return dates.sorted()
  }
}

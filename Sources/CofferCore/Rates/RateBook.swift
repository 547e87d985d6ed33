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
  /// The pegs the store keeps (`rates peg`): within its dates a peg values its unit.
  package var pegs = Pegs()

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

  /// Whether every value is a cross rate through the euro: no quote, no peg.
  package var valuesThroughTheEuroAlone: Bool { quoteHistory.isEmpty && pegs.isEmpty }

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

  /// What one unit of `currency` is worth in `target` on `date`, by the fixed order of
  /// SPEC §12: the freshest of a direct quote between the two (either way round); a peg
  /// of `currency` (then its anchor's value) or of `target`; a recorded quote between
  /// `currency` and another unit (then that unit's value); and the cross rate through the
  /// euro, r(target) ÷ r(currency). A path is as old as its oldest leg; on a tie the
  /// earlier in that order wins. A path that comes back to a unit it passed is skipped:
  /// never a search for the shortest chain. Fails naming the missing rate: the target's
  /// own when it has none (so nothing can be crossed into it), else the currency's.
  package func valuation(
    of currency: Currency, in target: Currency, on date: CalendarDate
  ) -> Result<Valuation, PortfolioError> {
    valuation(of: currency, in: target, on: date, passed: [])
  }

  private func valuation(
    of currency: Currency, in target: Currency, on date: CalendarDate, passed: Set<Currency>
  ) -> Result<Valuation, PortfolioError> {
    if currency == target { return .success(Valuation(factor: .one, date: nil, source: "", kind: .same)) }
    let passed = passed.union([currency])
    var best: Valuation?
    // A later path wins; a tie keeps the earlier one.
    func consider(_ candidate: Valuation?) {
      guard let candidate else { return }
      if let known = best, (candidate.date ?? date) <= (known.date ?? date) { return }
      best = candidate
    }
    do throws(DecimalError) {
      // 1. A direct quote between the two.
      if !quoteHistory.isEmpty, let quote = quote(between: currency, and: target, on: date) {
        consider(try Self.directValuation(quote, of: currency))
      }
      // 2. A peg: of the currency (then its anchor's value), or of the target (the
      // currency's value in the anchor, then the peg).
      if !pegs.isEmpty {
        if let peg = pegs.peg(of: currency, on: date), !passed.contains(peg.anchor) {
          let leg = try Self.pegLeg(peg, from: currency)
          if case .success(let rest) = valuation(of: peg.anchor, in: target, on: date, passed: passed) {
            consider(try Self.chain([leg], rest, on: date))
          }
        }
        if let peg = pegs.peg(of: target, on: date), !passed.contains(peg.anchor) || peg.anchor == currency {
          let leg = try Self.pegLeg(peg, from: peg.anchor)
          if case .success(let first) = valuation(
            of: currency, in: peg.anchor, on: date, passed: passed.union([target]))
          {
            consider(
              try Self.chain(
                first.path, Valuation(factor: leg.rate, date: nil, source: "peg", kind: .chained, path: [leg]),
                on: date, firstFactor: first.factor))
          }
        }
      }
      // 3. A recorded quote of the currency in another unit, then that unit's value.
      if !quoteHistory.isEmpty {
        for (pair, quotes) in quoteHistory.sorted(by: { $0.key < $1.key }) where pair.contains(currency) {
          let otherIndex = pair.first == currency.index ? pair.second : pair.first
          guard let other = Currency.at(otherIndex), other != target, !passed.contains(other),
            let index = RateLookup.latest(in: quotes, onOrBefore: date)
          else { continue }
          // A quote that prices the currency (1 C = x Q): its inverse prices Q, and
          // valuing C through it would make a quote of Q in C value C.
          guard quotes[index].currency == currency else { continue }
          let first = try Self.directValuation(quotes[index], of: currency)
          if case .success(let rest) = valuation(of: other, in: target, on: date, passed: passed) {
            consider(try Self.chain(first.path, rest, on: date, firstFactor: first.factor))
          }
        }
      }
      // 4. The cross rate through the euro, unless a peg decides either side's value.
      if pegs.peg(of: currency, on: date) == nil && pegs.peg(of: target, on: date) == nil,
        let targetRate = rate(of: target, on: date), let valuedRate = rate(of: currency, on: date)
      {
        consider(try Self.crossValuation(targetRate, over: valuedRate))
      }
    } catch {
      return .failure(.arithmetic(error))
    }
    if let best { return .success(best) }
    return .failure(
      rate(of: target, on: date) == nil && pegs.peg(of: target, on: date) == nil
        ? .noLocalRate(target) : .noRate([currency]))
  }

  /// A peg as a leg from `unit`: from the pegged unit, 1 unit = 1/RATE anchor; from the
  /// anchor, 1 anchor = RATE unit.
  private static func pegLeg(_ peg: Peg, from unit: Currency) throws(DecimalError) -> ValueLeg {
    if unit == peg.anchor {
      return ValueLeg(from: peg.anchor, to: peg.unit, rate: peg.rate, date: nil, source: "peg", kind: .peg(peg))
    }
    let rate = try (DecimalValue.one / peg.rate).rounded(toSignificantDigits: Valuation.ratioDigits)
    return ValueLeg(from: peg.unit, to: peg.anchor, rate: rate, date: nil, source: "peg", kind: .peg(peg))
  }

  /// The legs `first` then the path `rest`: their factors multiplied, dated by the oldest
  /// dated leg (the date asked when every leg is a peg) and sourced by it.
  private static func chain(
    _ first: [ValueLeg], _ rest: Valuation, on date: CalendarDate, firstFactor: DecimalValue? = nil
  ) throws(DecimalError) -> Valuation {
    let path = first + rest.path
    var factor = firstFactor ?? .one
    if firstFactor == nil { for leg in first { factor = try factor * leg.rate } }
    factor = try (factor * rest.factor).rounded(toSignificantDigits: Valuation.ratioDigits)
    let oldest = path.filter { $0.date != nil }.min { $0.date! < $1.date! }
    return Valuation(
      factor: factor, date: oldest?.date ?? date, source: oldest?.source ?? "peg", kind: .chained, path: path)
  }

  /// `valuation(of:in:on:)`'s factor in a book with no quote, whose valuations are all
  /// cross rates: the quotient found without the `Valuation` around it (a total by month
  /// asks this some five thousand times), or which rate is missing. nil when the book
  /// has quotes or `currency` is `target`: `valuation` answers then. `dayNumber` is
  /// `date`'s.
  package func crossFactor(of currency: Currency, in target: Currency, on date: CalendarDate, dayNumber: Int)
    -> CrossFactor?
  {
    guard valuesThroughTheEuroAlone, currency != target else { return nil }
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
    let leg = ValueLeg(
      from: currency, to: quote.currency == currency ? quote.quotedIn : quote.currency, rate: factor, date: quote.date,
      source: quote.source, kind: .quote)
    return Valuation(factor: factor, date: quote.date, source: quote.source, kind: .direct, path: [leg])
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
    let factor = quotient.rounded(toSignificantDigits: Valuation.ratioDigits)
    let leg = ValueLeg(
      from: valued.currency, to: target.currency, rate: factor, date: older.date, source: older.source,
      kind: .pivot(from: valued, to: target))
    return Valuation(factor: factor, date: older.date, source: older.source, kind: .cross, path: [leg])
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
    // A value may go through a quote's other unit or a peg's anchor (SPEC §12): their
    // rates' dates count too, and the dates of every quote of these units.
    var units = currencies.union([target])
    for peg in pegs.all where units.contains(peg.unit) || units.contains(peg.anchor) {
      units.formUnion([peg.unit, peg.anchor])
      for date in [peg.from, peg.to] where date >= from && date <= to { dates.insert(date) }
    }
    for (pair, quotes) in quoteHistory where units.contains(where: pair.contains) {
      for quote in quotes where quote.date >= from && quote.date <= to { dates.insert(quote.date) }
      units.formUnion([quotes[0].currency, quotes[0].quotedIn])
    }
    for currency in units {
      for rate in rates(of: currency) where rate.date >= from && rate.date <= to { dates.insert(rate.date) }
    }
    return dates.sorted()
  }
}

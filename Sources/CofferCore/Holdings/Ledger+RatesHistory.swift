/// The rates through time as commands read them (`chart`, `rates export`, `dump`).
extension Ledger {
  /// The rates of `currencies` and their quotes with `target` dated in `from...to`, plus
  /// those in use when the range starts; with the quotes set in this session and not yet
  /// saved, which count as they do in `rate_at()`.
  package func ratesHistory(
    of currencies: Set<Currency>, quotesWith target: Currency, from: CalendarDate, to: CalendarDate
  ) throws(StoreError) -> RateBook {
    var book = try store.history(of: currencies, quotesWith: target, from: from, to: to)
    for quote in pending.quotes { book.record(quote) }
    return book
  }

  /// Each day on which a rate or quote was saved, oldest first, with the rates and quotes
  /// recorded that very day (see `Store.recordedRates`).
  package func recordedRates(_ body: (CalendarDate, [Rate], [Quote], [RateRow]) -> Void) throws(StoreError) {
    try store.recordedRates(body)
  }

  /// What the rules of SPEC §12 find in the stored rates dated `from...to`.
  package func rateFindings(from: CalendarDate, to: CalendarDate) throws(StoreError) -> [RateFinding] {
    try store.rateFindings(from: from, to: to)
  }

  // MARK: - The rates' rules

  /// Adds a peg (replacing one of the unit's from the same day); why not, or nil.
  package func addPeg(_ peg: Peg) throws(StoreError) -> String? {
    let refusal = try writing { store throws(StoreError) in try store.changePegs { $0.add(peg) } }
    if refusal == nil { try reloadEverything() }
    return refusal
  }

  /// Removes the pegs of `unit` (the one from `from` only, when given); how many.
  package func removePegs(of unit: Currency, from: CalendarDate?) throws(StoreError) -> Int {
    var removed = 0
    _ = try writing { store throws(StoreError) in
      try store.changePegs { pegs in
        removed = pegs.remove(unit, from: from)
        return nil
      }
    }
    try reloadEverything()
    return removed
  }

  package func pegs() throws(StoreError) -> Pegs { try store.pegs() }

  /// Sets `rates max-age` (days) or `rates max-jump` (percent).
  package func setRateSetting(maxAge: Int? = nil, maxJump: DecimalValue? = nil) throws(StoreError) {
    try writing { store throws(StoreError) in try store.setRateSetting(maxAge: maxAge, maxJump: maxJump) }
    try reloadEverything()
  }

  /// What the rules find in `rows`, about to be recorded, against the stored rates of
  /// their dates and the 31 days each side: the rows of one statement (`rates set`,
  /// `rates quote`, `rates record`), judged before anything is recorded.
  package func findings(recording rows: [RateChecker.Observation]) throws(StoreError) -> [RateFinding] {
    guard let first = rows.map(\.row.date).min(), let last = rows.map(\.row.date).max() else { return [] }
    let window = RateChecker.jumpWindow
    let from = CalendarDate(dayNumber: max(first.dayNumber - window, CalendarDate.first.dayNumber)) ?? first
    let to = CalendarDate(dayNumber: min(last.dayNumber + window, CalendarDate.last.dayNumber)) ?? last
    let rules = try store.rateRules()
    var units = Set(rows.map(\.row.unit))
    for row in rows {
      units.insert(row.row.base)
      // A pegged unit is judged against its anchor's rate, whether or not the statement
      // gives one.
      if let peg = rules.pegs.peg(of: row.row.unit, on: row.row.date) { units.insert(peg.anchor) }
    }
    units.remove(Catalog.eur)
    var stored: [RateChecker.Observation] = []
    // The units' rates in euros and their quotes with the first row's base, in one read
    // of the days around; and those recorded in this session, not yet saved.
    let base = rows[0].row.base
    var book = try store.history(of: units, quotesWith: base, from: from, to: to)
    if !pending.rates.isEmpty {
      // The session's book holds what it recorded, sorted by date (a dump replayed records
      // thousands of days before it saves). A new rate is compared with its unit's rate
      // just before it and the one just after it, and those of its own day: only those are
      // taken, found by a search, not the whole window around it.
      let dayBefore = CalendarDate(dayNumber: first.dayNumber - 1) ?? first
      for unit in units {
        let recorded = portfolio.rates.rates(of: unit)
        guard !recorded.isEmpty else { continue }
        let before = RateLookup.latest(in: recorded, onOrBefore: dayBefore)
        var index = before ?? 0
        var pastLast = 0
        while index < recorded.count, recorded[index].date <= to, pastLast < 1 {
          let rate = recorded[index]
          if rate.date > last { pastLast += 1 }
          // The one just before, however old: a rate of exactly 1 is compared with it.
          if rate.date >= from || index == before { book.record(rate) }
          index += 1
        }
      }
    }
    for quote in pending.quotes where quote.date >= from && quote.date <= to { book.record(quote) }
    // Rates given in another base are judged in it: the stored ones as `rate_quoted`
    // keeps them, and those of this session as it recorded them.
    var asGiven: [GivenKey: RateRow] = [:]
    for row in try store.ratesAsGiven(from: from, to: to) {
      asGiven[GivenKey(unit: row.unit, day: row.date, source: row.source)] = row
    }
    for given in pending.asGiven where given.date >= from && given.date <= to {
      asGiven[GivenKey(unit: given.currency, day: given.date, source: given.source)] = RateRow(
        unit: given.currency, base: given.base, date: given.date, value: given.value, source: given.source)
    }
    for unit in units {
      // From the rate in use when the window opens, however old (rule (c) compares a rate
      // of exactly 1 with the one before it, as an import and `check rates` do).
      let rates = book.rates(of: unit)
      let opening = max((rates.firstIndex { $0.date >= from } ?? rates.count) - 1, 0)
      for rate in rates[opening...] {
        let row =
          asGiven[GivenKey(unit: unit, day: rate.date, source: rate.source)]
          ?? RateRow(unit: unit, base: Catalog.eur, date: rate.date, value: rate.perEuro, source: rate.source)
        stored.append(RateChecker.Observation(row, perEuro: rate.perEuro, isNew: false))
      }
    }
    for quote in book.allQuotes where quote.date >= from {
      let asTyped = RateRow(
        unit: quote.currency, base: quote.quotedIn, date: quote.date, value: quote.value, source: quote.source,
        isQuote: true)
      stored.append(RateChecker.Observation(asTyped, perEuro: nil, isNew: false))
    }
    // The new rows replace stored ones of the same series, day and source.
    let replaced = Set(rows.map { SeriesDay($0.row) })
    stored.removeAll { replaced.contains(SeriesDay($0.row)) }
    let all = (stored + rows).sorted { $0.row.date < $1.row.date }
    var checker = RateChecker(rules: rules)
    for observation in all {
      checker.observe(observation)
      if observation.isNew, !observation.row.isQuote,
        let peg = checker.rules.pegs.peg(of: observation.row.unit, on: observation.row.date)
      {
        let anchor =
          peg.anchor == Catalog.eur
          ? DecimalValue.one
          : all.last { $0.row.unit == peg.anchor && !$0.row.isQuote && $0.row.date <= observation.row.date }?.perEuro
        checker.judgeBand(observation, anchorPerEuro: anchor)
      }
    }
    return checker.findings
  }

  /// Remembers `rows` as accepted.
  package func accept(_ rows: [RateRow]) throws(StoreError) {
    try writing { store throws(StoreError) in try store.accept(rows) }
  }

  /// The rates accepted past a finding.
  package func acceptedRates() throws(StoreError) -> Set<AcceptedRate> { try store.acceptedRates() }
}

/// A rate's series (unit, base, direction), day and source: what a new rate replaces.
/// A stored rate's unit, day and source: how its form as given is found.
private struct GivenKey: Hashable {
  let unit: Currency
  let day: CalendarDate
  let source: String
}

private struct SeriesDay: Hashable {
  let unit: Int
  let base: Int
  let isQuote: Bool
  let day: Int
  let source: String

  init(_ row: RateRow) {
    unit = row.unit.index
    base = row.base.index
    isQuote = row.isQuote
    day = row.date.dayNumber
    source = row.source
  }
}

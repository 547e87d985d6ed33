/// One person's holdings as a session sees them: the portfolio in memory, the pending
/// batch of unsaved commits, and the store behind both.
///
/// A commit changes memory at once and joins the pending batch; nothing touches the
/// disk until `save`. Before each statement the shell calls `refresh`, which reloads
/// what another process saved.
package final class Ledger {
  package let portfolio: Portfolio
  package let store: Store
  package let counters: Counters
  package private(set) var pending = PendingBatch()
  /// Per currency, the amount the store held when this session last read it: what a
  /// save compares against to notice another session's change.
  private var base = [DecimalValue](repeating: .zero, count: Catalog.count)
  private var ratesRevision = 0
  /// How many times `refresh` found that another process had saved: what a caller that
  /// waits for changes (`watch`) compares, at no cost beyond the check itself.
  package private(set) var reloads = 0

  package init(location: StoreLocation, counters: Counters = Counters(), today: CalendarDate = .today())
    throws(StoreError)
  {
    self.counters = counters
    store = try Store(location: location, counters: counters)
    let state = try store.load(knownRatesRevision: nil, today: today)
    portfolio = Portfolio(
      local: state.local ?? Catalog.cny, rates: state.rates ?? RateBook(), today: today, counters: counters)
    apply(state)
  }

  // MARK: - Commits

  /// Sets an amount in memory and adds it to the pending batch; false if unchanged.
  ///
  /// `seen` is the amount the person was looking at when they typed this one (a sheet
  /// field's value when it took the focus). If another session saved a different
  /// amount since, the edit is based on `seen`, so saving it is a conflict rather than
  /// a silent overwrite of the other session's save.
  @discardableResult
  package func commit(_ amount: DecimalValue, of currency: Currency, seen: DecimalValue? = nil) -> Bool {
    guard portfolio.setAmount(amount, of: currency) else { return false }
    counters.commits += 1
    if let seen, pending.amount(of: currency) == nil {
      base[currency.index] = seen
    }
    pending.set(amount, of: currency, savedAmount: base[currency.index])
    return true
  }

  /// Records that 1 `currency` is worth `rate` local units, today, source `manual`: a
  /// direct quote, kept exactly as typed (see `Quote`).
  package func setRate(_ rate: DecimalValue, of currency: Currency) throws(LedgerError) {
    guard rate > .zero else { throw .nonPositiveRate }
    let local = portfolio.local
    guard currency != local else {
      guard rate == .one else { throw .localRateIsOne(local) }
      return
    }
    let quote = Quote(currency: currency, quotedIn: local, value: rate, date: portfolio.today, source: "manual")
    portfolio.record(quote)
    pending.add(quote)
  }

  package func setLocal(_ currency: Currency) {
    guard currency != portfolio.local else { return }
    portfolio.setLocal(currency)
    pending.setLocal(currency)
  }

  // MARK: - Rates

  /// Stores an import's rates, already read and converted to the euro pivot, in one
  /// transaction, and reloads the rates in use if any changed. The ledger reads no files:
  /// the rates come parsed (RateFiles reads rates files and hands their rates over here).
  /// `shouldStop` is asked as the days are written (the shell answers whether a signal is
  /// pending): once it is true the transaction is rolled back and `.stopped` returned.
  /// `progress` is told how many of the rates are written so far, out of how many.
  package func storeImportedRates(
    _ rates: [Rate], shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
    let stored = try store.importRates(rates, shouldStop: shouldStop, progress: progress)
    if case .stored(let changed) = stored, changed > 0 {
      apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
    }
    return stored
  }

  /// The rates in use on a past (or future) date.
  package func rates(on date: CalendarDate) throws(StoreError) -> RateBook {
    var book = try store.rates(on: date)
    for quote in pending.quotes where quote.date <= date { book.record(quote) }
    return book
  }

  /// Closes the store; the ledger is not used afterwards.
  package func close() {
    store.close()
  }

  // MARK: - Store

  /// Writes the pending batch in one transaction. On failure the batch stays in memory.
  /// A currency another session changed meanwhile is a conflict: the rest of the batch
  /// is saved, the conflicting edits stay pending, and the conflict is thrown. Returns
  /// how many holdings were written.
  @discardableResult
  package func save(force: Bool = false) throws(StoreError) -> Int {
    guard !pending.isEmpty else { return 0 }
    let before = counters.rowsWritten
    let outcome = try store.save(pending, base: base, ratesRevision: ratesRevision, force: force)
    ratesRevision = outcome.ratesRevision
    var kept = PendingBatch()
    for (currency, amount) in pending.amounts {
      if outcome.conflicts.contains(where: { $0.currency == currency }) {
        // Still based on what this session saw: the next save conflicts again, until
        // `save --force` or an edit to their value.
        kept.set(amount, of: currency, savedAmount: base[currency.index])
      } else {
        base[currency.index] = amount
      }
    }
    pending = kept
    if !outcome.conflicts.isEmpty { throw .conflict(outcome.conflicts) }
    return counters.rowsWritten - before
  }

  /// Makes the next `refresh` read every amount from the store, whatever
  /// `data_version` says (after reverting edits that were pending here).
  package func reloadBeforeNextStatement() {
    store.forgetDataVersion()
  }

  /// Reloads what another process saved since the last check. Pending edits stay:
  /// a currency both sessions changed is a conflict at the next save, not a silent loss.
  /// Returns the currencies whose amounts changed in memory.
  @discardableResult
  package func refresh() throws(StoreError) -> [Currency] {
    guard try store.changedElsewhere() else { return [] }
    reloads += 1
    let state = try store.load(knownRatesRevision: ratesRevision, today: portfolio.today)
    return apply(state)
  }

  @discardableResult
  private func apply(_ state: StoredState) -> [Currency] {
    var changed: [Currency] = []
    for currency in Catalog.all where pending.amount(of: currency) == nil {
      // A currency with a pending edit keeps the base its edit was made on, so a save
      // notices that another session changed it meanwhile.
      let stored = state.amounts[currency] ?? .zero
      base[currency.index] = stored
      if portfolio.setAmount(stored, of: currency) {
        changed.append(currency)
      }
    }
    if let rates = state.rates {
      var merged = rates
      for quote in pending.quotes { merged.record(quote) }
      portfolio.replaceRates(merged)
    }
    ratesRevision = state.ratesRevision
    if pending.local == nil, let local = state.local {
      portfolio.setLocal(local)
    }
    return changed
  }
}

/// Why a ledger change was refused.
package enum LedgerError: Error, Sendable, CustomStringConvertible {
  case nonPositiveRate
  case localRateIsOne(Currency)

  package var description: String {
    switch self {
    case .nonPositiveRate: "a rate must be greater than 0"
    case .localRateIsOne(let local): "\(local.code) is the local currency; its rate is always 1"
    }
  }
}

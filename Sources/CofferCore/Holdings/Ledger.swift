/// One person's holdings as a session sees them: the portfolio in memory, the pending
/// batch of unsaved commits, and the store behind both.
///
/// A commit changes memory at once and joins the pending batch; nothing touches the
/// disk until `save`. Before each statement the shell calls `refresh`, which reloads
/// what another process saved.
package final class Ledger {
  package let portfolio: Portfolio
  /// The store behind the ledger: the ledger is the only way to it (commands read the
  /// journal, the rates history and the sources, and back up or check the store, through
  /// the ledger's methods).
  private(set) var store: Store
  package let counters: Counters
  package internal(set) var pending = PendingBatch()
  /// Per holding, the amount the store held when this session last read it: what a save
  /// compares against to notice another session's change (none: zero).
  var base = HoldingAmounts()
  /// Per holding, its latest entry in the store (its `holding` row), read when a balance
  /// is first written down after the store was read, and kept up to date by this
  /// session's saves: a balance written down on or after that day, or for a holding with
  /// none, needs no seek of the journal (a dump's replay writes its history down a line at
  /// a time). nil until then, and again after every read of the store (another session
  /// saved) and every write to the journal other than a save (`holdings import`, `places
  /// rename`, an `--atomic` run rolled back).
  var latestEntries: [Holding: HeldBalance]?
  /// Places this session has unsaved edits at that another session renamed or removed
  /// since: a balance for a past date there is a conflict at the next save, as today's
  /// amounts and moves there already are (their amounts moved).
  private var placesGone: Set<Place> = []
  /// The units the store added beyond the catalog (`units add`), by code.
  package private(set) var addedUnits: [Currency] = []
  /// The named places the store lists (`places`), by name.
  package private(set) var places: [Place] = []
  private var ratesRevision = 0
  /// `rates max-age` and `rates max-jump` as the store keeps them.
  package private(set) var maxAge = StoredSettings.defaultMaxAge
  package private(set) var maxJump = RateChecker.Rules.defaultMaxJump
  /// Rows of the holdings, settings or today's rates that the last read could not use.
  /// While there are any, nothing that depends on them is answered (`requireSound`).
  package private(set) var damage: [StoreDamage] = []
  /// How many times `refresh` found that another process had saved: what a caller that
  /// waits for changes (`watch`) compares, at no cost beyond the check itself.
  package private(set) var reloads = 0
  /// For a sheet at a date: what this session's saves wrote since the sheet last took it
  /// that bears on the store's balances that day, and its later entries as a reload read
  /// them (nil: no sheet at a date gathers it).
  private var newsForView: DatedView.News?
  /// `PRAGMA data_version` as last seen (nil for a store in memory), and the schema's
  /// version then.
  private var dataVersion: Int?
  private var schemaVersion = 0
  /// Whether the next `refresh` reads everything, whatever the marks say.
  private var mustReload = false
  /// Set when a write found the store read-only: the next write opens a new connection,
  /// in case the file became writable (SQLite keeps one opened read-only so).
  private var reopenBeforeWriting = false
  /// Whether an `--atomic` run's transaction is open, and whether anything was written
  /// inside it (what its rollback takes back).
  package internal(set) var inRunTransaction = false
  var wroteInTransaction = false

  package init(location: StoreLocation, counters: Counters = Counters(), today: CalendarDate = .today())
    throws(StoreError)
  {
    self.counters = counters
    store = try Store(location: location, counters: counters)
    dataVersion = try store.dataVersion()
    schemaVersion = try store.schemaVersion()
    let state = try store.load(knownRatesRevision: nil, today: today)
    portfolio = Portfolio(
      local: state.local ?? Catalog.cny, rates: state.rates ?? RateBook(), today: today, counters: counters)
    apply(state)
  }

  /// Every unit of the store: the catalog's, then those added, by code.
  package var units: [Currency] { addedUnits.isEmpty ? Catalog.all : Catalog.all + addedUnits }

  /// The unit a person names by `code`, in any letter case: the catalog's, or one the
  /// store added.
  package func unit(_ code: String) -> Currency? {
    if let currency = Catalog.currency(code) { return currency }
    guard !addedUnits.isEmpty else { return nil }
    let upper = code.uppercased()
    return addedUnits.first { $0.code == upper }
  }

  /// The named place a person names by `name` (matched by case folding), as the store
  /// first wrote it; nil for a place not yet listed.
  package func place(named name: Place) -> Place? {
    if let listed = places.first(where: { $0 == name }) { return listed }
    // A place this session wrote to, not yet saved (and so not yet listed).
    let pendingPlaces =
      pending.amounts.map(\.holding.place) + pending.datedHoldings.map(\.place)
      + pending.moves.flatMap { [$0.from, $0.to] }
    return pendingPlaces.first { $0 == name }
  }

  /// The amount this session last read from the store for a holding.
  func baseAmount(of holding: Holding) -> DecimalValue { base[holding] ?? .zero }

  // MARK: - Commits

  /// Sets an amount in memory and adds it to the pending batch; false if unchanged.
  ///
  /// `seen` is the amount the person was looking at when they typed this one (a sheet
  /// field's value when it took the focus). If another session saved a different
  /// amount since, the edit is based on `seen`, so saving it is a conflict rather than
  /// a silent overwrite of the other session's save.
  @discardableResult
  package func commit(_ amount: DecimalValue, of holding: Holding, seen: DecimalValue? = nil) -> Bool {
    guard portfolio.setAmount(amount, of: holding) else { return false }
    counters.commits += 1
    if let seen, pending.amount(of: holding) == nil {
      base[holding] = seen
    }
    // Back to the store's amount is nothing to write, unless a balance for a past date or
    // a move of this batch changes the current amount first: then it must be written.
    let changedFirst = pending.hasDated(holding) || pending.hasMove(touching: holding)
    pending.set(amount, of: holding, savedAmount: changedFirst ? nil : baseAmount(of: holding))
    return true
  }

  /// `commit` at the unnamed place: a currency held nowhere else.
  @discardableResult
  package func commit(_ amount: DecimalValue, of currency: Currency, seen: DecimalValue? = nil) -> Bool {
    commit(amount, of: Holding(currency), seen: seen)
  }

  /// Records that 1 `currency` is worth `rate` local units, today, source `manual`: a
  /// direct quote, kept exactly as typed (see `Quote`).
  package func setRate(_ rate: DecimalValue, of currency: Currency) throws(LedgerError) {
    if let problem = RateRules.problem(with: rate) { throw .badRate(problem) }
    let local = portfolio.local
    guard currency != local else {
      guard rate == .one else { throw .localRateIsOne(local) }
      return
    }
    let quote = Quote(currency: currency, quotedIn: local, value: rate, date: portfolio.today, source: "manual")
    portfolio.record(quote)
    pending.add(quote)
  }

  /// Records a rate as an import would (C's units per euro on a date, with its source),
  /// pending until the next save: how a dump gives back the rates history.
  package func record(_ rate: Rate) throws(LedgerError) {
    if let problem = RateRules.problem(with: rate.perEuro) { throw .badRate(problem) }
    guard rate.currency != Catalog.eur || rate.perEuro == .one else { throw .euroIsThePivot }
    portfolio.record(rate)
    pending.add(rate)
  }

  /// Notes how a rate recorded with `record(_:)` was given, in another base than the
  /// euro (EUR's own value in that base included): kept with it when saved.
  package func record(_ given: RateAsGiven) {
    pending.add(given)
  }

  /// Records a direct quote as it was set (1 `quote.currency` = `quote.value`
  /// `quote.quotedIn` on its date, with its source), pending until the next save.
  package func record(_ quote: Quote) throws(LedgerError) {
    if let problem = RateRules.problem(with: quote.value) { throw .badRate(problem) }
    guard quote.currency != quote.quotedIn else { throw .localRateIsOne(quote.currency) }
    portfolio.record(quote)
    pending.add(quote)
  }

  /// Forgets every stored rate and quote (`rates clear`), at once, in its own
  /// transaction: the start of a dump, which gives the history back whole.
  package func clearRates() throws(StoreError) {
    ratesRevision = try writing { store throws(StoreError) in try store.clearRates() }
    var kept = RateBook()
    kept.pegs = portfolio.rates.pegs
    for rate in pending.rates { kept.record(rate) }
    for quote in pending.quotes { kept.record(quote) }
    portfolio.replaceRates(kept)
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
    _ rates: [Rate], accept: Bool = false, shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
    try storeImportedRates(RatesByDay(rates), accept: accept, shouldStop: shouldStop, progress: progress)
  }

  /// `storeImportedRates` for rates already grouped by day (an import's, built from its
  /// file's quotes).
  package func storeImportedRates(
    _ rates: RatesByDay, accept: Bool = false, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
    let stored = try writing { store throws(StoreError) in
      try store.importRates(rates, accept: accept, shouldStop: shouldStop, progress: progress)
    }
    if case .stored(let changed, _) = stored, changed > 0 {
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
  /// how many holdings were written. Afterwards the saved currencies' amounts are the
  /// store's: whether a balance for a past date is also the current amount was decided
  /// there, against what was stored at that moment.
  @discardableResult
  package func save(force: Bool = false) throws(StoreError) -> Int {
    guard !pending.isEmpty else { return 0 }
    let before = counters.rowsWritten
    let outcome: Store.SaveOutcome
    let known = latestEntries
    do {
      outcome = try writing { store throws(StoreError) in
        try store.save(
          pending, base: base, ratesRevision: ratesRevision, today: portfolio.today, force: force,
          placesGone: placesGone)
      }
    } catch {
      // A move the store refuses now can never be made: it goes, so that it cannot hold
      // back every later save; the rest of the batch stays, and the message says so.
      if case .moveRefused(let move, _) = error {
        pending.keepMoves { $0 != move }
        // What the two places hold is the store's again: read before the next statement.
        mustReload = true
      }
      throw error
    }
    ratesRevision = outcome.ratesRevision
    newsForView?.note(outcome.written, today: portfolio.today)
    // The store's latest entries are the ones known, or the save's where it wrote later.
    latestEntries = known.map { known in
      known.merging(outcome.latestWritten) { old, written in written.since >= old.since ? written : old }
    }
    defer { placesGone = placesGone.filter(hasPendingEdits) }
    var kept = PendingBatch()
    for (holding, amount) in pending.amounts
    where outcome.conflicts.contains(where: { $0.holding == holding && $0.date == nil }) {
      // Still based on what this session saw: the next save conflicts again, until
      // `save --force` or an edit to their value.
      kept.set(amount, of: holding, savedAmount: baseAmount(of: holding))
    }
    // Balances the save did not write (conflicts) stay.
    if outcome.savedDated.count < pending.datedCount {
      let saved = Set(outcome.savedDated.map { DatedKey(holding: $0.holding, day: $0.date.dayNumber) })
      for edit in pending.dated where !saved.contains(DatedKey(holding: edit.holding, day: edit.date.dayNumber)) {
        kept.keep(edit)
      }
    }
    for move in outcome.heldMoves { kept.add(move) }
    pending = kept
    for (holding, amount) in outcome.current.sorted(by: { Holding.precedes($0.key, $1.key) }) {
      // Today's amount met as a conflict stays based on what this session saw, though the
      // save wrote a balance of the holding for a past date (and so read its amount now):
      // the next save conflicts again, rather than writing over the other session's.
      if pending.amount(of: holding) == nil { base[holding] = amount }
      if !pending.decidesCurrent(holding, today: portfolio.today) { portfolio.setAmount(amount, of: holding) }
    }
    if !outcome.newPlaces.isEmpty { places = (places + outcome.newPlaces).sorted() }
    if !outcome.conflicts.isEmpty { throw .conflict(outcome.conflicts) }
    return counters.rowsWritten - before
  }

  /// Starts gathering what this session's saves write that bears on the store's
  /// balances on `date`, and the later entries each reload finds (nil: stops), for a
  /// sheet at that date (`takeNews`).
  package func gatherNews(for date: CalendarDate?) {
    newsForView = date.map { DatedView.News(date: $0) }
  }

  /// The date of the sheet this session's writes are gathered for, if one is open.
  var newsDate: CalendarDate? { newsForView?.date }

  /// Entries this session wrote otherwise than by a save (`holdings import`), for the
  /// sheet at a date.
  func noteForView(_ written: [ImportedBalances.NotedEntry]) {
    for entry in written { newsForView?.note(entry.holding, entry.balance, today: portfolio.today) }
  }

  /// What was gathered since the last call, for the sheet at a date.
  package func takeNews() -> DatedView.News? {
    guard let gathered = newsForView, !gathered.isEmpty else { return nil }
    newsForView = DatedView.News(date: gathered.date)
    return gathered
  }

  /// Runs a write of the store: on a new connection first when the last write found the
  /// store read-only, and noting a write inside an `--atomic` run. (A write to the journal
  /// other than a save forgets `latestEntries`.)
  func writing<T>(_ body: (Store) throws(StoreError) -> T) throws(StoreError) -> T {
    try prepareToWrite()
    if inRunTransaction { wroteInTransaction = true }
    do {
      return try body(store)
    } catch {
      if case .readOnly = error { reopenBeforeWriting = true }
      throw error
    }
  }

  /// Opens a new connection when the last write found the store read-only.
  func prepareToWrite() throws(StoreError) {
    guard reopenBeforeWriting && !inRunTransaction else { return }
    store.reopen()
    reopenBeforeWriting = false
    // The new connection has its own data_version: read everything again.
    dataVersion = try store.dataVersion()
    mustReload = true
  }

  /// Makes the next `refresh` read every amount from the store, whatever
  /// `data_version` says (after reverting edits that were pending here).
  package func reloadBeforeNextStatement() {
    mustReload = true
  }

  /// Reads everything from the store again, rates included: after this session replaced
  /// the store's contents itself (`restore`), which moves neither its own connection's
  /// `data_version` nor the rates revision it knows. Nothing may be pending.
  package func reloadEverything() throws(StoreError) {
    dataVersion = try store.dataVersion()
    apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
  }

  /// Reloads what another process saved since the last statement (asked before every
  /// statement: one `PRAGMA data_version`). Pending edits stay: a currency both sessions
  /// changed is a conflict at the next save, not a silent loss. Returns the currencies
  /// whose amounts changed in memory. When another program changed the schema meanwhile,
  /// it fails unless the schema is still exactly Coffer's.
  @discardableResult
  package func refresh() throws(StoreError) -> [Currency] {
    // A store found damaged is read again, rates and all, until it is not: another
    // process may mend it.
    let wasDamaged = !damage.isEmpty
    let version = try store.dataVersion()
    guard version != dataVersion || mustReload || wasDamaged else { return [] }
    if version != dataVersion {
      // Another session saved: if the schema moved too, it must still be Coffer's.
      let schema = try store.schemaVersion()
      if schema != schemaVersion { try store.requireOwnSchema() }
      schemaVersion = schema
    }
    let everything = mustReload || wasDamaged
    dataVersion = version
    mustReload = false
    reloads += 1
    let state = try store.load(knownRatesRevision: everything ? nil : ratesRevision, today: portfolio.today)
    let decided = try decideCurrentAgain()
    if let date = newsForView?.date {
      // What the store holds now, this session's saves so far among it.
      newsForView?.laterEntriesRead = try store.holdingsWithEntries(after: date, through: portfolio.today)
      newsForView?.later = []
    }
    var changed = apply(state)
    // A balance that is the current amount again shows (`apply` leaves holdings whose
    // current amount an edit decides as they are).
    for holding in decided where portfolio.setAmount(currentAmount(of: holding), of: holding) {
      if !changed.contains(holding.currency) { changed.append(holding.currency) }
    }
    return changed
  }

  /// Whether a holding's latest unsaved balance for a past date is its current amount
  /// depends on the store's later entries, which another session may have saved (or a
  /// restore taken away): asked again at each reload, of the holdings' latest entries
  /// (two seeks more for a holding whose latest is ahead of today). Returns the holdings
  /// whose balance became the current amount.
  private func decideCurrentAgain() throws(StoreError) -> [Holding] {
    let today = portfolio.today
    let edits = pending.datedHoldings.compactMap { pending.latestDated($0, onOrBefore: today) }
    guard !edits.isEmpty else { return [] }
    // nil: a row Coffer cannot use, which the two seeks below pass by.
    let latest = try store.latestEntries()
    var decided: [Holding] = []
    for var edit in edits {
      let holding = edit.holding
      let storedLater: Bool
      switch latest.map({ $0[holding] }) {
      case .some(.some(let entry)) where entry.since <= today: storedLater = entry.since > edit.date
      case .some(.none): storedLater = false
      default: storedLater = try store.balance(of: holding, on: edit.date, today: today).later
      }
      let later =
        storedLater || pending.amount(of: holding) != nil
        || pending.moves.contains { $0.touches(holding) && $0.date > edit.date }
      guard edit.changesCurrent == later else { continue }
      edit.changesCurrent = !later
      pending.keep(edit)
      if edit.changesCurrent { decided.append(holding) }
    }
    return decided
  }

  /// Fails, naming every damaged row, while the holdings or settings read from the
  /// store hold rows Coffer cannot use: a total must never leave one out in silence.
  package func requireSound() throws(StoreError) {
    guard damage.isEmpty else { throw .damagedRows(path: store.location.description, damage) }
  }

  @discardableResult
  func apply(_ state: StoredState) -> [Currency] {
    damage = state.damage
    latestEntries = nil
    if state.units != addedUnits {
      addedUnits = state.units
      portfolio.setUnits(units)
    }
    for place in places where !state.places.contains(place) && hasPendingEdits(at: place) {
      placesGone.insert(place)
    }
    // A place renamed in letter case alone (here or by another session) is listed as the
    // store now spells it.
    for place in state.places where places.contains(where: { $0 == place && $0.name != place.name }) {
      portfolio.respell(place)
    }
    places = state.places
    // Every holding the store has, and every one this session knows (a restore may have
    // taken one away): each takes the store's amount, zero when it has none.
    var stored = state.holdings
    for currency in units {
      for (holding, _) in portfolio.places(of: currency) where stored[holding] == nil { stored[holding] = .zero }
    }
    // By the currency's index, not in a set: a start makes no set of currencies otherwise,
    // and the first of a kind costs the runtime more than all its use here.
    var changedCurrencies = [Bool](repeating: false, count: Currency.indexCount)
    var anyChanged = false
    for (holding, amount) in stored where !pending.decidesCurrent(holding, today: portfolio.today) {
      // A holding with a pending edit keeps the base its edit was made on, so a save
      // notices that another session changed it meanwhile.
      base[holding] = amount
      if portfolio.setAmount(amount, of: holding) {
        changedCurrencies[holding.currency.index] = true
        anyChanged = true
      }
    }
    // In the units' order (a store's holdings are all of its units), not by sorting the
    // holdings: a start over a hundred holdings spent a twentieth of itself sorting them.
    let changed = anyChanged ? units.filter { changedCurrencies[$0.index] } : []
    if let rates = state.rates {
      var merged = rates
      for rate in pending.rates { merged.record(rate) }
      for quote in pending.quotes { merged.record(quote) }
      portfolio.replaceRates(merged)
    }
    ratesRevision = state.ratesRevision
    maxAge = state.maxAge
    maxJump = state.maxJump
    if pending.local == nil, let local = state.local {
      portfolio.setLocal(local)
    }
    return changed
  }
}

import CofferText
import GRDB

/// What `Store.importRates` did.
package enum StoredImport: Sendable, Equatable {
  /// Committed; `changed` rates were new or different from the stored ones; `accepted`
  /// findings were taken anyway (`--accept`), their rows remembered.
  case stored(changed: Int, accepted: [RateFinding] = [])
  /// Stopped when asked and rolled back: nothing was stored.
  case stopped
  /// The rules found these in what the import would change (SPEC §12): rolled back,
  /// nothing was stored.
  case refused([RateFinding])
}

/// Thrown inside an import's transaction to roll it back when the rules refuse it.
private struct Refused: Error {
  let findings: [RateFinding]
}

extension Store {
  /// What a save wrote, and what it held back.
  package struct SaveOutcome: Sendable {
    /// The rates revision after the save.
    package var ratesRevision: Int
    /// Holdings another session changed since this one loaded them: not written.
    package var conflicts: [SaveConflict]
    /// Balances for past dates that were saved (or found already there).
    package var savedDated: [DatedEdit] = []
    /// Moves held back by a conflict (both their entries unwritten).
    package var heldMoves: [PendingMove] = []
    /// Named places the save wrote to first: now listed.
    package var newPlaces: [Place] = []
    /// The current amount of every holding the save wrote, as the store holds it after
    /// the save: whether a balance for a past date is also the current amount is the
    /// store's to say (another session may have saved a later entry meanwhile).
    package var current: [Holding: DecimalValue] = [:]
    /// Of each holding the save wrote, the latest of the entries it wrote (by day; of a
    /// day's, the last written).
    package var latestWritten: [Holding: HeldBalance] = [:]
    /// Whether the transaction changed anything.
    package var wroteSomething = false
    /// The journal entries written, in the order written.
    var written: [JournalRow] = []
  }

  /// Runs `body` in a transaction of its own, or, inside an `--atomic` run's transaction,
  /// in a savepoint of it: all of it is written, or none. Errors come as `body` or SQLite
  /// threw them (an import's stop among them); `writing` turns them into `StoreError`.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.inDatabase { db in
      var result: T?
      let run = { () throws -> Database.TransactionCompletion in
        result = try body(db)
        return .commit
      }
      if db.isInsideTransaction { try db.inSavepoint(run) } else { try db.inTransaction(.immediate, run) }
      guard let result else {
        throw StoreError.failed(path: location.description, reason: tr("a write gave no result"))
      }
      return result
    }
  }

  /// `write`, its failure as a `StoreError`.
  func writing<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try write(body)
    } catch {
      throw storeError(error)
    }
  }

  /// Stores imported rates in one transaction: all of them or, on any error, none.
  /// A rate identical to the stored one is left alone. `shouldStop` is asked as the
  /// days are written; once it is true the transaction is rolled back.
  package func importRates(
    _ rates: RatesByDay, accept: Bool = false, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
    do {
      return try write { db -> StoredImport in
        let rules = try RateTrustTables.rules(db)
        let (changed, findings) = try RateDayTable.recordJudging(
          db, rates, rules: rules, shouldStop: shouldStop, progress: progress)
        if !findings.isEmpty {
          guard accept else { throw Refused(findings: findings) }
          try RateTrustTables.accept(findings.map(\.row), db)
        }
        if changed > 0 || !findings.isEmpty { try nextRatesRevision(db) }
        return .stored(changed: changed, accepted: findings)
      }
    } catch is RateDayTable.Stopped {
      return .stopped
    } catch let refused as Refused {
      return .refused(refused.findings)
    } catch {
      throw storeError(error)
    }
  }

  /// Moves the rates revision on, inside a write: other sessions then read the rates
  /// again. Returns the new revision.
  @discardableResult
  private func nextRatesRevision(_ db: Database) throws -> Int {
    counters.dbReads += 1
    // A revision that cannot be read is replaced: any new number makes sessions re-read.
    let next = StoredSettings.revision(after: try StoredSettings.ratesRevision(db) ?? 0)
    try Self.setSetting(db, StoredSettings.ratesRevisionKey, String(next))
    return next
  }

  /// The current amount of every holding the journal has, inside a read or a write: its
  /// latest entry's (the `holding` rows), or, for an entry effective after `today`, the
  /// journal's amount on today (see `load`). A row that cannot be read is damage when its
  /// code names one of `needed` (nil: any), and is passed over otherwise: a save compares
  /// only the holdings it writes.
  static func currentAmounts(_ db: Database, today: CalendarDate, needed: Set<Currency>? = nil) throws
    -> [Holding: DecimalValue]
  {
    var amounts: [Holding: DecimalValue] = [:]
    let rows = try Row.fetchCursor(db.cachedStatement(sql: HoldingRecord.selection))
    while let row = try rows.next() {
      let holding: HoldingRecord
      do {
        holding = try HoldingRecord(checking: row)
      } catch {
        let code = StoredValue(row, 0).text.flatMap { Catalog.unit(storedAs: $0) }
        if needed == nil || code.map({ needed?.contains($0) ?? true }) ?? false { throw error }
        continue
      }
      var amount = holding.amount
      if holding.effective > today {
        amount = try balance(db, of: holding.holding, on: today).balance?.amount ?? .zero
      }
      amounts[holding.holding] = amount
    }
    return amounts
  }

  /// Writes a batch in one transaction: a journal entry for each changed amount (the
  /// journal's triggers keep the holdings), two for each move, new rates and settings.
  /// `base` holds, per holding, the amount this session last read from the store; a
  /// holding whose stored amount differs from it was saved by another session. Unless
  /// `force` is set such a holding is a conflict: it is left out (and returned; a move
  /// touching it is held back whole), and everything else in the batch is still written.
  /// So is a balance for a past date at one of `placesGone`, places another session
  /// renamed or removed since this one wrote there.
  package func save(
    _ batch: PendingBatch, base: HoldingAmounts, ratesRevision: Int, today: CalendarDate, force: Bool,
    placesGone: Set<Place> = []
  ) throws(StoreError) -> SaveOutcome {
    let now = EntryTime.now()
    let outcome = try writing { db -> SaveOutcome in
      var outcome = SaveOutcome(ratesRevision: ratesRevision, conflicts: [])
      counters.dbReads += 1
      // Sorted once: a dump's save may hold ten thousand.
      let dated = batch.datedInOrder
      let saved = Set(
        batch.amounts.map(\.holding.currency) + dated.holdings.map(\.currency) + batch.moves.map(\.currency))
      let stored = try Self.currentAmounts(db, today: today, needed: saved)
      var entries: [JournalRow] = []
      var places = Set(try Self.namedPlaces(db).0)
      /// The holding as the store spells its place, which is listed the first time an
      /// entry names it. A place listed in other letter case (another session renamed it
      /// so) is written as listed: the journal never holds two spellings of one place.
      func listed(_ holding: Holding) throws -> Holding {
        let place = holding.place
        guard !place.isUnnamed else { return holding }
        if let index = places.firstIndex(of: place) {
          return places[index].name == place.name ? holding : Holding(holding.currency, at: places[index])
        }
        try PlaceRecord(place).insert(db)
        places.insert(place)
        outcome.newPlaces.append(place)
        return holding
      }
      /// The holding as the store spells its place, when it lists it: what a read of its
      /// entries must ask for (the journal holds the listed spelling), so that another
      /// session's entry at a place it spelt anew is still seen, and met as a conflict.
      func spelled(_ holding: Holding) -> Holding {
        guard !holding.place.isUnnamed, let index = places.firstIndex(of: holding.place),
          places[index].name != holding.place.name
        else { return holding }
        return Holding(holding.currency, at: places[index])
      }
      // Balances for past dates first, oldest first: each replaces the amount on its date
      // as it stands after the earlier ones. Another session's entry for the same holding
      // and date since this one read it is a conflict, judged on the store as this save
      // found it. Each holding's stored entries over its balances' days are read once, and
      // the entries written together. What the loop knows of a holding is kept by its
      // index in `dated.holdings`.
      var walks = try StoredEntriesWalk.reading(db, of: dated, spelled: spelled)
      var listedHoldings = [Holding?](repeating: nil, count: dated.holdings.count)
      var latestDated = [HeldBalance?](repeating: nil, count: dated.holdings.count)
      var planned = PlannedEntries()
      for (index, edit) in dated.edits {
        let day = edit.date.dayNumber
        let theirs = walks[index].walk(to: day)
        let seen = edit.recordedOnDate ? edit.seen : nil
        // A place another session renamed or removed since this one wrote there: the
        // balance would go to a place by that name anew, beside the one renamed.
        if !force, placesGone.contains(edit.holding.place) {
          outcome.conflicts.append(
            SaveConflict(
              holding: edit.holding, theirs: theirs ?? .zero, ours: edit.amount, date: edit.date, placeGone: true))
          continue
        }
        if !force, theirs != seen, let theirs, theirs != edit.amount {
          outcome.conflicts.append(
            SaveConflict(holding: edit.holding, theirs: theirs, ours: edit.amount, date: edit.date))
          continue
        }
        outcome.savedDated.append(edit)
        // A balance written down is a fact of its day, kept even when it equals the
        // amount carried there: only the same entry for that very day is not written
        // twice.
        if theirs == edit.amount { continue }
        let replaced = walks[index].carried
        walks[index].write(edit.amount)
        // Listed once a holding: the place's spelling does not change within the save.
        let holding = try listedHoldings[index] ?? listed(edit.holding)
        listedHoldings[index] = holding
        let row = JournalRow(entered: now, effective: edit.date, holding: holding, old: replaced, new: edit.amount)
        planned.add(row)
        entries.append(row)
        // Oldest first: a holding's last row written is its latest.
        latestDated[index] = HeldBalance(amount: edit.amount, since: edit.date)
      }
      try Self.insertSaved(&planned, entered: now, db)
      // The rows after these are the moves' and today's.
      let datedRows = entries.count
      // Moves: both entries, or neither.
      for move in batch.moves {
        let from = try Self.balance(db, of: spelled(move.source), on: move.date).balance?.amount ?? .zero
        let to = try Self.balance(db, of: spelled(move.destination), on: move.date).balance?.amount ?? .zero
        if !force && (from != move.seenFrom || to != move.seenTo) {
          // Each conflict names what the move would have written there.
          if from != move.seenFrom {
            outcome.conflicts.append(
              SaveConflict(holding: move.source, theirs: from, ours: try move.seenFrom - move.amount, date: move.date))
          }
          if to != move.seenTo {
            outcome.conflicts.append(
              SaveConflict(holding: move.destination, theirs: to, ours: try move.seenTo + move.amount, date: move.date))
          }
          outcome.heldMoves.append(move)
          continue
        }
        // Checked again here, on the amounts this save found (forced, they may be others).
        guard from >= move.amount else {
          throw StoreError.moveRefused(
            move,
            reason: tr(
              "{holding} holds {amount} on {date}, less than the {moving} to move",
              ["holding": "\(move.source)", "amount": "\(from)", "date": "\(move.date)", "moving": "\(move.amount)"]))
        }
        let (source, destination) = (try listed(move.source), try listed(move.destination))
        let rows = [
          JournalRow(
            entered: now, effective: move.date, holding: source, old: from, new: try from - move.amount,
            move: .from),
          JournalRow(
            entered: now, effective: move.date, holding: destination, old: to, new: try to + move.amount,
            move: .to),
        ]
        var moved = PlannedEntries(rows)
        try Self.insert(&moved, entered: now, db)
        entries += rows
      }
      // Today's entries, together in one statement.
      var todays: [JournalRow] = []
      for (holding, ours) in batch.amounts {
        let theirs = stored[holding] ?? .zero
        if !force && theirs != ours && theirs != (base[holding] ?? .zero) {
          outcome.conflicts.append(SaveConflict(holding: holding, theirs: theirs, ours: ours))
          continue
        }
        // What today's entry replaces: the amount on today, after any balance or move
        // this batch wrote for a past date (which may have changed it from `theirs`).
        let replaced =
          batch.hasDated(holding) || batch.hasMove(touching: holding)
          ? try Self.balance(db, of: spelled(holding), on: today).balance?.amount ?? .zero : theirs
        if replaced == ours {
          // Nothing to write, but the store's amount is now known (another session may
          // have saved ours meanwhile): the session takes it as the base of later edits.
          outcome.current[holding] = ours
          continue
        }
        todays.append(
          JournalRow(entered: now, effective: today, holding: try listed(holding), old: replaced, new: ours))
      }
      var todaysPlanned = PlannedEntries(todays)
      try Self.insert(&todaysPlanned, entered: now, db)
      entries += todays
      _ = try RateDayTable.record(db, batch.rates, quotes: batch.quotes, asGiven: batch.asGiven)
      if !batch.quotes.isEmpty || !batch.rates.isEmpty {
        outcome.ratesRevision = try nextRatesRevision(db)
      }
      if let local = batch.local {
        try Self.setSetting(db, StoredSettings.localKey, local.code)
      }
      // Today's entries are the current amounts. Whether a balance for a past date (or a
      // move's) is too is the store's to say, as it stands now.
      for entry in todays { outcome.current[entry.holding] = entry.new }
      var wroteTo = Set(listedHoldings.compactMap { $0 })
      for entry in entries[datedRows...] { wroteTo.insert(entry.holding) }
      let datedOnly = wroteTo.subtracting(todays.map(\.holding))
      if !datedOnly.isEmpty {
        counters.dbReads += 1
        let current = try Self.currentAmounts(db, today: today, needed: Set(datedOnly.map(\.currency)))
        for holding in datedOnly { outcome.current[holding] = current[holding] ?? .zero }
      }
      for (index, latest) in latestDated.enumerated() {
        if let latest, let holding = listedHoldings[index] { outcome.latestWritten[holding] = latest }
      }
      for entry in entries[datedRows...]
      where entry.effective >= outcome.latestWritten[entry.holding]?.since ?? entry.effective {
        outcome.latestWritten[entry.holding] = HeldBalance(amount: entry.new, since: entry.effective)
      }
      counters.rowsWritten += entries.count
      outcome.written = entries
      outcome.wroteSomething = !entries.isEmpty || !batch.quotes.isEmpty || !batch.rates.isEmpty || batch.local != nil
      return outcome
    }
    // A save that met only conflicts wrote nothing: it is not counted as one.
    if outcome.wroteSomething { counters.saves += 1 }
    return outcome
  }

  /// A journal entry about to be written (see `insert(_:entered:_:)`; the journal's
  /// triggers keep the holdings and the month ends from it).
  struct JournalRow {
    let entered: EntryTime
    let effective: CalendarDate
    let holding: Holding
    let old: DecimalValue
    let new: DecimalValue
    var move: JournalEntry.Move = .none
  }

  static func setSetting(_ db: Database, _ key: String, _ value: String) throws {
    try SettingRecord(key: key, value: value).upsert(db)
  }

  /// Forgets every stored rate and quote; returns the new rates revision.
  func clearRates() throws(StoreError) -> Int {
    try writing { db in
      try db.execute(sql: "DELETE FROM rate_day; DELETE FROM rate_quoted; DELETE FROM rate_accepted")
      return try nextRatesRevision(db)
    }
  }

  /// Removes every rate source.
  package func clearRateSources() throws(StoreError) {
    try writing { db in _ = try RateSource.deleteAll(db) }
  }

  // MARK: - Rate sources

  /// Adds a source, or replaces the one of the same name (which keeps its place). Written
  /// at once in its own transaction: sources are configuration, like the sqlite3 shell's
  /// dot-commands, not edits of the batch that `save` writes.
  package func setRateSource(_ source: RateSource) throws(StoreError) {
    // A source of the same name is replaced where it stands (`name` is unique; the
    // position, the key, is not among the columns an upsert sets).
    try writing { db in try source.upsert(db) }
  }

  /// Removes a source; false when there is none of that name.
  package func removeRateSource(named name: String) throws(StoreError) -> Bool {
    try writing { db in try RateSource.filter(RateSource.CodingKeys.name == name).deleteAll(db) > 0 }
  }

  // MARK: - The rates' rules

  /// Changes the pegs by `change` (which returns why it cannot, or nil), at once in its
  /// own transaction, and moves the rates revision on: sessions read the rates again.
  package func changePegs(_ change: (inout Pegs) -> String?) throws(StoreError) -> String? {
    try writing { db -> String? in
      var pegs = try RateTrustTables.pegs(db)
      if let refusal = change(&pegs) { return refusal }
      try RateTrustTables.write(pegs, db)
      try nextRatesRevision(db)
      return nil
    }
  }

  /// Writes `rates max-age` or `rates max-jump`.
  package func setRateSetting(maxAge: Int? = nil, maxJump: DecimalValue? = nil) throws(StoreError) {
    try writing { db in
      if let maxAge { try Self.setSetting(db, StoredSettings.maxAgeKey, String(maxAge)) }
      if let maxJump { try Self.setSetting(db, StoredSettings.maxJumpKey, maxJump.description) }
    }
  }

  /// The pegs the store keeps.
  package func pegs() throws(StoreError) -> Pegs {
    try read { db in try RateTrustTables.pegs(db) }
  }

  /// Remembers `rows` as accepted (a rates command's `--accept`).
  package func accept(_ rows: [RateRow]) throws(StoreError) {
    try writing { db in try RateTrustTables.accept(rows, db) }
  }

  /// The rules as stored, for judging a rate before it is recorded.
  package func rateRules() throws(StoreError) -> RateChecker.Rules {
    try read { db in try RateTrustTables.rules(db) }
  }

  /// The stored rates given in another base than the euro, dated `from...to`: what the
  /// rules judge them by.
  package func ratesAsGiven(from: CalendarDate, to: CalendarDate) throws(StoreError) -> [RateRow] {
    try read { db in
      try RateTrustTables.quoted(db).filter {
        $0.base != Catalog.eur && $0.date >= from && $0.date <= to
      }
    }
  }

  /// The rates accepted past a finding.
  package func acceptedRates() throws(StoreError) -> Set<AcceptedRate> {
    try read { db in try RateTrustTables.accepted(db) }
  }
}

import GRDB
import GRDBSQLite

/// What `Store.importRates` did.
package enum StoredImport: Sendable, Equatable {
  /// Committed; `changed` rates were new or different from the stored ones.
  case stored(changed: Int)
  /// Stopped when asked and rolled back: nothing was stored.
  case stopped
}

extension Store {
  /// What a save wrote, and what it held back.
  package struct SaveOutcome: Sendable {
    /// The rates revision after the save.
    package var ratesRevision: Int
    /// Currencies another session changed since this one loaded them: not written.
    package var conflicts: [SaveConflict]
    /// Currencies whose stored amount already equals ours: nothing to write.
    package var alreadyStored: [Currency]
    /// Balances for past dates that were saved (or found already there).
    package var savedDated: [DatedEdit] = []
    /// Whether the transaction changed anything.
    package var wroteSomething = false
  }

  /// Runs `body` in a transaction of its own, or, inside an `--atomic` run's transaction,
  /// in a savepoint of it: all of it is written, or none.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    if inRunTransaction { wroteInRunTransaction = true }
    return try inOneSavepoint(body)
  }

  /// Runs `body` in one read transaction (a savepoint inside a run's transaction): its
  /// reads see one state of the store, and the thousands of seeks of a long series do not
  /// each take and release SQLite's read lock.
  func readInOneTransaction<T>(_ body: (Database) throws -> T) throws -> T {
    try inOneSavepoint(reading: true, body)
  }

  /// `body` in a savepoint, committed when it returns: a transaction of its own outside
  /// a run's transaction, a nested one inside it. A transaction of its own for `reading`
  /// is deferred: it takes SQLite's read lock at its first read and never the write
  /// lock, which an immediate one (GRDB's kind for a queue) would hold against every
  /// other session's save for as long as the read lasts.
  private func inOneSavepoint<T>(reading: Bool = false, _ body: (Database) throws -> T) throws -> T {
    try database.inDatabase { db in
      var result: T?
      if reading && !db.isInsideTransaction {
        // Begun and ended by plain statements: GRDB's `inTransaction` runs them as SQL
        // literals, whose first use in a run builds them with unspecialized generic code
        // that looks up type metadata by name (about 0.27 M instructions, once a run).
        // Unlike GRDB's block, this one would let a statement run outside the transaction
        // after SQLite rolled it back by itself; no body here catches a database error
        // and reads on.
        try db.executePlain("BEGIN DEFERRED TRANSACTION")
        do {
          result = try body(db)
          try db.executePlain("COMMIT TRANSACTION")
        } catch {
          if db.isInsideTransaction { try? db.executePlain("ROLLBACK TRANSACTION") }
          throw error
        }
      } else {
        try db.inSavepoint {
          result = try body(db)
          return .commit
        }
      }
      guard let result else {
        throw StoreError.failed(path: location.description, reason: "a savepoint gave no result")
      }
      return result
    }
  }

  /// Runs `body`, a read of many pages each read once (the month ends of a series, the
  /// rates of each of its dates), with SQLite's page cache held to `pages`: a page read
  /// then takes the memory of one read before it instead of new memory, each new page of
  /// which costs the process a page fault (about as much as reading the page did). The
  /// cache is as it was afterwards. The pragmas' results are not checked: the cache's
  /// size is a matter of speed, never of what a read finds.
  func withPageCache<T>(_ db: Database, of pages: Int, _ body: () throws -> T) throws -> T {
    let connection = db.sqliteConnection
    let size = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA cache_size")) ?? -2000
    sqlite3_exec(connection, "PRAGMA cache_size = \(pages)", nil, nil, nil)
    defer { sqlite3_exec(connection, "PRAGMA cache_size = \(size)", nil, nil, nil) }
    return try body()
  }

  /// Stores imported rates in one transaction: all of them or, on any error, none.
  /// A rate identical to the stored one is left alone. `shouldStop` is asked as the
  /// days are written; once it is true the transaction is rolled back.
  package func importRates(
    _ rates: RatesByDay, shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
    reopenIfItWasReadOnly()
    do {
      let changed = try write { db -> Int in
        let changed = try RateDayTable.record(db, rates, shouldStop: shouldStop, progress: progress)
        if changed > 0 { try nextRatesRevision(db) }
        return changed
      }
      return .stored(changed: changed)
    } catch is RateDayTable.Stopped {
      return .stopped
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

  /// Writes a batch in one transaction: the changed holdings with their journal rows,
  /// new rates and settings. `base` holds, per currency, the amount this session last
  /// read from the store; a currency whose stored amount differs from it was saved by
  /// another session. Unless `force` is set such a currency is a conflict: it is left
  /// out (and returned), and everything else in the batch is still written.
  package func save(
    _ batch: PendingBatch, base: [DecimalValue], ratesRevision: Int, effective: CalendarDate, force: Bool
  ) throws(StoreError) -> SaveOutcome {
    reopenIfItWasReadOnly()
    let now = EntryTime.now()
    let entered = now.utcText
    do {
      let outcome = try write { db -> SaveOutcome in
        var outcome = SaveOutcome(ratesRevision: ratesRevision, conflicts: [], alreadyStored: [])
        let dated = batch.dated
        let stored = try storedAmounts(db, of: batch.amounts.map(\.currency) + Set(dated.map(\.currency)))
        var written = 0
        // Prepared once per connection and looked up once per save (a sheet's Done
        // writes up to 41 of each). The hot path of every save, so written with plain
        // cached statements rather than through a record's persistence methods.
        let writeHolding = try db.cachedStatement(sql: Self.writeHoldingsSQL(rows: 1))
        let writeJournal = try db.cachedStatement(sql: JournalInsert.sql(rows: 1))
        let today = effective.dayNumber
        // Balances for past dates first, oldest first: each replaces the amount on its
        // date as it stands after the earlier ones. Another session's entry for the same
        // currency and date since this one read it is a conflict, judged on the store as
        // this save found it.
        var datedConflicts: [SaveConflict] = []
        var datedWritten: [DatedEdit] = []
        if !dated.isEmpty { try probeJournal(db, today: effective) }
        var storedBefore: [DecimalValue?] = []
        for edit in dated {
          storedBefore.append(try Self.entryAmount(db, of: edit.currency, exactlyOn: edit.date))
        }
        // `dated` is oldest first.
        for (edit, theirs) in zip(dated, storedBefore) {
          let seen = edit.recordedOnDate ? edit.seen : nil
          if !force, theirs != seen, let theirs, theirs != edit.amount {
            datedConflicts.append(
              SaveConflict(currency: edit.currency, theirs: theirs, ours: edit.amount, date: edit.date))
            continue
          }
          datedWritten.append(edit)
          // A balance written down is a fact of its day, kept even when it equals the
          // amount carried there: only the same entry for that very day is not written
          // twice.
          if try Self.entryAmount(db, of: edit.currency, exactlyOn: edit.date) == edit.amount { continue }
          let replaced = try Self.balance(db, of: edit.currency, on: edit.date)
          let amount = edit.amount.description
          try writeJournal.executeBound(
            .text(entered), .integer(Int64(now.offsetMinutes)), .integer(Int64(edit.date.dayNumber)),
            .text(edit.currency.code), .text(replaced.description), .text(amount))
          written += 1
          // The current amount follows only when nothing later is recorded, here or in
          // this batch.
          if batch.amount(of: edit.currency) == nil, try !Self.hasEntry(db, of: edit.currency, after: edit.date) {
            try writeHolding.executeBound(.text(edit.currency.code), .text(amount))
          }
        }
        outcome.conflicts = datedConflicts
        outcome.savedDated = datedWritten
        // Today's entries are written together: one statement for their holdings and one
        // for their journal rows. A statement a row cost SQLite twice the allocations (each
        // statement its own statement journal, each row its triggers' frames), 19 a row
        // instead of 8.
        var holdings: [BoundValue] = []
        var entries: [BoundValue] = []
        holdings.reserveCapacity(batch.amounts.count * 2)
        entries.reserveCapacity(batch.amounts.count * 6)
        for (currency, ours) in batch.amounts {
          let theirs = stored[currency] ?? .zero
          if theirs == ours {
            outcome.alreadyStored.append(currency)
            continue
          }
          if !force && theirs != base[currency.index] {
            outcome.conflicts.append(SaveConflict(currency: currency, theirs: theirs, ours: ours))
            continue
          }
          let amount = ours.description
          // What today's entry replaces: the holding, or a balance this batch wrote for a
          // past date after it.
          let replaced =
            batch.hasDated(currency) ? try Self.balance(db, of: currency, on: effective) : theirs
          holdings += [.text(currency.code), .text(amount)]
          entries += [
            .text(entered), .integer(Int64(now.offsetMinutes)), .integer(Int64(today)), .text(currency.code),
            .text(replaced.description), .text(amount),
          ]
          written += 1
        }
        if !holdings.isEmpty {
          let rows = holdings.count / 2
          try (rows == 1 ? writeHolding : db.cachedStatement(sql: Self.writeHoldingsSQL(rows: rows))).executeBound(
            holdings)
          try (rows == 1 ? writeJournal : db.cachedStatement(sql: JournalInsert.sql(rows: rows))).executeBound(
            entries)
        }
        // The months before this one whose entries this save (or anything since the last
        // write) changed: built again. This month's row stays stale while the month runs.
        if written > 0 { try JournalMonthCache.repair(db, today: effective) }
        _ = try RateDayTable.record(db, batch.rates, quotes: batch.quotes)
        if !batch.quotes.isEmpty || !batch.rates.isEmpty {
          outcome.ratesRevision = try nextRatesRevision(db)
        }
        if let local = batch.local {
          try Self.setSetting(db, StoredSettings.localKey, local.code)
        }
        counters.rowsWritten += written
        outcome.wroteSomething = written > 0 || !batch.quotes.isEmpty || !batch.rates.isEmpty || batch.local != nil
        return outcome
      }
      // A save that met only conflicts wrote nothing: it is not counted as one.
      if outcome.wroteSomething { counters.saves += 1 }
      return outcome
    } catch {
      throw storeError(error)
    }
  }

  /// Holdings written, `rows` of them: a row's code and amount.
  static func writeHoldingsSQL(rows: Int) -> String {
    "INSERT INTO holding (code, amount) VALUES " + repeatElement("(?, ?)", count: rows).joined(separator: ", ")
      + " ON CONFLICT(code) DO UPDATE SET amount = excluded.amount"
  }

  /// The stored amounts of `currencies`, inside the save's transaction. A row of one of
  /// them that cannot be read is an error: a save never compares against a guess, nor
  /// writes over what it could not read. Rows of other currencies are not this save's.
  private func storedAmounts(_ db: Database, of currencies: [Currency]) throws -> [Currency: DecimalValue] {
    guard !currencies.isEmpty else { return [:] }
    counters.dbReads += 1
    // Every holding is read (there are at most a few dozen), so that the statement is
    // the same for every save and prepared once.
    let statement = try db.cachedStatement(sql: HoldingRecord.selection)
    if let stored = try Self.holdingsAsWritten(statement, of: currencies) { return stored }
    let wanted = Set(currencies)
    let rows = try Row.fetchCursor(statement)
    var stored: [Currency: DecimalValue] = [:]
    while let row = try rows.next() {
      do throws(StoreDamage) {
        let holding = try HoldingRecord(checking: row)
        if wanted.contains(holding.currency) { stored[holding.currency] = holding.amount }
      } catch {
        // A damaged row is this save's when its code names one of the currencies saved.
        let code = StoredValue(row, 1).text.flatMap { Catalog.currency($0) }
        if code.map(wanted.contains) ?? false { throw error }
      }
    }
    return stored
  }

  /// `currencies`' stored amounts read straight from SQLite's values, when every holding
  /// row is as Coffer writes one: its code text spelt as the catalog spells it, its
  /// amount text that reads back as an amount of that currency. nil at the first row that
  /// is not, for `HoldingRecord(checking:)` to read all again and name what is wrong (a
  /// save meets every row, and decoding each through GRDB's rows cost more than SQLite's
  /// part of the save).
  static func holdingsAsWritten(
    _ statement: Statement, of currencies: [Currency]
  ) throws -> [Currency: DecimalValue]? {
    var wanted = [Bool](repeating: false, count: Catalog.count)
    for currency in currencies { wanted[currency.index] = true }
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    defer { sqlite3_reset(handle) }
    var stored: [Currency: DecimalValue] = [:]
    stored.reserveCapacity(currencies.count)
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return stored }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
          sql: statement.sql)
      }
      // Columns 1 and 2 of `HoldingRecord.selection`: code and amount, both text. The
      // type is asked first: reading a value as text would convert it.
      guard sqlite3_column_type(handle, 1) == SQLITE_TEXT, sqlite3_column_type(handle, 2) == SQLITE_TEXT,
        let codeBytes = sqlite3_column_text(handle, 1), let amountBytes = sqlite3_column_text(handle, 2)
      else { return nil }
      // Decoded whole, with its length: a NUL byte or invalid UTF-8 in it spells no code.
      let codeText = String(
        decoding: UnsafeBufferPointer(start: codeBytes, count: Int(sqlite3_column_bytes(handle, 1))), as: UTF8.self)
      guard let currency = Catalog.currency(codeText), codeText == currency.code,
        let amount = DecimalValue(
          storedBytes: UnsafeBufferPointer(start: amountBytes, count: Int(sqlite3_column_bytes(handle, 2)))),
        AmountRules.problem(with: amount, for: currency) == nil
      else { return nil }
      if wanted[currency.index] { stored[currency] = amount }
    }
  }

  static func setSetting(_ db: Database, _ key: String, _ value: String) throws {
    try SettingRecord(key: key, value: value).upsert(db)
  }

  /// Forgets every stored rate and quote; returns the new rates revision.
  func clearRates() throws(StoreError) -> Int {
    reopenIfItWasReadOnly()
    do {
      return try write { db in
        try db.execute(sql: "DELETE FROM rate_day")
        return try nextRatesRevision(db)
      }
    } catch {
      throw storeError(error)
    }
  }

  /// Removes every rate source.
  package func clearRateSources() throws(StoreError) {
    reopenIfItWasReadOnly()
    do {
      try write { db in _ = try RateSource.deleteAll(db) }
    } catch {
      throw storeError(error)
    }
  }

  // MARK: - Rate sources

  /// Adds a source, or replaces the one of the same name (which keeps its place). Written
  /// at once in its own transaction: sources are configuration, like the sqlite3 shell's
  /// dot-commands, not edits of the batch that `save` writes.
  package func setRateSource(_ source: RateSource) throws(StoreError) {
    reopenIfItWasReadOnly()
    do {
      // A source of the same name is replaced where it stands (`name` is unique; the
      // position, the key, is not among the columns an upsert sets).
      try write { db in try source.upsert(db) }
    } catch {
      throw storeError(error)
    }
  }

  /// Removes a source; false when there is none of that name.
  package func removeRateSource(named name: String) throws(StoreError) -> Bool {
    reopenIfItWasReadOnly()
    do {
      return try write { db in
        try RateSource.filter(RateSource.CodingKeys.name == name).deleteAll(db) > 0
      }
    } catch {
      throw storeError(error)
    }
  }
}

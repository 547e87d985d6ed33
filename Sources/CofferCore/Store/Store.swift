import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the store holds, as read in one go.
package struct StoredState: Sendable {
  package var amounts: [Currency: DecimalValue]
  package var local: Currency?
  /// nil when the rates were not read because they had not changed.
  package var rates: RateBook?
  package var ratesRevision: Int
}

/// One saved change, as the journal keeps it.
package struct JournalEntry: Sendable {
  package let time: String
  package let currency: Currency
  package let old: DecimalValue
  package let new: DecimalValue
}

/// The SQLite database behind Coffer, through GRDB: holdings, rates (as history),
/// settings and the journal of saved changes.
///
/// Every query it sends is counted (`db_reads`, `version_checks`), and it writes only in
/// `save`, one transaction a batch.
package final class Store {
  package let location: StoreLocation
  private var database: DatabaseQueue
  /// Set when a write found the store read-only: SQLite keeps a connection opened
  /// read-only so, and the next save opens a new one in case the file became writable.
  private var reopenBeforeWriting = false
  private let counters: Counters
  /// `PRAGMA data_version` as last seen; it moves when another connection commits.
  private var dataVersion: Int = 0
  /// When `data_version` was last asked for (monotonic nanoseconds).
  private var lastVersionCheck: UInt64 = 0
  static let versionCheckInterval: UInt64 = 1_000_000
  /// Stores up to this many pages get a quick integrity check whenever they are opened.
  static let pagesCheckedOnEveryOpen = 256

  private static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  package init(location: StoreLocation, counters: Counters) throws(StoreError) {
    self.location = location
    self.counters = counters
    let configuration = Self.configuration
    do {
      var identity = StoreIdentity(kind: .empty, pageCount: 0)
      var crashedBefore = false
      switch location {
      case .memory:
        database = try DatabaseQueue(configuration: configuration)
      case .file(let path), .standard(let path):
        let fileSize = try Self.prepareFile(at: path, createFolders: location.createsFolders)
        // A WAL left behind means the last process did not close the store: check it
        // before use. This looks only at whether SQLite's file exists; it is never opened.
        crashedBefore = Self.fileSize(path + "-wal") ?? 0 > 0
        database = try DatabaseQueue(path: path, configuration: configuration)
        identity = try database.inDatabase { db in
          // Nothing is written before the file is known to be a Coffer store (or new).
          let identity = try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: Self.schemaVersion)
          // WAL is set here rather than through GRDB's journalMode option, which writes
          // to the file on open and so could not open a store another process is writing.
          let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
          guard mode == "wal" else { throw StoreError.cannotOpen(path: path, reason: "cannot use WAL mode") }
          return identity
        }
      }
      // A damaged store is refused before it is read or written. The check reads every
      // page, so it runs on every open only while that is cheap (a store of 1 MiB takes
      // about 0.3 ms); a larger one (a long rates history) is checked after an unclean
      // exit, and by `check`.
      if crashedBefore || (1...Self.pagesCheckedOnEveryOpen).contains(identity.pageCount) { try quickCheck() }
      // Migrating takes the write lock; a store that is up to date is only read here,
      // so it opens even while another process is writing.
      if identity.kind != .coffer(version: Self.schemaVersion, marked: true) {
        try Self.migrator.migrate(database)
        try database.inDatabase { db in
          try db.execute(
            sql: "PRAGMA user_version = \(Self.schemaVersion); PRAGMA application_id = \(StoreIdentity.applicationID)")
        }
      }
      dataVersion = try database.inDatabase { db in
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  private static var configuration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    configuration.label = "coffer"
    // The schema has no foreign keys: spare the pragma GRDB would send on every open.
    configuration.foreignKeysEnabled = false
    return configuration
  }

  /// Opens a new connection to a file store that was read-only at the last write, and
  /// makes the next `changedElsewhere` reload everything (the new connection has its
  /// own `data_version`). Keeps the old connection when the new one cannot be opened.
  private func reopenIfItWasReadOnly() {
    guard reopenBeforeWriting, location != .memory else { return }
    guard let reopened = try? DatabaseQueue(path: location.description, configuration: Self.configuration) else {
      return
    }
    try? database.close()
    database = reopened
    reopenBeforeWriting = false
    forgetDataVersion()
  }

  /// Makes the next `changedElsewhere` answer yes, so everything is read again.
  package func forgetDataVersion() {
    dataVersion = -1
    lastVersionCheck = 0
  }

  /// Converts a failure of this store, noting when it was read-only.
  private func storeError(_ error: any Error) -> StoreError {
    let failure = StoreError.from(error, path: location.description)
    if case .readOnly = failure { reopenBeforeWriting = true }
    return failure
  }

  /// `PRAGMA quick_check`: throws `.damaged` with SQLite's first findings unless ok.
  private func quickCheck() throws(StoreError) {
    let findings = try integrityFindings(sql: "PRAGMA quick_check(5)")
    guard findings.isEmpty else {
      throw .damaged(path: location.description, what: "SQLite's quick check found " + findings.joined(separator: "; "))
    }
  }

  /// What SQLite's integrity check found, or nothing when the store is sound.
  private func integrityFindings(sql: String) throws(StoreError) -> [String] {
    do {
      let lines = try database.inDatabase { db in try String.fetchAll(db, sql: sql) }
      counters.dbReads += 1
      return lines == ["ok"] ? [] : lines
    } catch {
      let failure = StoreError.from(error, path: location.description)
      if case .notADatabase = failure { return ["the file is not a readable SQLite database"] }
      throw failure
    }
  }

  /// The full integrity check behind `check`: SQLite's findings (empty when sound).
  package func integrityCheck() throws(StoreError) -> [String] {
    try integrityFindings(sql: "PRAGMA integrity_check(5)")
  }

  private static func fileSize(_ path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Int(status.st_size)
  }

  /// Creates the file with mode 0600 if it is missing (SQLite gives its WAL and
  /// shared-memory files the database's mode, so they are never readable by others),
  /// and returns its size. Missing folders are created only for the default location:
  /// an explicit path into a folder that does not exist is a mistake, as in sqlite3.
  private static func prepareFile(at path: String, createFolders: Bool) throws(StoreError) -> Int {
    var status = stat()
    if stat(path, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw .cannotOpen(path: path, reason: "it is a folder")
      }
      if (status.st_mode & S_IFMT) != S_IFREG {
        throw .cannotOpen(path: path, reason: "it is not a regular file")
      }
      return Int(status.st_size)
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
      guard createFolders else {
        throw .cannotOpen(path: path, reason: "the folder \(folder) does not exist")
      }
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cannotOpen(path: path, reason: "cannot create folder \(folder)")
      }
    }
    let descriptor = open(path, O_CREAT | O_WRONLY | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    closeDescriptor(descriptor)
    return 0
  }

  // MARK: - Schema

  /// The number of migrations below; kept in the store's `PRAGMA user_version`.
  static let schemaVersion = 4

  /// Versioned schema: a store made by an older build is brought up to date on open.
  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(StoreIdentity.firstMigration) { db in
      try db.execute(
        sql: """
          CREATE TABLE holding (code TEXT PRIMARY KEY NOT NULL, amount TEXT NOT NULL);
          CREATE TABLE rate (
            code TEXT NOT NULL, date TEXT NOT NULL, perEuro TEXT NOT NULL, source TEXT NOT NULL,
            PRIMARY KEY (code, date));
          CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
          """)
      for rate in RateBook.compiledIn.allRates {
        try db.execute(
          sql: "INSERT INTO rate (code, date, perEuro, source) VALUES (?, ?, ?, ?)",
          arguments: [rate.currency.code, rate.date.description, rate.perEuro.description, rate.source])
      }
    }
    migrator.registerMigration("v2: journal") { db in
      try db.execute(
        sql: """
          CREATE TABLE journal (
            id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, code TEXT NOT NULL,
            old TEXT NOT NULL, new TEXT NOT NULL);
          CREATE INDEX journal_code ON journal (code, id);
          """)
    }
    migrator.registerMigration("v3: rates as one snapshot per day") { db in
      // One row per day instead of one per rate: a history import writes 7,000 rows
      // instead of 177,000, and the rates on a date are one row (see RateSnapshot).
      try db.execute(sql: RateDayTable.createSQL)
      let rates = try Row.fetchAll(db, sql: "SELECT code, date, perEuro, source FROM rate").compactMap { row -> Rate? in
        guard let currency = Catalog.currency(row["code"] as String), let date = CalendarDate(row["date"] as String),
          let value = try? DecimalValue(parsing: row["perEuro"] as String)
        else { return nil }
        return Rate(currency: currency, perEuro: value, date: date, source: row["source"])
      }
      _ = try RateDayTable.record(db, rates)
      try db.execute(sql: "DROP TABLE rate")
    }
    migrator.registerMigration("v4: rate sources; direct quotes in the day snapshots") { db in
      // Day snapshots may now hold direct quotes (format 2), which an older Coffer would
      // take for damage: the schema version is what keeps it from opening this store.
      try db.execute(
        sql: """
          CREATE TABLE rate_source (
            position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, url TEXT NOT NULL,
            currencies TEXT NOT NULL);
          """)
      for source in RateSource.defaults { try insertSource(db, source) }
    }
    return migrator
  }

  private static func insertSource(_ db: Database, _ source: RateSource) throws {
    try db.execute(
      sql: """
        INSERT INTO rate_source (position, name, url, currencies)
        VALUES (coalesce((SELECT max(position) FROM rate_source), 0) + 1, ?, ?, ?)
        ON CONFLICT(name) DO UPDATE SET url = excluded.url, currencies = excluded.currencies
        """,
      arguments: [source.name, source.url, source.currencies.map(\.code).joined(separator: " ")])
  }

  /// Applies only the migrations up to `identifier`: how tests make an older store.
  package static func migrate(path: String, upTo identifier: String) throws {
    _ = try prepareFile(at: path, createFolders: false)
    let database = try DatabaseQueue(path: path)
    try migrator.migrate(database, upTo: identifier)
  }

  /// Closes the connection (SQLite checkpoints and removes the WAL when it is the last).
  package func close() {
    try? database.close()
  }

  // MARK: - Reads

  /// Whether another process committed since the last check. `PRAGMA data_version` on
  /// this session's own connection is SQLite's documented way to tell; Coffer never
  /// looks into SQLite's `-wal` or `-shm` files itself.
  ///
  /// The check is a read transaction (file locks, a few system calls): asked before
  /// every statement of a million-line script it would cost more than the script. So
  /// it is sent at most once per `versionCheckInterval`: another session's save is seen
  /// within a millisecond, and a save never depends on it (a save compares, inside its
  /// own transaction, the stored amounts with those this session read).
  package func changedElsewhere() throws(StoreError) -> Bool {
    // An in-memory store has no other connections.
    if case .memory = location { return false }
    let now = Self.monotonicNanoseconds()
    guard now &- lastVersionCheck >= Self.versionCheckInterval else { return false }
    lastVersionCheck = now
    counters.versionChecks += 1
    do {
      let version = try database.inDatabase { db in
        try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
      }
      defer { dataVersion = version }
      return version != dataVersion
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// Reads holdings and settings, and the rates when their revision differs from
  /// `knownRatesRevision` (rates can be large; they are re-read only when they moved).
  package func load(knownRatesRevision: Int?, today: CalendarDate) throws(StoreError) -> StoredState {
    do {
      return try database.inDatabase { db in
        let holdingRows = try Row.fetchAll(db, sql: "SELECT code, amount FROM holding")
        let settingRows = try Row.fetchAll(db, sql: "SELECT key, value FROM setting")
        counters.dbReads += 2
        var amounts: [Currency: DecimalValue] = [:]
        for row in holdingRows {
          guard let currency = Catalog.currency(row["code"] as String),
            let amount = try? DecimalValue(parsing: row["amount"] as String)
          else { continue }
          amounts[currency] = amount
        }
        var settings: [String: String] = [:]
        for row in settingRows { settings[row["key"]] = row["value"] as String }
        let revision = Int(settings["rates_revision"] ?? "0") ?? 0
        var rates: RateBook?
        if knownRatesRevision != revision {
          rates = try readRates(db, on: today)
        }
        return StoredState(
          amounts: amounts, local: settings["local"].flatMap { Catalog.currency($0) }, rates: rates,
          ratesRevision: revision)
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// The rates in use on a date: for each currency the latest rate dated on or before
  /// it. One index seek per catalog currency, however long the history.
  package func rates(on date: CalendarDate) throws(StoreError) -> RateBook {
    do {
      return try database.inDatabase { db in try readRates(db, on: date) }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// The rates of `currencies` and their quotes with `target` dated in `from...to`,
  /// plus those in use when the range starts (see `RateDayTable.history`).
  package func history(
    of currencies: Set<Currency>, quotesWith target: Currency, from: CalendarDate, to: CalendarDate
  ) throws(StoreError) -> RateBook {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        return try RateDayTable.history(
          db, of: currencies, quotesWith: target, from: from.dayNumber, to: to.dayNumber)
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// The rates of one currency dated in `from...to`, plus the one in use when the range
  /// starts, oldest first.
  package func history(of currency: Currency, from: CalendarDate, to: CalendarDate) throws(StoreError) -> [Rate] {
    try history(of: [currency], quotesWith: currency, from: from, to: to).rates(of: currency)
  }

  private func readRates(_ db: Database, on date: CalendarDate) throws -> RateBook {
    counters.dbReads += 1
    var sources = SourceNames()
    guard let row = try RateDayTable.snapshot(db, onOrBefore: date.dayNumber, sources: &sources) else {
      return RateBook()
    }
    return RateBook(row.snapshot.allRates(sources: sources), quotes: row.snapshot.allQuotes(sources: sources))
  }

  /// The last `limit` saved changes, newest first, optionally of one currency.
  package func journal(of currency: Currency?, limit: Int) throws(StoreError) -> [JournalEntry] {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        let rows: [Row]
        if let currency {
          rows = try Row.fetchAll(
            db, sql: "SELECT time, code, old, new FROM journal WHERE code = ? ORDER BY id DESC LIMIT ?",
            arguments: [currency.code, limit])
        } else {
          rows = try Row.fetchAll(
            db, sql: "SELECT time, code, old, new FROM journal ORDER BY id DESC LIMIT ?", arguments: [limit])
        }
        return rows.compactMap { row in
          guard let currency = Catalog.currency(row["code"] as String),
            let old = try? DecimalValue(parsing: row["old"] as String),
            let new = try? DecimalValue(parsing: row["new"] as String)
          else { return nil }
          return JournalEntry(time: row["time"], currency: currency, old: old, new: new)
        }
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  // MARK: - Rate sources

  /// Where `rates fetch` goes, in the order they were added. A row naming a currency
  /// outside the catalog is damage, not a source to fetch all currencies from.
  package func rateSources() throws(StoreError) -> [RateSource] {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        return try Row.fetchAll(db, sql: "SELECT name, url, currencies FROM rate_source ORDER BY position").map {
          row in
          let name: String = row["name"]
          let codes = (row["currencies"] as String).split(separator: " ").map(String.init)
          let currencies = codes.compactMap { Catalog.currency($0) }
          guard currencies.count == codes.count else {
            throw StoreError.damaged(path: location.description, what: "rate source \(name) names an unknown currency")
          }
          return RateSource(name: name, url: row["url"], currencies: currencies)
        }
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw storeError(error)
    }
  }

  /// Adds a source, or replaces the one of the same name (which keeps its place). Written
  /// at once in its own transaction: sources are configuration, like the sqlite3 shell's
  /// dot-commands, not edits of the batch that `save` writes.
  package func setRateSource(_ source: RateSource) throws(StoreError) {
    reopenIfItWasReadOnly()
    do {
      try database.inDatabase { db in try Self.insertSource(db, source) }
    } catch {
      throw storeError(error)
    }
  }

  /// Removes a source; false when there is none of that name.
  package func removeRateSource(named name: String) throws(StoreError) -> Bool {
    reopenIfItWasReadOnly()
    do {
      return try database.inDatabase { db in
        try db.execute(sql: "DELETE FROM rate_source WHERE name = ?", arguments: [name])
        return db.changesCount > 0
      }
    } catch {
      throw storeError(error)
    }
  }

  // MARK: - Writes

  /// Stores imported rates in one transaction: all of them or, on any error, none.
  /// A rate identical to the stored one is left alone. `shouldStop` is asked as the
  /// days are written; once it is true the transaction is rolled back.
  package func importRates(
    _ rates: [Rate], shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
    reopenIfItWasReadOnly()
    do {
      return try database.inDatabase { db -> StoredImport in
        var changed = 0
        try db.inTransaction(.immediate) {
          changed = try RateDayTable.record(db, rates, shouldStop: shouldStop, progress: progress)
          if changed > 0 {
            counters.dbReads += 1
            let current = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'rates_revision'")
            try Self.setSetting(db, "rates_revision", String((current.flatMap { Int($0) } ?? 0) + 1))
          }
          return .commit
        }
        return .stored(changed: changed)
      }
    } catch is RateDayTable.Stopped {
      return .stopped
    } catch {
      throw storeError(error)
    }
  }

  /// What a save wrote, and what it held back.
  package struct SaveOutcome: Sendable {
    /// The rates revision after the save.
    package var ratesRevision: Int
    /// Currencies another session changed since this one loaded them: not written.
    package var conflicts: [SaveConflict]
    /// Currencies whose stored amount already equals ours: nothing to write.
    package var alreadyStored: [Currency]
    /// Whether the transaction changed anything.
    package var wroteSomething = false
  }

  /// Writes a batch in one transaction: the changed holdings with their journal rows,
  /// new rates and settings. `base` holds, per currency, the amount this session last
  /// read from the store; a currency whose stored amount differs from it was saved by
  /// another session. Unless `force` is set such a currency is a conflict: it is left
  /// out (and returned), and everything else in the batch is still written.
  package func save(
    _ batch: PendingBatch, base: [DecimalValue], ratesRevision: Int, force: Bool
  ) throws(StoreError) -> SaveOutcome {
    reopenIfItWasReadOnly()
    let now = Self.timestamp()
    do {
      let outcome = try database.inDatabase { db -> SaveOutcome in
        var outcome = SaveOutcome(ratesRevision: ratesRevision, conflicts: [], alreadyStored: [])
        try db.inTransaction(.immediate) {
          let stored = try storedAmounts(db, of: batch.amounts.map(\.currency))
          var written = 0
          // Prepared once per connection and looked up once per save (a sheet's Done
          // writes up to 41 of each).
          let writeHolding = try db.cachedStatement(
            sql:
              "INSERT INTO holding (code, amount) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET amount = excluded.amount"
          )
          let writeJournal = try db.cachedStatement(
            sql: "INSERT INTO journal (time, code, old, new) VALUES (?, ?, ?, ?)")
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
            try writeHolding.execute(arguments: [currency.code, amount])
            try writeJournal.execute(arguments: [now, currency.code, theirs.description, amount])
            written += 1
          }
          _ = try RateDayTable.record(db, [], quotes: batch.quotes)
          if !batch.quotes.isEmpty {
            counters.dbReads += 1
            let current = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'rates_revision'")
            outcome.ratesRevision = (current.flatMap { Int($0) } ?? 0) + 1
            try Self.setSetting(db, "rates_revision", String(outcome.ratesRevision))
          }
          if let local = batch.local {
            try Self.setSetting(db, "local", local.code)
          }
          counters.rowsWritten += written
          outcome.wroteSomething = written > 0 || !batch.quotes.isEmpty || batch.local != nil
          return .commit
        }
        return outcome
      }
      // A save that met only conflicts wrote nothing: it is not counted as one.
      if outcome.wroteSomething { counters.saves += 1 }
      return outcome
    } catch {
      throw storeError(error)
    }
  }

  /// The stored amounts of `currencies`, inside the save's transaction. A row that does
  /// not decode is an error: a save must never compare against a guess.
  private func storedAmounts(_ db: Database, of currencies: [Currency]) throws -> [Currency: DecimalValue] {
    guard !currencies.isEmpty else { return [:] }
    counters.dbReads += 1
    // Every holding is read (there are at most a few dozen), so that the statement is
    // the same for every save and prepared once.
    let wanted = Set(currencies)
    let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT code, amount FROM holding"))
    var stored: [Currency: DecimalValue] = [:]
    while let row = try rows.next() {
      let code: String = row[0]
      // Only the rows being saved are checked: a damaged row of another currency does not
      // stop this save (it is skipped when loaded, as before).
      guard let currency = Catalog.currency(code), wanted.contains(currency) else { continue }
      let text: String = row[1]
      guard let amount = try? DecimalValue(parsing: text) else {
        throw StoreError.damaged(path: location.description, what: "holding row \(code) = '\(text)'")
      }
      stored[currency] = amount
    }
    return stored
  }

  private static func setSetting(_ db: Database, _ key: String, _ value: String) throws {
    try db.execute(
      sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      arguments: [key, value])
  }

  private static func timestamp() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// What `Store.importRates` did.
package enum StoredImport: Sendable, Equatable {
  /// Committed; `changed` rates were new or different from the stored ones.
  case stored(changed: Int)
  /// Stopped when asked and rolled back: nothing was stored.
  case stopped
}

/// close(2): inside `Store` the name `close` is the store's own.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}

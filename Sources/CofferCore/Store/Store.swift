import Foundation
import GRDB

/// Everything the store holds, as read in one go.
public struct StoredState: Sendable {
  public var amounts: [Currency: DecimalValue]
  public var local: Currency?
  /// nil when the rates were not read because they had not changed.
  public var rates: RateBook?
  public var ratesRevision: Int
}

/// One saved change, as the journal keeps it.
public struct JournalEntry: Sendable {
  public let time: String
  public let currency: Currency
  public let old: DecimalValue
  public let new: DecimalValue
}

/// The SQLite database behind Coffer, through GRDB: holdings, rates (as history),
/// settings and the journal of saved changes.
///
/// Every query it sends is counted (`db_reads`, `version_checks`), and it writes only in
/// `save`, one transaction a batch.
public final class Store {
  public let location: StoreLocation
  private let database: DatabaseQueue
  private let counters: Counters
  /// `PRAGMA data_version` as last seen; it moves when another connection commits.
  private var dataVersion: Int = 0

  public init(location: StoreLocation, counters: Counters) throws(StoreError) {
    self.location = location
    self.counters = counters
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    configuration.label = "coffer"
    // The schema has no foreign keys: spare the pragma GRDB would send on every open.
    configuration.foreignKeysEnabled = false
    do {
      switch location {
      case .memory:
        database = try DatabaseQueue(configuration: configuration)
      case .file(let path):
        // WAL is set here rather than through GRDB's journalMode option, which writes
        // to the file on open and so could not open a store another process is writing.
        configuration.prepareDatabase { db in
          let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
          guard mode == "wal" else { throw StoreError.cannotOpen(path: path, reason: "cannot use WAL mode") }
        }
        try Self.prepareFile(at: path)
        database = try DatabaseQueue(path: path, configuration: configuration)
      }
      // Migrating takes the write lock; a store that is up to date is only read here,
      // so it opens even while another process is writing.
      // `user_version` records the last migration applied, so an up-to-date store
      // costs one pragma here rather than the migrator's look at its own table.
      let version = try database.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
      if version != Self.schemaVersion {
        try Self.migrator.migrate(database)
        try database.inDatabase { db in try db.execute(sql: "PRAGMA user_version = \(Self.schemaVersion)") }
      }
      dataVersion = try database.inDatabase { db in
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// Creates missing folders, and the file itself with mode 0600 so that SQLite (which
  /// gives its WAL and shared-memory files the database's mode) never makes it readable
  /// by others.
  private static func prepareFile(at path: String) throws(StoreError) {
    var status = stat()
    if stat(path, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw .cannotOpen(path: path, reason: "it is a folder")
      }
      return
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
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
    Glibc.close(descriptor)
  }

  // MARK: - Schema

  /// The number of migrations below; kept in the store's `PRAGMA user_version`.
  static let schemaVersion = 3

  /// Versioned schema: a store made by an older build is brought up to date on open.
  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: holdings, rates, settings") { db in
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
    return migrator
  }

  /// Applies only the migrations up to `identifier`: how tests make an older store.
  package static func migrate(path: String, upTo identifier: String) throws {
    try prepareFile(at: path)
    let database = try DatabaseQueue(path: path)
    try migrator.migrate(database, upTo: identifier)
  }

  /// Closes the connection (SQLite checkpoints and removes the WAL when it is the last).
  public func close() {
    try? database.close()
  }

  // MARK: - Reads

  /// Whether another process committed since the last check. `PRAGMA data_version` on
  /// this session's own connection is SQLite's documented way to tell, and costs
  /// microseconds; Coffer never looks into SQLite's `-wal` or `-shm` files itself.
  public func changedElsewhere() throws(StoreError) -> Bool {
    // An in-memory store has no other connections.
    guard case .file = location else { return false }
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
  public func load(knownRatesRevision: Int?, today: CalendarDate) throws(StoreError) -> StoredState {
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
  public func rates(on date: CalendarDate) throws(StoreError) -> RateBook {
    do {
      return try database.inDatabase { db in try readRates(db, on: date) }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// The rates of `currency` dated in `from...to`, plus the latest one before `from`
  /// (the rate in use when the range starts), oldest first.
  public func history(of currency: Currency, from: CalendarDate, to: CalendarDate) throws(StoreError) -> [Rate] {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        return try RateDayTable.history(db, of: currency, from: from.dayNumber, to: to.dayNumber)
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  private func readRates(_ db: Database, on date: CalendarDate) throws -> RateBook {
    counters.dbReads += 1
    var sources = SourceNames()
    guard let row = try RateDayTable.snapshot(db, onOrBefore: date.dayNumber, sources: &sources) else {
      return RateBook()
    }
    return RateBook(row.snapshot.allRates(sources: sources))
  }

  /// The last `limit` saved changes, newest first, optionally of one currency.
  public func journal(of currency: Currency?, limit: Int) throws(StoreError) -> [JournalEntry] {
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

  // MARK: - Writes

  /// Stores imported rates in one transaction: all of them or, on any error, none.
  /// A rate identical to the stored one is left alone. `shouldStop` is asked as the
  /// days are written; once it is true the transaction is rolled back.
  public func importRates(
    _ rates: [Rate], shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> StoredImport {
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
      throw StoreError.from(error, path: location.description)
    }
  }

  /// Writes a batch in one transaction: the changed holdings with their journal rows,
  /// new rates and settings. `base` holds, per currency, the amount this session last
  /// read from the store; a currency whose stored amount differs from it was saved by
  /// another session, and unless `force` is set the whole save stops with a conflict.
  /// Returns the new rates revision.
  public func save(
    _ batch: PendingBatch, base: [DecimalValue], ratesRevision: Int, force: Bool
  ) throws(StoreError) -> Int {
    let now = Self.timestamp()
    do {
      let revision = try database.inDatabase { db -> Int in
        var newRevision = ratesRevision
        try db.inTransaction(.immediate) {
          var stored: [Currency: DecimalValue] = [:]
          if !batch.amounts.isEmpty {
            counters.dbReads += 1
            let codes = batch.amounts.map(\.currency.code)
            let placeholders = Array(repeating: "?", count: codes.count).joined(separator: ",")
            let rows = try Row.fetchAll(
              db, sql: "SELECT code, amount FROM holding WHERE code IN (\(placeholders))",
              arguments: StatementArguments(codes))
            for row in rows {
              if let currency = Catalog.currency(row["code"] as String),
                let amount = try? DecimalValue(parsing: row["amount"] as String)
              {
                stored[currency] = amount
              }
            }
          }
          let ordered = batch.amounts
          if !force {
            let conflicts = ordered.compactMap { currency, ours -> SaveConflict? in
              let theirs = stored[currency] ?? .zero
              return theirs == base[currency.index]
                ? nil : SaveConflict(currency: currency, theirs: theirs, ours: ours)
            }
            if !conflicts.isEmpty { throw StoreError.conflict(conflicts) }
          }
          var written = 0
          for (currency, amount) in ordered {
            let old = stored[currency] ?? .zero
            guard old != amount else { continue }
            try db.execute(
              sql:
                "INSERT INTO holding (code, amount) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET amount = excluded.amount",
              arguments: [currency.code, amount.description])
            try db.execute(
              sql: "INSERT INTO journal (time, code, old, new) VALUES (?, ?, ?, ?)",
              arguments: [now, currency.code, old.description, amount.description])
            written += 1
          }
          _ = try RateDayTable.record(db, batch.rates)
          if !batch.rates.isEmpty {
            counters.dbReads += 1
            let current = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'rates_revision'")
            newRevision = (current.flatMap { Int($0) } ?? 0) + 1
            try Self.setSetting(db, "rates_revision", String(newRevision))
          }
          if let local = batch.local {
            try Self.setSetting(db, "local", local.code)
          }
          counters.rowsWritten += written
          return .commit
        }
        return newRevision
      }
      counters.saves += 1
      return revision
    } catch {
      throw StoreError.from(error, path: location.description)
    }
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
public enum StoredImport: Sendable, Equatable {
  /// Committed; `changed` rates were new or different from the stored ones.
  case stored(changed: Int)
  /// Stopped when asked and rolled back: nothing was stored.
  case stopped
}

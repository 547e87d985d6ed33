import Foundation
import GRDB
import GRDBSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// What `Store.restore` brought in.
package struct RestoredStore: Sendable, Equatable {
  /// The schema the file was written in; older ones are brought up to date on the way.
  package let schemaVersion: Int
  /// The schema it was brought up to, when it was older than this Coffer's.
  package let migratedTo: Int?
  package let holdings: Int
  package let rateDays: Int
  package let journalEntries: Int
  /// What the file held that is not Coffer's (its own triggers, views, tables, indexes,
  /// or Coffer's rewritten), left behind: a restore takes rows, never code.
  package let leftOut: [String]
}

extension Store {
  /// Replaces the store's contents with those of the Coffer store at `path`.
  ///
  /// The file is first copied, through SQLite's backup, into a store in memory, and
  /// checked there: a Coffer store (its application id, or an early store's tables), a
  /// schema this Coffer reads, SQLite's integrity check. Its rows alone are then taken
  /// into a store this Coffer makes (`takeRows`): none of the file's triggers, views or
  /// other objects come with them. That store is brought up to date (the file itself is
  /// left as it is), and every row is checked as Coffer writes it (`audit`). Anything
  /// else fails, naming why, and the store is not touched. Only then is the checked
  /// store written over this one with SQLite's backup, in one write transaction:
  /// other sessions see one commit (their `PRAGMA data_version` moves) and reload, as after
  /// another session's save. The rates revision is moved past the store's and the file's
  /// so that every session re-reads the rates, and the local currency is written out
  /// when the file left it at its default, so that no session keeps its own.
  ///
  /// The file is opened read-only; a WAL-mode file with no `-wal` beside it is opened
  /// immutable, so that SQLite makes no `-wal` or `-shm` file next to it either.
  package func restore(from path: String) throws(StoreCopyError) -> RestoredStore {
    guard !inRunTransaction else {
      throw .file(FileProblem("a restore cannot run inside an --atomic run"))
    }
    let header: SQLiteFileHeader
    do {
      header = try SQLiteFileHeader.read(path)
    } catch {
      throw .file(error)
    }
    if let filePath, AtomicFile.names(path, theStoreAt: filePath) {
      throw .file(FileProblem("\(path) is this store itself"))
    }
    // Told from the header before anything is copied into memory.
    if header.applicationID != 0 && header.applicationID != StoreIdentity.applicationID {
      let hex = String(UInt32(bitPattern: header.applicationID), radix: 16)
      throw .file(
        FileProblem(
          "\(path) is not a Coffer store: it is another application's SQLite database (application_id 0x\(hex))"))
    }
    guard header.fileSize <= Self.largestRestored else {
      throw .file(
        FileProblem(
          "\(path) is \(header.fileSize >> 20) MiB, more than any Coffer store holds (\(Self.largestRestored >> 20) MiB at most)"
        ))
    }
    let staging: Store
    do {
      staging = try Store(location: .memory, counters: Counters())
    } catch {
      throw .store(error)
    }
    defer { staging.close() }
    let pageSize = try staging.pageSize()
    guard header.pageSize == pageSize else {
      let reason =
        header.applicationID == StoreIdentity.applicationID || header.applicationID == 0
        ? "its pages are \(header.pageSize) bytes, a Coffer store's \(pageSize)"
        : "it is another application's SQLite database (application_id 0x\(String(UInt32(bitPattern: header.applicationID), radix: 16)))"
      throw .file(FileProblem("\(path) is not a Coffer store this Coffer can restore: \(reason)"))
    }
    try Self.copyFile(at: path, header: header, into: staging.database)
    let (taken, restored) = try staging.takeRows(from: path, fileSize: header.fileSize)
    defer { taken.close() }
    do {
      try taken.prepareToReplace(self)
      counters.dbReads += 1
      reopenIfItWasReadOnly()
      try taken.database.backup(to: database)
    } catch {
      throw .store(storeError(error))
    }
    return restored
  }

  /// The largest file `restore` copies into memory to check it. A store holding the whole
  /// ECB history is under 2 MiB.
  static let largestRestored = 1 << 30

  private func pageSize() throws(StoreCopyError) -> Int {
    do {
      return try database.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096 }
    } catch {
      throw .store(storeError(error))
    }
  }

  /// Copies the SQLite database at `path` into `destination` (an empty in-memory store)
  /// with SQLite's backup, on a read-only connection of its own.
  private static func copyFile(
    at path: String, header: SQLiteFileHeader, into destination: DatabaseQueue
  ) throws(StoreCopyError) {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var uri = "file://" + uriEscaped(absolute) + "?mode=ro"
    // With no WAL beside it, a WAL-mode file holds everything itself; opened as it is,
    // SQLite would create -wal and -shm files next to it and, read-only, leave them.
    var status = stat()
    if header.isWAL && stat(path + "-wal", &status) != 0 { uri += "&immutable=1" }
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK, let source = handle
    else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      throw .file(FileProblem("cannot read \(path): \(message)"))
    }
    sqlite3_busy_timeout(source, 5000)
    do {
      try destination.writeWithoutTransaction { db in
        guard let backup = sqlite3_backup_init(db.sqliteConnection, "main", source, "main") else {
          throw DatabaseError(resultCode: db.lastErrorCode, message: db.lastErrorMessage)
        }
        var code = sqlite3_backup_step(backup, -1)
        var waited = 0
        // A rollback-journal writer holding the file: wait for it, as the busy timeout would.
        while (code == SQLITE_BUSY || code == SQLITE_LOCKED) && waited < 5000 {
          sqlite3_sleep(10)
          waited += 10
          code = sqlite3_backup_step(backup, -1)
        }
        let finished = sqlite3_backup_finish(backup)
        db.clearSchemaCache()
        guard code == SQLITE_DONE, finished == SQLITE_OK else {
          let failed = code == SQLITE_DONE ? finished : code
          throw DatabaseError(resultCode: ResultCode(rawValue: failed), message: db.lastErrorMessage)
        }
      }
    } catch let error as DatabaseError {
      let reason =
        switch error.resultCode.primaryResultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: "it is damaged or cut short"
        case .SQLITE_IOERR: "it cannot be read in full (\(error.message ?? "I/O error"))"
        case .SQLITE_BUSY, .SQLITE_LOCKED: "another process holds it locked (waited 5 s)"
        default: error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
      throw .file(FileProblem("cannot read \(path): \(reason)"))
    } catch {
      throw .file(FileProblem("cannot read \(path): \(error)"))
    }
  }

  /// A path as a URI's path: every byte but unreserved ones and '/' percent-encoded.
  private static func uriEscaped(_ path: String) -> String {
    var escaped = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        escaped.append(Character(Unicode.Scalar(byte)))
      default:
        escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return escaped
  }

  // MARK: - The copy in memory

  /// Checks this (in-memory) copy of the file at `path` as `restore` requires and takes
  /// its rows, and only its rows, into a new store made by this Coffer: a backup is data,
  /// never code. The copy's own triggers, views, tables and indexes stay behind (a trigger
  /// another program added would otherwise run inside this store at its next save); the
  /// rows of Coffer's tables are copied, column by column, into a store of the file's
  /// schema version made here, which is then brought up to date. Returns that store and
  /// what it holds.
  private func takeRows(from path: String, fileSize: Int) throws(StoreCopyError) -> (Store, RestoredStore) {
    func notSound(_ reason: String) -> StoreCopyError {
      .file(FileProblem("\(path) is not a sound Coffer store: \(reason)"))
    }
    let identity: StoreIdentity
    do {
      identity = try database.inDatabase { db in
        try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
      }
    } catch let error as StoreError {
      if case .notCoffer(_, let reason) = error {
        throw .file(FileProblem("\(path) is not a Coffer store: \(reason)"))
      }
      throw notSound(String(describing: error))
    } catch {
      throw notSound(String(describing: error))
    }
    guard case .coffer(let version, _) = identity.kind, version >= 1 || identity.pageCount > 0 else {
      throw .file(FileProblem("\(path) holds an empty database, not a Coffer store"))
    }
    let findings: [String]
    do {
      findings = try integrityCheck()
    } catch {
      throw notSound(error.description)
    }
    guard findings.isEmpty else { throw notSound("SQLite's integrity check found " + findings.joined(separator: "; ")) }
    // An unmarked early store keeps its version only in GRDB's table of migrations.
    let fileVersion: Int
    do {
      fileVersion = try database.inDatabase { db in try StoreSchema.version(of: db) }
    } catch {
      throw notSound(String(describing: error))
    }
    guard fileVersion >= 1 else { throw notSound("it records no schema version") }
    let fresh: Store
    let leftOut: [SchemaObject]
    do {
      fresh = try Store(emptyAtVersion: fileVersion, counters: Counters())
      leftOut = try database.inDatabase { source in
        try fresh.database.inDatabase { target in try StoreSchema.copyRows(from: source, into: target) }
      }
    } catch let problem as StoreSchema.RowsProblem {
      throw notSound(problem.description)
    } catch {
      throw notSound(String(describing: error))
    }
    do {
      if fileVersion < StoreSchema.version { try StoreSchema.migrator.migrate(fresh.database) }
      try fresh.database.inDatabase { db in
        try db.execute(
          sql: "PRAGMA user_version = \(StoreSchema.version); PRAGMA application_id = \(StoreIdentity.applicationID)")
      }
    } catch {
      fresh.close()
      throw notSound("it cannot be brought from schema \(fileVersion) to \(StoreSchema.version): \(error)")
    }
    let damage: [StoreDamage]
    do {
      damage = try fresh.audit()
    } catch {
      fresh.close()
      throw notSound(error.description)
    }
    guard damage.isEmpty else {
      fresh.close()
      let shown = damage.prefix(3).map(\.description).joined(separator: "; ")
      throw notSound(
        "\(damage.count == 1 ? "a row" : "\(damage.count) rows") Coffer cannot use: \(shown)"
          + (damage.count > 3 ? "; and \(damage.count - 3) more" : ""))
    }
    do {
      let restored = try fresh.database.inDatabase { db in
        RestoredStore(
          schemaVersion: fileVersion,
          migratedTo: fileVersion < StoreSchema.version ? StoreSchema.version : nil,
          holdings: try Int.fetchOne(db, sql: "SELECT count(*) FROM holding WHERE amount != '0'") ?? 0,
          rateDays: try Int.fetchOne(db, sql: "SELECT count(*) FROM rate_day") ?? 0,
          journalEntries: try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0,
          leftOut: leftOut.map(\.description))
      }
      return (fresh, restored)
    } catch {
      fresh.close()
      throw notSound(String(describing: error))
    }
  }

  /// Makes this (in-memory, checked) copy ready to replace `live`: a rates revision
  /// after both stores' own, so that every session reads the rates again, and the local
  /// currency written out when the copy leaves it at its default.
  private func prepareToReplace(_ live: Store) throws {
    let liveRevision = try live.database.inDatabase { db in try StoredSettings.ratesRevision(db) } ?? 0
    try database.inDatabase { db in
      let ownRevision = try StoredSettings.ratesRevision(db) ?? 0
      try Self.setSetting(
        db, StoredSettings.ratesRevisionKey, String(StoredSettings.revision(after: max(liveRevision, ownRevision))))
      if try StoredSettings.fetch(db).0.local == nil {
        try Self.setSetting(db, StoredSettings.localKey, Catalog.cny.code)
      }
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

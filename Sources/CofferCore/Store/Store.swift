import CSQLiteSetup
import CofferText
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The SQLite database behind Coffer, through GRDB, shaped like GRDB's `AppDatabase`: a
/// writer and the schema behind small named methods. Reads are in `Store+Reads.swift`,
/// writes in `Store+Writes.swift`, the holdings through time in `Store+History.swift`,
/// backup, restore and check in `Store+Copies.swift` and `Store+Check.swift`; the
/// schema is `StoreSchema`. Every query is counted (`db_reads`, `version_checks`).
package struct Store {
  package let location: StoreLocation
  /// The one connection, reads and writes alike (a session does one thing at a time).
  private(set) var writer: DatabaseQueue
  let counters: Counters
  /// Where the store was copied before an upgrade rewrote it at this open, if it was.
  package let copyBeforeMigration: String?

  /// How long a connection waits for another process's lock before it gives up.
  static let busyTimeoutSeconds = 5

  /// Stores up to this many pages get SQLite's quick check whenever they are opened; a
  /// larger one (a long rates history) after an unclean exit, and by `check`.
  static let pagesCheckedOnEveryOpen = 256

  /// SQLite's process-wide settings, made once before the first connection opens (see
  /// CSQLiteSetup): statement journals in memory, pages taken one by one, and URI file
  /// names (with which `restore` attaches a file read-only).
  private static let sqliteConfigured: Void = {
    _ = coffer_sqlite_keep_statement_journals_in_memory()
    _ = coffer_sqlite_take_pages_one_by_one()
    _ = coffer_sqlite_accept_uri_file_names()
  }()

  /// Opens the store at `location`: a new one is made at the current schema in one
  /// transaction; an older one is upgraded (a copy kept beside it first); anything that is
  /// not a Coffer store of a schema this Coffer reads, with exactly its schema's objects,
  /// is refused and left untouched.
  package init(location: StoreLocation, counters: Counters) throws(StoreError) {
    Self.sqliteConfigured
    self.location = location
    self.counters = counters
    do {
      switch location {
      case .memory:
        writer = try DatabaseQueue(configuration: Self.configuration)
        copyBeforeMigration = try Self.makeOrUpgrade(writer, path: location.description, fileSize: 0, copying: false)
      case .file(let path), .standard(let path):
        let fileSize = try Self.prepareFile(at: path, createFolders: location.createsFolders)
        // A WAL left behind means the last process did not close the store: check it
        // before use. This looks only at whether SQLite's file exists; it is never opened.
        let crashedBefore = Self.fileSize(path + "-wal") ?? 0 > 0
        writer = try DatabaseQueue(path: path, configuration: Self.configuration)
        let identity = try writer.inDatabase { db in
          // Nothing is written before the file is known to be a Coffer store (or new).
          let identity = try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
          // WAL is set here rather than through GRDB's journalMode option, which writes
          // to the file on open and so could not open a store another process is writing.
          guard try Self.enterWAL(db) == "wal" else {
            throw StoreError.cannotOpen(path: path, reason: tr("cannot use WAL mode"))
          }
          try Self.keepWALFiles(db)
          return identity
        }
        if crashedBefore || (1...Self.pagesCheckedOnEveryOpen).contains(identity.pageCount) {
          try Self.quickCheck(writer, path: path, counters: counters)
        }
        if identity.kind == .coffer(version: StoreSchema.version, marked: true) {
          // The common case: only read, so it opens while another process writes.
          try writer.inDatabase { db in try Self.requireOwnSchema(db, path: path) }
          copyBeforeMigration = nil
        } else {
          // A store this process may not write cannot be upgraded: no copy is kept of it,
          // or every attempt would leave one.
          let copying = FileManager.default.isWritableFile(atPath: path)
          copyBeforeMigration = try Self.makeOrUpgrade(writer, path: path, fileSize: fileSize, copying: copying)
        }
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// Makes the schema in a new store, or upgrades an older one, in one write transaction
  /// whose first step reads again what the file is (another process may have made or
  /// upgraded it meanwhile). A store older than schema 8 is first taken there by GRDB's
  /// migrator, each migration in a transaction of its own, as it always was. With
  /// `copying`, a store about to be upgraded is first copied (see `keepCopy`) while this
  /// process holds the write lock, so that processes opening it together make one copy;
  /// returns the copy's path.
  private static func makeOrUpgrade(
    _ writer: DatabaseQueue, path: String, fileSize: Int, copying: Bool
  ) throws -> String? {
    var copy: String?
    let first = try writer.inDatabase { db in
      try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
    }
    if case .coffer(let version, let marked) = first.kind, version < 8 || !marked {
      if copying {
        try writer.inDatabase { db in
          try db.inTransaction(.immediate) {
            let identity = try StoreIdentity.read(
              db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
            if case .coffer(let version, _) = identity.kind, version < StoreSchema.version {
              copy = try keepCopy(at: path, beforeVersion: StoreSchema.version)
            }
            return .commit
          }
        }
      }
      do {
        try LegacyMigrations.migrator.migrate(writer)
      } catch let damage as StoreDamage {
        throw StoreError.cannotUpgrade(path: path, from: version, [damage])
      }
    }
    // A copy made in the upgrade's own transaction: a failed upgrade changed nothing,
    // and the copy would only be one more each try.
    var copiedHere: String?
    do {
      try writer.inDatabase { db in
        try db.inTransaction(.immediate) {
          let identity = try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
          switch identity.kind {
          case .empty:
            try StoreSchema.create(db)
          case .coffer(let version, _) where version < StoreSchema.version:
            if copying && copy == nil {
              copiedHere = try keepCopy(at: path, beforeVersion: StoreSchema.version)
            }
            do {
              try LegacyMigrations.upgradeToCurrent(db, from: version)
            } catch let blocked as LegacyMigrations.RowsNotCarried {
              throw StoreError.cannotUpgrade(path: path, from: version, blocked.damage)
            } catch let others as LegacyMigrations.ObjectsOfOthers {
              throw StoreError.notOwnSchema(path: path, others.problems)
            }
          case .coffer:
            try requireOwnSchema(db, path: path)
          }
          return .commit
        }
      }
    } catch {
      if let copiedHere { unlink(copiedHere) }
      throw error
    }
    return copy ?? copiedHere
  }

  /// Throws unless the store's schema is exactly this version's: a trigger, view, table
  /// or index another program added, or one of Coffer's changed or dropped, would run (or
  /// fail to run) inside every save.
  static func requireOwnSchema(_ db: Database, path: String) throws {
    let problems = try StoreSchema.unexpectedObjects(db)
    guard problems.isEmpty else { throw StoreError.notOwnSchema(path: path, problems) }
  }

  /// Sets WAL mode; returns the mode SQLite answers. A store another process is writing
  /// in rollback-journal mode (a bulk import) answers busy at once, without SQLite's busy
  /// wait: asked again until the busy timeout has passed, as any other lock is waited for.
  private static func enterWAL(_ db: Database) throws -> String? {
    let deadline = Date().addingTimeInterval(TimeInterval(busyTimeoutSeconds))
    while true {
      do {
        return try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
        usleep(10_000)
      }
    }
  }

  static var configuration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(TimeInterval(busyTimeoutSeconds))
    configuration.label = "coffer"
    // The schema has no foreign keys.
    configuration.foreignKeysEnabled = false
    // An --atomic run keeps one transaction open from its first statement to its end;
    // every other write opens and closes its own (a savepoint inside the run's).
    configuration.allowsUnsafeTransactions = true
    return configuration
  }

  /// Copies the store, through SQLite's online backup, to `PATH.before-vN` (or
  /// `PATH.before-vN.2`, … when that exists) before an upgrade rewrites it; the copy has
  /// the store's own mode (0600). Called while this process holds the store's write lock,
  /// so it reads through a connection of its own (SQLite backs up no connection inside a
  /// write transaction), which sees the store as it is before the upgrade. The copy is
  /// written to `….partial` and renamed once whole: a process killed meanwhile leaves no
  /// copy that looks whole, and the next upgrade writes over the partial one.
  private static func keepCopy(at path: String, beforeVersion version: Int) throws -> String {
    var copy = "\(path).before-v\(version)"
    var number = 2
    while FileManager.default.fileExists(atPath: copy) {
      copy = "\(path).before-v\(version).\(number)"
      number += 1
    }
    let partial = copy + ".partial"
    unlink(partial)
    do {
      _ = try prepareFile(at: partial, createFolders: false)
      let source = try DatabaseQueue(path: path, configuration: configuration)
      let destination = try DatabaseQueue(path: partial, configuration: configuration)
      // No journal beside the partial copy: a process killed while it is written leaves
      // only that file, which the next try writes anew.
      try destination.inDatabase { db in try db.execute(sql: "PRAGMA journal_mode = OFF") }
      try source.backup(to: destination)
      try destination.close()
      try source.close()
      guard rename(partial, copy) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    } catch {
      unlink(partial)
      throw StoreError.cannotOpen(
        path: path,
        reason: tr(
          "cannot keep a copy in {copy} before upgrading it: {reason}",
          ["copy": copy, "reason": "\(StoreError.from(error, path: partial))"]))
    }
    return copy
  }

  /// A new connection to a file store (after a write found it read-only: SQLite keeps a
  /// connection opened read-only so, and the file may have become writable since). The
  /// old connection is kept when the new one cannot be opened.
  mutating func reopen() {
    guard location != .memory,
      let reopened = try? DatabaseQueue(path: location.description, configuration: Self.configuration)
    else { return }
    try? reopened.inDatabase { db in try Self.keepWALFiles(db) }
    try? writer.close()
    writer = reopened
  }

  /// `PRAGMA quick_check`: throws `.damaged` with SQLite's first findings unless the
  /// pages are sound. Findings about single rows (a value of the wrong type, a CHECK
  /// constraint failed) are left for the reads and `check` to name row by row.
  private static func quickCheck(_ writer: DatabaseQueue, path: String, counters: Counters) throws {
    counters.dbReads += 1
    let findings: [String]
    do {
      findings = try writer.inDatabase { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
    } catch let error as DatabaseError
      where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode)
    {
      throw StoreError.damaged(
        path: path,
        what: tr("SQLite's quick check found {findings}", ["findings": error.message ?? tr("the file damaged")]))
    }
    let structural = findings.filter { $0 != "ok" && !StoreCheck.isRowFinding($0) }
    guard structural.isEmpty else {
      throw StoreError.damaged(
        path: path, what: tr("SQLite's quick check found {findings}", ["findings": structural.joined(separator: "; ")]))
    }
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
  static func prepareFile(at path: String, createFolders: Bool) throws(StoreError) -> Int {
    var status = stat()
    if stat(path, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw .cannotOpen(path: path, reason: tr("it is a folder"))
      }
      if (status.st_mode & S_IFMT) != S_IFREG {
        throw .cannotOpen(path: path, reason: tr("it is not a regular file"))
      }
      return Int(status.st_size)
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
      guard createFolders else {
        throw .cannotOpen(path: path, reason: tr("the folder {folder} does not exist", ["folder": folder]))
      }
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cannotOpen(path: path, reason: tr("cannot create folder {folder}", ["folder": folder]))
      }
    }
    let descriptor = open(path, O_CREAT | O_WRONLY | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw .cannotOpen(path: path, reason: systemReason(errno))
    }
    closeDescriptor(descriptor)
    return 0
  }

  /// Applies only the legacy migrations up to `identifier`: how tests make an older store.
  package static func migrate(path: String, upTo identifier: String) throws {
    _ = try prepareFile(at: path, createFolders: false)
    let database = try DatabaseQueue(path: path)
    try LegacyMigrations.migrator.migrate(database, upTo: identifier)
    try database.close()
  }

  /// Closes the connection (SQLite checkpoints and removes the WAL when it is the last).
  package func close() {
    try? writer.close()
  }

  /// The store's file, nil for an in-memory store.
  package var filePath: String? {
    switch location {
    case .memory: nil
    case .file(let path), .standard(let path): path
    }
  }

  /// Converts a failure of this store.
  func storeError(_ error: any Error) -> StoreError {
    StoreError.from(error, path: location.description)
  }

  // MARK: - Another session's saves

  /// `PRAGMA data_version` on this connection: it moves when another connection commits
  /// (SQLite's documented way to tell; Coffer never looks into SQLite's `-wal` or `-shm`
  /// files itself). Asked before every statement; nil for a store in memory, which no
  /// other connection can write.
  package func dataVersion() throws(StoreError) -> Int? {
    if case .memory = location { return nil }
    counters.versionChecks += 1
    do {
      return try writer.inDatabase { db in try Self.pragma("PRAGMA data_version", db) }
    } catch {
      throw storeError(error)
    }
  }

  /// `PRAGMA schema_version`: it moves when a table, index, trigger or view is made,
  /// changed or dropped. Asked after another session's save.
  package func schemaVersion() throws(StoreError) -> Int {
    do {
      return try writer.inDatabase { db in try Self.pragma("PRAGMA schema_version", db) }
    } catch {
      throw storeError(error)
    }
  }

  /// After another session's save: throws unless the schema is still exactly this
  /// version's (another program may have changed it while this session had it open).
  package func requireOwnSchema() throws(StoreError) {
    do {
      try writer.inDatabase { db in
        counters.dbReads += 1
        try Self.requireOwnSchema(db, path: location.description)
      }
    } catch {
      throw storeError(error)
    }
  }

  // MARK: - A run as one transaction

  /// Opens the transaction an `--atomic` run makes all its writes in (each becomes a
  /// savepoint inside it): the run's end commits it, or rolls everything back.
  package func beginRunTransaction() throws(StoreError) {
    do {
      try writer.inDatabase { db in try db.beginTransaction(.immediate) }
    } catch {
      throw storeError(error)
    }
  }

  /// Commits the run's transaction. On failure it is rolled back: nothing of the run is
  /// kept.
  package func commitRunTransaction() throws(StoreError) {
    do {
      try writer.inDatabase { db in try db.commit() }
    } catch {
      try? writer.inDatabase { db in try db.rollback() }
      throw storeError(error)
    }
  }

  /// Rolls the run's transaction back: the store is as it was before the run.
  package func rollbackRunTransaction() {
    try? writer.inDatabase { db in try db.rollback() }
  }

  /// Whether a transaction is open on the connection: an `--atomic` run's.
  var inRunTransaction: Bool {
    writer.inDatabase { db in db.isInsideTransaction }
  }
}

/// close(2): inside `Store` the name `close` is the store's own.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}

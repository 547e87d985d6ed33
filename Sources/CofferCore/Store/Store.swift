import CSQLiteSetup
import Foundation
import GRDB
import GRDBSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The SQLite database behind Coffer, through GRDB: holdings, rates (as history),
/// settings, rate sources and the journal of saved changes.
///
/// This file opens and closes it; the schema is `StoreSchema`, reads are in
/// `Store+Reads.swift`, writes in `Store+Writes.swift`, and `StoreAudit` checks every row.
/// Every query is counted (`db_reads`, `version_checks`).
package final class Store {
  package let location: StoreLocation
  var database: DatabaseQueue
  /// Set when a write found the store read-only: SQLite keeps a connection opened
  /// read-only so, and the next save opens a new one in case the file became writable.
  var reopenBeforeWriting = false
  let counters: Counters
  /// `PRAGMA data_version` as last seen; it moves when another connection commits.
  private var dataVersion: Int = 0
  /// When `data_version` was last asked for (nanoseconds of `versionClock`).
  private var lastVersionCheck: UInt64 = 0
  static let versionCheckInterval: UInt64 = 1_000_000
  /// The clock the interval is measured by: the kernel's coarse monotonic clock, which
  /// moves a tick at a time and is read in a sixth of the time of the fine one (see
  /// `changedElsewhere`); the fine one where the coarse one cannot be read.
  private static let versionClock: clockid_t = {
    var now = timespec()
    return clock_gettime(CLOCK_MONOTONIC_COARSE, &now) == 0 ? CLOCK_MONOTONIC_COARSE : CLOCK_MONOTONIC
  }()
  /// The least time after which a check is sure to be made again: the interval, or the
  /// clock's tick when that is longer (4 ms on a kernel of 250 Hz).
  static var versionCheckGranularity: UInt64 {
    var tick = timespec()
    guard clock_getres(versionClock, &tick) == 0 else { return versionCheckInterval }
    return max(versionCheckInterval, UInt64(tick.tv_sec) * 1_000_000_000 + UInt64(tick.tv_nsec))
  }
  /// Stores up to this many pages get a quick integrity check whenever they are opened.
  static let pagesCheckedOnEveryOpen = 256
  /// Whether `JournalProbe` found the journal sound since another session last wrote: it
  /// is asked once, not before every dated question (this session writes only sound rows).
  private var journalKnownSound = false
  /// The same, of the ends of the journal's indexes alone (see `JournalProbe.damage`).
  private var journalEndsKnownSound = false
  /// Where the store was copied before a migration rewrote it at this open, if it was.
  package private(set) var copyBeforeMigration: String?
  /// Whether a run-long transaction (`--atomic`) is open.
  package private(set) var inRunTransaction = false
  /// Whether anything was written inside it (what its rollback takes back).
  package internal(set) var wroteInRunTransaction = false

  private static func monotonicNanoseconds(_ clock: clockid_t = CLOCK_MONOTONIC) -> UInt64 {
    var now = timespec()
    clock_gettime(clock, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  /// SQLite's process-wide settings a store needs, made once before the first connection
  /// opens (see CSQLiteSetup): statement journals kept in memory.
  private static let sqliteConfigured: Void = {
    _ = coffer_sqlite_keep_statement_journals_in_memory()
  }()

  package init(location: StoreLocation, counters: Counters) throws(StoreError) {
    Self.sqliteConfigured
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
          let identity = try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
          // WAL is set here rather than through GRDB's journalMode option, which writes
          // to the file on open and so could not open a store another process is writing.
          let mode = try Self.enterWAL(db)
          guard mode == "wal" else { throw StoreError.cannotOpen(path: path, reason: "cannot use WAL mode") }
          try Self.keepWALFiles(db)
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
      if identity.kind != .coffer(version: StoreSchema.version, marked: true) {
        // A store this process may not write cannot be upgraded (the migration fails,
        // naming it read-only): no copy is kept of it, or every attempt would leave one.
        if case .coffer(let version, _) = identity.kind, version < StoreSchema.version, location != .memory,
          FileManager.default.isWritableFile(atPath: location.description)
        {
          copyBeforeMigration = try keepCopy(of: location.description, beforeVersion: StoreSchema.version)
        }
        try StoreSchema.migrator.migrate(database)
        try database.inDatabase { db in
          try db.execute(
            sql: "PRAGMA user_version = \(StoreSchema.version); PRAGMA application_id = \(StoreIdentity.applicationID)")
        }
      }
      dataVersion = try database.inDatabase { db in
        try db.plainValue(Int.self, "PRAGMA data_version") ?? 0
      }
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  /// An empty store in memory at schema `version` (an older one, or this Coffer's): what
  /// a restore takes a file's rows into before bringing them up to date.
  init(emptyAtVersion version: Int, counters: Counters) throws {
    self.location = .memory
    self.counters = counters
    database = try DatabaseQueue(configuration: Self.configuration)
    let migrations = StoreSchema.migrator.migrations
    guard (1...migrations.count).contains(version) else {
      throw StoreSchema.RowsProblem(description: "schema \(version) is not one this Coffer knows")
    }
    try StoreSchema.migrator.migrate(database, upTo: migrations[version - 1])
  }

  /// How long a connection waits for another process's lock before it gives up.
  static let busyTimeoutSeconds = 5

  /// Asks SQLite to keep the `-wal` and `-shm` files when this connection closes, the
  /// log emptied (truncated to no bytes) rather than removed: the next process opens
  /// them instead of creating two files and removing them again, which was a good part
  /// of a short run's system time. An empty log is still a clean exit: the crash check at
  /// open looks for a log that holds something. SQLite truncates the log on close only
  /// under a journal size limit, which also keeps a long session's log from staying large.
  static func keepWALFiles(_ db: Database, _ keep: Bool = true) throws {
    var flag: Int32 = keep ? 1 : 0
    _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &flag)
    if keep { try db.executePlain("PRAGMA journal_size_limit = \(walSizeLimit)") }
  }

  /// The most a checkpointed log keeps of its file (SQLite's journal size limit).
  static let walSizeLimit = 4 << 20

  /// Sets WAL mode; returns the mode SQLite answers. A store another process is writing in
  /// rollback-journal mode (a bulk import, see `inRollbackJournalWhenAlone`) answers busy
  /// at once, without SQLite's busy wait (which could deadlock there): asked again until
  /// the busy timeout has passed, as any other lock is waited for.
  private static func enterWAL(_ db: Database) throws -> String? {
    let deadline = monotonicNanoseconds() + UInt64(busyTimeoutSeconds) * 1_000_000_000
    while true {
      do {
        return try db.plainValue(String.self, "PRAGMA journal_mode = WAL")
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && monotonicNanoseconds() < deadline {
        usleep(10_000)
      }
    }
  }

  static var configuration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(TimeInterval(busyTimeoutSeconds))
    configuration.label = "coffer"
    // The schema has no foreign keys: spare the pragma GRDB would send on every open.
    configuration.foreignKeysEnabled = false
    // An --atomic run keeps one transaction open from its first statement to its end
    // (`beginRunTransaction`); every other write opens and closes its own.
    configuration.allowsUnsafeTransactions = true
    return configuration
  }

  /// Copies the store, through SQLite's online backup, to `PATH.before-vN` (or
  /// `PATH.before-vN.2`, … when that exists) before a migration rewrites it; the copy
  /// has the store's own mode (0600).
  private func keepCopy(of path: String, beforeVersion version: Int) throws -> String {
    var copy = "\(path).before-v\(version)"
    var number = 2
    while FileManager.default.fileExists(atPath: copy) {
      copy = "\(path).before-v\(version).\(number)"
      number += 1
    }
    _ = try Self.prepareFile(at: copy, createFolders: false)
    do {
      let destination = try DatabaseQueue(path: copy, configuration: Self.configuration)
      try database.backup(to: destination)
      try destination.close()
    } catch {
      try? FileManager.default.removeItem(atPath: copy)
      throw StoreError.cannotOpen(
        path: path, reason: "cannot keep a copy in \(copy) before upgrading it: \(StoreError.from(error, path: copy))")
    }
    return copy
  }

  /// Opens a new connection to a file store that was read-only at the last write, and
  /// makes the next `changedElsewhere` reload everything (the new connection has its
  /// own `data_version`). Keeps the old connection when the new one cannot be opened.
  func reopenIfItWasReadOnly() {
    guard reopenBeforeWriting, location != .memory, !inRunTransaction else { return }
    guard let reopened = try? DatabaseQueue(path: location.description, configuration: Self.configuration) else {
      return
    }
    try? reopened.inDatabase { db in try Self.keepWALFiles(db) }
    try? database.close()
    database = reopened
    reopenBeforeWriting = false
    forgetDataVersion()
  }

  /// Makes the next `changedElsewhere` answer yes, so everything is read again.
  package func forgetDataVersion() {
    dataVersion = -1
    lastVersionCheck = 0
    journalKnownSound = false
    journalEndsKnownSound = false
  }

  /// Throws the damage `JournalProbe` finds, unless the journal was found sound since
  /// another session last wrote.
  func probeJournal(_ db: Database, today: CalendarDate, gaps: Bool = true) throws {
    guard !journalKnownSound, gaps || !journalEndsKnownSound else { return }
    counters.dbReads += 1
    if let damage = try JournalProbe.damage(db, today: today, gaps: gaps) { throw damage }
    journalEndsKnownSound = true
    if gaps { journalKnownSound = true }
  }

  /// Converts a failure of this store, noting when it was read-only.
  func storeError(_ error: any Error) -> StoreError {
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
      // Prepared directly: through GRDB's `SQLRequest` (`fetchAll(db, sql:)`), the first
      // request of a run builds its SQL with unspecialized generic code that looks up type
      // metadata by name, 0.29 M instructions (a ninth of a start's) for one pragma.
      let lines = try database.inDatabase { db in try String.fetchAll(db.makeStatement(sql: sql)) }
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
  static func prepareFile(at path: String, createFolders: Bool) throws(StoreError) -> Int {
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

  /// Applies only the migrations up to `identifier`: how tests make an older store.
  package static func migrate(path: String, upTo identifier: String) throws {
    _ = try prepareFile(at: path, createFolders: false)
    let database = try DatabaseQueue(path: path)
    try StoreSchema.migrator.migrate(database, upTo: identifier)
  }

  /// Closes the connection (SQLite checkpoints and empties the WAL when it is the last).
  package func close() {
    try? database.close()
  }

  // MARK: - Another session's saves

  /// Whether another process committed since the last check. `PRAGMA data_version` on
  /// this session's own connection is SQLite's documented way to tell; Coffer never
  /// looks into SQLite's `-wal` or `-shm` files itself.
  ///
  /// The check is a read transaction (file locks, a few system calls): asked before
  /// every statement of a million-line script it would cost more than the script. So
  /// it is sent at most once per `versionCheckInterval` (unless `now` is set), as told by
  /// the kernel's coarse clock, which moves a tick at a time (4 ms on a kernel of 250 Hz)
  /// and is read in a sixth of the time of the fine one, a read every statement: another
  /// session's save is seen within a few milliseconds, and a save never depends on it (a
  /// save compares, inside its own transaction, the stored amounts with those this
  /// session read).
  package func changedElsewhere(now: Bool = false) throws(StoreError) -> Bool {
    // An in-memory store has no other connections.
    if case .memory = location { return false }
    let clock = Self.monotonicNanoseconds(Self.versionClock)
    guard now || clock &- lastVersionCheck >= Self.versionCheckInterval else { return false }
    lastVersionCheck = clock
    counters.versionChecks += 1
    do {
      let version = try database.inDatabase { db in
        try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
      }
      defer { dataVersion = version }
      if version != dataVersion {
        journalKnownSound = false
        journalEndsKnownSound = false
      }
      return version != dataVersion
    } catch {
      throw StoreError.from(error, path: location.description)
    }
  }

  // MARK: - A run as one transaction

  /// Opens the transaction an `--atomic` run makes all its writes in (each becomes a
  /// savepoint inside it): the run's end commits it, or rolls everything back.
  package func beginRunTransaction() throws(StoreError) {
    guard !inRunTransaction else { return }
    do {
      try database.inDatabase { db in try db.beginTransaction(.immediate) }
      inRunTransaction = true
    } catch {
      throw storeError(error)
    }
  }

  /// Commits the run's transaction. On failure it is rolled back: nothing of the run is
  /// kept.
  package func commitRunTransaction() throws(StoreError) {
    guard inRunTransaction else { return }
    inRunTransaction = false
    do {
      try database.inDatabase { db in try db.commit() }
    } catch {
      try? database.inDatabase { db in try db.rollback() }
      throw storeError(error)
    }
  }

  /// Rolls the run's transaction back: the store is as it was before the run.
  package func rollbackRunTransaction() {
    guard inRunTransaction else { return }
    inRunTransaction = false
    try? database.inDatabase { db in try db.rollback() }
  }
}

/// close(2): inside `Store` the name `close` is the store's own.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}

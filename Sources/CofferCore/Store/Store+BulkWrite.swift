import GRDB
import GRDBSQLite

extension Store {
  /// Rows from which a write is a bulk write (an import of a long history), written in
  /// rollback-journal mode when it can be.
  static let bulkWriteRows = 10_000

  /// Runs `body`, a write of many new pages, with SQLite's rollback journal instead of
  /// its write-ahead log when this connection is the only one open on the store, then
  /// goes back to WAL. In WAL mode every page is written three times (into the log, read
  /// back, and into the store at the checkpoint); a rollback journal keeps only the few
  /// pages the write changes, and new pages are written once. Crash safety is SQLite's in
  /// both modes: a write killed half-way is rolled back by the next process that opens
  /// the store, from the journal SQLite left (a "hot" journal).
  ///
  /// SQLite leaves WAL mode only when no other connection has the store open; when one
  /// has, the mode does not change and `body` runs in WAL mode as any write does. Asking
  /// does not wait: the busy timeout is off for that one question. While `body` runs, a
  /// session that opens the store waits for the write as it waits for any other (up to
  /// the busy timeout). Not inside an `--atomic` run's transaction (the mode cannot change
  /// within one), nor for a store in memory.
  ///
  /// `rows` is how many rows `body` writes: fewer than `bulkWriteRows`, and it simply runs.
  func inRollbackJournalWhenAlone<T>(writing rows: Int, _ body: () throws -> T) rethrows -> T {
    guard rows >= Self.bulkWriteRows, location != .memory, !inRunTransaction,
      Self.setJournalMode("delete", of: database, waiting: false)
    else {
      return try body()
    }
    // Should another session hold the store when WAL mode is asked for again (after the
    // busy timeout), the store stays in rollback-journal mode until the next process
    // opens it: every open sets WAL mode.
    defer { _ = Self.setJournalMode("wal", of: database, waiting: true) }
    return try body()
  }

  /// Sets the journal mode; true when SQLite says it is now `mode`. Without `waiting`,
  /// a store another connection holds answers at once instead of after the busy timeout.
  private static func setJournalMode(_ mode: String, of database: DatabaseQueue, waiting: Bool) -> Bool {
    do {
      return try database.inDatabase { db in
        let handle = db.sqliteConnection
        if !waiting { sqlite3_busy_timeout(handle, 0) }
        defer { if !waiting { sqlite3_busy_timeout(handle, Int32(busyTimeoutSeconds * 1000)) } }
        // Out of WAL mode the log and shared memory are removed, as SQLite does without
        // the store's kept files (`keepWALFiles`): a `-wal` file left beside a store in
        // rollback-journal mode would make the next connection to open it take WAL mode
        // while the import writes.
        if mode != "wal" { try keepWALFiles(db, false) }
        let isNowMode = try db.plainValue(String.self, "PRAGMA journal_mode = \(mode)") == mode
        if mode == "wal" || !isNowMode { try keepWALFiles(db) }
        return isNowMode
      }
    } catch {
      // Busy (another connection holds the store), or read-only: the mode stays.
      return false
    }
  }
}

import CofferText
import Foundation
import GRDB

/// Why the store could not be opened, read or written.
package enum StoreError: Error, Sendable, CustomStringConvertible {
  /// The file exists but is not a SQLite database, or is damaged.
  case notADatabase(path: String)
  /// A SQLite database, but not Coffer's (another application's, or a newer Coffer's).
  case notCoffer(path: String, reason: String)
  /// The store is damaged as SQLite sees it (its pages), or unreadable as a whole.
  case damaged(path: String, what: String)
  /// Rows of Coffer's own that cannot be read back as Coffer writes them.
  case damagedRows(path: String, [StoreDamage])
  /// A store of an older schema whose rows could not all be carried over to this one's.
  case cannotUpgrade(path: String, from: Int, [StoreDamage])
  /// Schema objects that are not exactly those of Coffer's schema (another program's
  /// trigger, view, table or index; one of Coffer's changed or missing).
  case notOwnSchema(path: String, [String])
  case cannotOpen(path: String, reason: String)
  case readOnly(path: String)
  case locked(path: String)
  case diskFull(path: String)
  /// Another session saved these holdings since this one loaded them.
  case conflict([SaveConflict])
  /// A move's source holds less, as a forced save found it, than the move takes: nothing
  /// of the batch was written, and the ledger drops the move (no later save could make
  /// it), so that saving again writes the rest.
  case moveRefused(PendingMove, reason: String)
  case failed(path: String, reason: String)

  package var description: String {
    switch self {
    case .notADatabase(let path):
      tr("{path} is not a Coffer store (not a SQLite database, or damaged)", ["path": path])
    case .notCoffer(let path, let reason):
      tr("{path} is not a Coffer store: {reason}; left untouched", ["path": path, "reason": reason])
    case .damaged(let path, let what):
      tr(
        """
        the store {path} is damaged: {what}; it is left as it is (keep a copy, then restore a backup or recover it \
        with the sqlite3 shell's .recover)
        """, ["path": path, "what": what])
    case .damagedRows(let path, let rows):
      rows.count == 1
        ? tr(
          """
          the store {path} has a row Coffer cannot use: {rows}; nothing was changed ('check' lists every damaged \
          row; restore a backup, or correct the rows with the sqlite3 shell)
          """,
          ["path": path, "rows": Self.listed(rows.map(\.description), first: 3)])
        : tr(
          """
          the store {path} has rows Coffer cannot use: {rows}; nothing was changed ('check' lists every damaged \
          row; restore a backup, or correct the rows with the sqlite3 shell)
          """,
          ["path": path, "rows": Self.listed(rows.map(\.description), first: 3)])
    case .cannotUpgrade(let path, let version, let rows):
      rows.count == 1
        ? tr(
          """
          the store {path} (schema {version}) cannot be brought up to schema {current}: a row it cannot carry over: \
          {rows}; it is left as it was (correct those rows with the sqlite3 shell, or restore a backup)
          """,
          [
            "path": path, "version": String(version), "current": String(StoreSchema.version),
            "rows": Self.listed(rows.map(\.description), first: 3),
          ])
        : tr(
          """
          the store {path} (schema {version}) cannot be brought up to schema {current}: rows it cannot carry over: \
          {rows}; it is left as it was (correct those rows with the sqlite3 shell, or restore a backup)
          """,
          [
            "path": path, "version": String(version), "current": String(StoreSchema.version),
            "rows": Self.listed(rows.map(\.description), first: 3),
          ])
    case .notOwnSchema(let path, let problems):
      tr(
        """
        the store {path} holds schema objects that are not Coffer's: {objects}; it is left as it is (a trigger or \
        view there would run inside every save: remove them with the sqlite3 shell, or 'restore' the file into \
        a new store, which takes its rows alone)
        """, ["path": path, "objects": Self.listed(problems, first: 5)])
    case .cannotOpen(let path, let reason):
      tr("cannot open the store {path}: {reason}", ["path": path, "reason": reason])
    case .readOnly(let path): tr("the store {path} is read-only", ["path": path])
    case .locked(let path): tr("the store {path} is locked by another process (waited 5 s)", ["path": path])
    case .diskFull(let path): tr("the disk holding {path} is full", ["path": path])
    case .conflict(let conflicts):
      conflicts.count == 1
        ? tr(
          "conflict: another session saved {holdings}; that edit is kept unsaved; 'save --force' overwrites",
          ["holdings": SaveConflict.named(conflicts)])
        : tr(
          "conflict: another session saved {holdings}; those edits are kept unsaved; 'save --force' overwrites",
          ["holdings": SaveConflict.named(conflicts)])
    case .moveRefused(_, let reason):
      tr(
        "the move cannot be saved: {reason}; nothing was written, and the move is dropped: 'save' writes the rest",
        ["reason": reason])
    case .failed(let path, let reason): tr("store {path}: {reason}", ["path": path, "reason": reason])
    }
  }

  /// The first `first` of `items` joined by `; `, and how many more there are.
  static func listed(_ items: [String], first: Int) -> String {
    let shown = items.prefix(first).joined(separator: tr("; "))
    guard items.count > first else { return shown }
    return tr("{items}; and {more} more", ["items": shown, "more": String(items.count - first)])
  }

  /// A conflict is the user's to resolve; every other store error means the store
  /// itself cannot be used (exit status 3).
  package var isStoreUnavailable: Bool {
    switch self {
    case .conflict, .moveRefused: return false
    default: return true
    }
  }

  static func from(_ error: any Error, path: String) -> StoreError {
    if let storeError = error as? StoreError { return storeError }
    if let damage = error as? StoreDamage { return .damagedRows(path: path, [damage]) }
    if let snapshot = error as? DamagedSnapshot { return .damagedRows(path: path, [snapshot.damage]) }
    guard let databaseError = error as? DatabaseError else {
      return .failed(path: path, reason: String(describing: error))
    }
    switch databaseError.resultCode {
    case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path)
    case .SQLITE_READONLY: return .readOnly(path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
    case .SQLITE_FULL: return .diskFull(path: path)
    case .SQLITE_IOERR where freeSpace(near: path) == 0: return .diskFull(path: path)
    case .SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: databaseError.message ?? tr("unknown reason"))
    default:
      var reason = "SQLite error \(databaseError.resultCode.rawValue): \(databaseError.message ?? "")"
      if let sql = databaseError.sql { reason += " - while executing \(sql)" }
      return .failed(path: path, reason: reason)
    }
  }
}

/// Bytes free on the file system holding `path` (or its folder), nil if unknown. SQLite
/// reports a full disk met while mapping its shared memory as a plain I/O error.
private func freeSpace(near path: String) -> UInt64? {
  var info = statvfs()
  let folder = (path as NSString).deletingLastPathComponent
  guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return nil }
  return UInt64(info.f_bavail) * UInt64(info.f_frsize)
}

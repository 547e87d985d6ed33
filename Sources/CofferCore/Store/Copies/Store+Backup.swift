import CofferText
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

extension Store {
  /// Copies the store to `path` through SQLite's online backup, in one step inside one
  /// read transaction: the copy is the store as one moment saw it, while other sessions
  /// go on saving (in WAL mode a reader never waits for them, nor they for it).
  ///
  /// The copy is written to a new file beside `path`, created 0600 before a byte is
  /// written, then synced and renamed to `path`: an interrupted backup never leaves part
  /// of a file under that name. The copy is made a single self-contained file (a
  /// rollback journal rather than WAL), so opening it or restoring from it makes no
  /// `-wal` or `-shm` file beside it. Without `replacing`, an existing `path` is refused,
  /// even one made while the copy was being written.
  package func backup(to path: String, replacing: Bool) throws(StoreCopyError) {
    guard !inRunTransaction else {
      throw .file(
        FileProblem(
          tr("a backup cannot be made inside an --atomic run: it would copy edits the run may still take back")))
    }
    let existing: AtomicFile.Existing = replacing ? .replace : .refuse(hint: tr("; 'backup --force' replaces it"))
    let temporary: String
    do {
      try AtomicFile.checkDestination(path, existing: existing, store: filePath)
      temporary = try AtomicFile.createTemporary(beside: path, mode: 0o600, exactMode: true)
    } catch {
      throw .file(error)
    }
    do {
      try copy(into: temporary, for: path)
      try AtomicFile.sync(temporary, for: path)
      try AtomicFile.install(temporary, at: path, existing: existing)
    } catch let error as StoreCopyError {
      unlink(temporary)
      throw error
    } catch let problem as FileProblem {
      unlink(temporary)
      throw .file(problem)
    } catch {
      unlink(temporary)
      throw .file(FileProblem(tr("cannot write {path}: {reason}", ["path": path, "reason": "\(error)"])))
    }
  }

  /// Copies every page into the empty file at `temporary`, then turns the copy's journal
  /// mode to DELETE (SQLite checkpoints and removes the copy's own WAL as it does so).
  private func copy(into temporary: String, for path: String) throws(StoreCopyError) {
    let destination: DatabaseQueue
    do {
      destination = try DatabaseQueue(path: temporary, configuration: Self.copyConfiguration)
    } catch {
      throw .file(Self.destinationProblem(error, path))
    }
    defer { try? destination.close() }
    do {
      counters.dbReads += 1
      try writer.backup(to: destination)
    } catch {
      throw Self.backupFailure(error, store: self, path: path)
    }
    do {
      try destination.inDatabase { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
      try destination.close()
    } catch {
      throw .file(Self.destinationProblem(error, path))
    }
  }

  /// A plain connection for a copy: no busy wait (nothing else has the file) and none
  /// of the store's own settings.
  static var copyConfiguration: Configuration {
    var configuration = Configuration()
    configuration.label = "coffer-copy"
    configuration.foreignKeysEnabled = false
    return configuration
  }

  /// A failed backup step: the store's fault when it could not be read (damaged, locked),
  /// else the destination's.
  private static func backupFailure(_ error: any Error, store: Store, path: String) -> StoreCopyError {
    if let databaseError = error as? DatabaseError {
      switch databaseError.resultCode.primaryResultCode {
      case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_CORRUPT, .SQLITE_NOTADB:
        return .store(store.storeError(error))
      default: break
      }
    }
    return .file(destinationProblem(error, path))
  }

  /// What went wrong writing the backup at `path`, as a person would say it.
  private static func destinationProblem(_ error: any Error, _ path: String) -> FileProblem {
    switch StoreError.from(error, path: path) {
    case .diskFull: FileProblem(tr("the disk holding {path} is full", ["path": path]))
    case .readOnly: FileProblem(tr("cannot write {path}: {reason}", ["path": path, "reason": tr("read-only")]))
    case let other: FileProblem(tr("cannot write {path}: {reason}", ["path": path, "reason": "\(other)"]))
    }
  }
}

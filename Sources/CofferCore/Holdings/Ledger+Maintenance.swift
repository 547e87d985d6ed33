/// The store as a whole, through the ledger: where it is, checking it, copying it out
/// and back in, and files written beside it.
extension Ledger {
  /// Where the store is.
  package var location: StoreLocation { store.location }

  /// Where the store was copied before a migration rewrote it when it was opened, if it was.
  package var copyBeforeMigration: String? { store.copyBeforeMigration }

  /// SQLite's full integrity check: what it found wrong (empty when sound).
  package func integrityCheck() throws(StoreError) -> [String] {
    try store.integrityCheck()
  }

  /// Every row Coffer keeps, checked as Coffer writes it: the damaged ones.
  package func audit() throws(StoreError) -> [StoreDamage] {
    try store.audit()
  }

  /// The journal's entries effective after today (at most 20): sound, but a person should
  /// know of them (`check` lists them).
  package func entriesAfterToday() throws(StoreError) -> [JournalEntry] {
    try store.entries(after: portfolio.today)
  }

  /// A consistent copy of the store at `path` (see `Store.backup`).
  package func backup(to path: String, replacing: Bool) throws(StoreCopyError) {
    try store.backup(to: path, replacing: replacing)
  }

  /// Replaces the store's contents with those of the Coffer store at `path`, once it is
  /// known to be sound, then reads everything again (this session's own write moves
  /// neither `data_version` nor the rates revision). Nothing may be pending.
  package func restore(from path: String) throws(StoreCopyError) -> RestoredStore {
    do {
      try prepareToWrite()
    } catch {
      throw .store(error)
    }
    let restored = try store.restore(from: path)
    do {
      try reloadEverything()
    } catch {
      throw .store(error)
    }
    return restored
  }

  /// Writes `bytes` to `path` atomically, never over the store or SQLite's files beside
  /// it (see `AtomicFile`).
  package func writeFile(_ bytes: [UInt8], to path: String) throws(FileProblem) {
    try AtomicFile.write(bytes, to: path, existing: .replace, store: store.filePath)
  }
}

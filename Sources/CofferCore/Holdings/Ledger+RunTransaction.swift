/// The one transaction an `--atomic` run makes all its writes in: its end commits it, or
/// rolls everything back.
extension Ledger {
  /// Whether the run wrote anything: in its transaction, or pending in memory.
  package var wroteInRunTransaction: Bool { wroteInTransaction || !pending.isEmpty }

  package func beginRunTransaction() throws(StoreError) {
    guard !inRunTransaction else { return }
    try store.beginRunTransaction()
    inRunTransaction = true
  }

  /// Commits the run's transaction; on failure nothing of the run is kept.
  package func commitRunTransaction() throws(StoreError) {
    guard inRunTransaction else { return }
    inRunTransaction = false
    try store.commitRunTransaction()
  }

  /// Rolls the run's transaction back: the store is as it was before the run.
  package func rollbackRunTransaction() {
    guard inRunTransaction else { return }
    inRunTransaction = false
    store.rollbackRunTransaction()
    latestEntries = nil
  }
}

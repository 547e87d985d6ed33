/// The one transaction an `--atomic` run makes all its writes in: its end commits it, or
/// rolls everything back.
extension Ledger {
  /// Whether the run's transaction is open.
  package var inRunTransaction: Bool { store.inRunTransaction }

  /// Whether the run wrote anything: in its transaction, or pending in memory.
  package var wroteInRunTransaction: Bool { store.wroteInRunTransaction || !pending.isEmpty }

  package func beginRunTransaction() throws(StoreError) {
    try store.beginRunTransaction()
  }

  /// Commits the run's transaction; on failure nothing of the run is kept.
  package func commitRunTransaction() throws(StoreError) {
    try store.commitRunTransaction()
  }

  /// Rolls the run's transaction back: the store is as it was before the run.
  package func rollbackRunTransaction() {
    store.rollbackRunTransaction()
  }
}

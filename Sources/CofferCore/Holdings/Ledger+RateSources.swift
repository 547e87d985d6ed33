/// Where `rates fetch` goes: kept in the store and written at once, not batched.
extension Ledger {
  /// The sources, in the order they were added; a row that cannot be read fails the read,
  /// naming it.
  package func rateSources() throws(StoreError) -> [RateSource] {
    try store.rateSources()
  }

  /// Adds a source, or replaces the one of that name.
  package func setRateSource(_ source: RateSource) throws(StoreError) {
    try writing { store throws(StoreError) in try store.setRateSource(source) }
  }

  /// Removes the source of that name; false when there is none.
  package func removeRateSource(named name: String) throws(StoreError) -> Bool {
    try writing { store throws(StoreError) in try store.removeRateSource(named: name) }
  }

  /// Removes every source.
  package func clearRateSources() throws(StoreError) {
    try writing { store throws(StoreError) in try store.clearRateSources() }
  }
}

/// What `holdings import` did.
package struct ImportedBalances: Sendable, Equatable, CustomStringConvertible {
  /// Rows of the file.
  package var read = 0
  /// Journal entries written.
  package var written = 0
  /// Rows the journal already held, for the same currency and day.
  package var alreadyRecorded = 0
  package var currencies = 0
  package var days = 0

  package var description: String {
    "imported \(read) \(read == 1 ? "balance" : "balances") of \(currencies) "
      + "\(currencies == 1 ? "currency" : "currencies") over \(days) \(days == 1 ? "day" : "days") "
      + "(\(written) new; \(alreadyRecorded) already recorded)"
  }
}

import CofferText

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
  /// Of the entries written, those that bear on the balances of one date (asked for by a
  /// sheet at that date, see `Store.importBalances`): per holding, its latest on or
  /// before the date and its first after it.
  var noted: [NotedEntry] = []

  /// An entry written: `holding`'s balance from a day on.
  struct NotedEntry: Sendable, Equatable {
    let holding: Holding
    let balance: HeldBalance
  }

  package var description: String {
    // Three counts, each with its own plural: the rows' count picks the message, the
    // others are filled in as words that already agree with theirs.
    tr(
      "imported {count} balance of {currencies} over {days} ({written} new; {recorded} already recorded)",
      "imported {count} balances of {currencies} over {days} ({written} new; {recorded} already recorded)",
      count: read,
      [
        "currencies": tr("{count} currency", "{count} currencies", count: currencies),
        "days": tr("{count} day", "{count} days", count: days), "written": String(written),
        "recorded": String(alreadyRecorded),
      ])
  }
}

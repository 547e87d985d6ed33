import CofferText
import GRDB

/// The store read whole, as `dump` writes it out: every rate and quote as it was recorded
/// (on its own day, with its source) and every journal entry in the order entered.
extension Store {
  /// Each day on which a rate or quote was recorded, oldest first, with the rates (by
  /// catalog order) and the quotes (by pair) recorded that very day: a day's snapshot
  /// also carries earlier days' rates, which are left out here.
  package func recordedRates(_ body: (CalendarDate, [Rate], [Quote], [RateRow]) -> Void) throws(StoreError) {
    try read { db in
      counters.dbReads += 2
      // The rates as given, where that was not in euros or another source replaced them.
      var given: [Int: [RateRow]] = [:]
      for row in try RateTrustTables.quoted(db) { given[row.date.dayNumber, default: []].append(row) }
      var sources = SourceNames()
      let rows = try Row.fetchCursor(db, sql: "SELECT day, rates FROM rate_day ORDER BY day")
      while let row = try rows.next() {
        let day: Int = row[0]
        let snapshot = try row.withUnsafeData(atIndex: 1) { data throws -> RateSnapshot in
          guard let data else { throw DamagedSnapshot(day: day, detail: tr("no data")) }
          return try data.withUnsafeBytes { bytes throws(DamagedSnapshot) in
            try SnapshotCoding.decode(bytes, day: day, sources: &sources)
          }
        }
        guard let date = CalendarDate(dayNumber: day) else { continue }
        let rates = snapshot.allRates(sources: sources).filter { $0.date == date }
        let quotes = snapshot.allQuotes(sources: sources).filter { $0.date == date }
        if !rates.isEmpty || !quotes.isEmpty { body(date, rates, quotes, given[day] ?? []) }
      }
    }
  }

  /// Every journal entry, in the order entered (each row checked as it is read).
  package func entriesInOrder(_ body: (JournalEntry) -> Void) throws(StoreError) {
    try read { db in
      counters.dbReads += 1
      let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " ORDER BY id")
      while let row = try rows.next() { body(try JournalEntry(checking: row)) }
    }
  }
}

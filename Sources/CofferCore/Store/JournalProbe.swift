import GRDB

/// The journal's probe: codes, and effective days from 0001-01-01 to tomorrow's tomorrow.
enum JournalProbe {
  /// Entries are effective at the latest on the day they were entered, where they were:
  /// a clock 14 hours ahead of UTC is a day ahead of one 12 hours behind.
  static func lastSoundDay(today: CalendarDate) -> Int { today.dayNumber + 2 }

  /// The first row found that per-currency reads could not see, read (so its damage is
  /// named as any row's); nil when there is none.
  static func damage(_ db: Database, today: CalendarDate) throws -> StoreDamage? {
    let probe = KeyProbe(table: "journal", number: "effective", naming: "id")
    let days = CalendarDate.dayNumbers.lowerBound...lastSoundDay(today: today)
    guard let found = try probe.firstUnmet(db, numbers: days) else { return nil }
    let id: Int64 = found[0]
    let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " WHERE id = ?", arguments: [id])
    guard let row = try rows.next() else { return nil }
    do {
      let entry = try JournalEntry(checking: row)
      return StoreDamage(
        table: JournalEntry.databaseTableName, row: id,
        problem: "effective \(entry.effective) is after the day it could have been entered")
    } catch {
      return error
    }
  }
}

import GRDB

/// Finds, by the journal's indexes alone, a row that a read of one currency's history
/// would never meet, and so never name: a code that is not a catalog code (or not text),
/// or an effective day that is not one Coffer could have written (not an integer, before
/// 0001-01-01, or after tomorrow's tomorrow). Such a row could be the very entry a
/// question about a date needs; while one exists, those questions fail naming it.
///
/// Every term is a seek of `journal_by_currency (code, effective, id)` that finds
/// nothing in a sound store (SQLite orders NULL, then numbers, then text, then blobs, so
/// the gaps between the 42 codes hold every other value): about 170 seeks, whatever the
/// journal's length.
enum JournalProbe {
  /// `?1`: the last effective day a sound row can have.
  static let sql: String = {
    let codes = Catalog.all.map(\.code).sorted()
    var terms = ["code IS NULL", "code < '\(codes[0])'", "code > '\(codes[codes.count - 1])'"]
    for (lower, upper) in zip(codes, codes.dropFirst()) { terms.append("code > '\(lower)' AND code < '\(upper)'") }
    for code in codes {
      terms.append("code = '\(code)' AND effective IS NULL")
      terms.append("code = '\(code)' AND effective < \(CalendarDate.dayNumbers.lowerBound)")
      terms.append("code = '\(code)' AND effective > ?1")
    }
    let probes = terms.map { "SELECT * FROM (SELECT id FROM journal WHERE \($0) LIMIT 1)" }
    return "SELECT id FROM (" + probes.joined(separator: " UNION ALL ") + ") LIMIT 1"
  }()

  /// Entries are effective at the latest on the day they were entered, where they were:
  /// a clock 14 hours ahead of UTC is a day ahead of one 12 hours behind.
  static func lastSoundDay(today: CalendarDate) -> Int { today.dayNumber + 2 }

  /// The first row found that per-currency reads could not see, read (so its damage is
  /// named as any row's); nil when there is none.
  static func damage(_ db: Database, today: CalendarDate) throws -> StoreDamage? {
    guard let id = try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: [lastSoundDay(today: today)]) else {
      return nil
    }
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

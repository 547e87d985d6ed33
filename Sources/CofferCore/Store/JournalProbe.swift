import GRDB

/// Finds, by the journal's indexes alone, a row that a read of one currency's history
/// would never meet, and so never name: a code that is not a catalog code (or not text),
/// or an effective day that is not one Coffer could have written (not an integer, before
/// 0001-01-01, or after tomorrow's tomorrow). Such a row could be the very entry a
/// question about a date needs; while one exists, those questions fail naming it.
///
/// Every probe is a seek of `journal_by_currency (code, effective)` that finds nothing
/// in a sound store (SQLite orders NULL, then numbers, then text, then blobs, so the gaps
/// between the 42 codes hold every other value): about 170 seeks, whatever the journal's
/// length, through three small statements run once, once a gap between two codes and
/// once a code (one statement of 170 terms would cost more to prepare than all the
/// seeks).
enum JournalProbe {
  /// A code that is not text, or text before the first code or after the last.
  private static let outsideTheCodes = """
    SELECT id FROM (SELECT id FROM journal WHERE code IS NULL LIMIT 1)
    UNION ALL SELECT * FROM (SELECT id FROM journal WHERE code < ?1 LIMIT 1)
    UNION ALL SELECT * FROM (SELECT id FROM journal WHERE code > ?2 LIMIT 1)
    LIMIT 1
    """

  /// Text between two neighbouring codes.
  private static let betweenCodes = "SELECT id FROM journal WHERE code > ?1 AND code < ?2 LIMIT 1"

  /// A code's row whose effective day is not a day, or is before the first day or after
  /// `?3`, the last a sound row can have.
  private static let outsideTheDays = """
    SELECT id FROM (SELECT id FROM journal WHERE code = ?1 AND effective IS NULL LIMIT 1)
    UNION ALL SELECT * FROM (SELECT id FROM journal WHERE code = ?1 AND effective < ?2 LIMIT 1)
    UNION ALL SELECT * FROM (SELECT id FROM journal WHERE code = ?1 AND effective > ?3 LIMIT 1)
    LIMIT 1
    """

  private static let codes = Catalog.all.map(\.code).sorted()

  /// The id of the first row found that a read of one currency would not meet.
  private static func firstUnmet(_ db: Database, today: CalendarDate) throws -> Int64? {
    if let id = try Int64.fetchOne(
      db.cachedStatement(sql: outsideTheCodes), arguments: [codes[0], codes[codes.count - 1]])
    {
      return id
    }
    let between = try db.cachedStatement(sql: betweenCodes)
    for (lower, upper) in zip(codes, codes.dropFirst()) {
      if let id = try Int64.fetchOne(between, arguments: [lower, upper]) { return id }
    }
    let outside = try db.cachedStatement(sql: outsideTheDays)
    for code in codes {
      let arguments: StatementArguments = [code, CalendarDate.dayNumbers.lowerBound, lastSoundDay(today: today)]
      if let id = try Int64.fetchOne(outside, arguments: arguments) { return id }
    }
    return nil
  }

  /// Entries are effective at the latest on the day they were entered, where they were:
  /// a clock 14 hours ahead of UTC is a day ahead of one 12 hours behind.
  static func lastSoundDay(today: CalendarDate) -> Int { today.dayNumber + 2 }

  /// The first row found that per-currency reads could not see, read (so its damage is
  /// named as any row's); nil when there is none.
  static func damage(_ db: Database, today: CalendarDate) throws -> StoreDamage? {
    guard let id = try firstUnmet(db, today: today) else { return nil }
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

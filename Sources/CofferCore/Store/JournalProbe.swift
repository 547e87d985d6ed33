import GRDB
import GRDBSQLite

/// The journal's probe: finds, by its indexes alone, a row that a read of one currency
/// would never meet, and so never name: a code that is not a catalog code (or not text),
/// or an effective day outside what Coffer writes (not a number, or out of range: from
/// 0001-01-01 to tomorrow's tomorrow). Such a row could be the very one a question about
/// a date needs; while one exists, those questions fail naming it.
///
/// Every probe is a seek that finds nothing in a sound journal (SQLite orders NULL, then
/// numbers, then text, then blobs, so the gaps between the 42 codes hold every other
/// value): three seeks of `journal_by_currency` around the codes and one in each gap
/// between two, and three of `journal_by_date` around the days, whatever the journal's
/// length. The gaps are sought through one statement run straight on SQLite, once a gap.
enum JournalProbe {
  /// Entries are effective at the latest on the day they were entered, where they were:
  /// a clock 14 hours ahead of UTC is a day ahead of one 12 hours behind.
  static func lastSoundDay(today: CalendarDate) -> Int { today.dayNumber + 2 }

  /// The first row found that per-currency reads could not see, read (so its damage is
  /// named as any row's); nil when there is none.
  static func damage(_ db: Database, today: CalendarDate) throws -> StoreDamage? {
    let days = CalendarDate.dayNumbers.lowerBound...lastSoundDay(today: today)
    guard let id = try firstUnmet(db, days: days) else { return nil }
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

  /// The id of the first row found whose code is not a catalog code or whose effective
  /// day is not in `days`; nil when there is none.
  private static func firstUnmet(_ db: Database, days: ClosedRange<Int>) throws -> Int64? {
    // A code that is not text, or text before the first code or after the last.
    let outsideTheCodes = try db.cachedStatement(
      sql: """
        SELECT id FROM (SELECT id FROM journal WHERE code IS NULL LIMIT 1)
        UNION ALL SELECT id FROM (SELECT id FROM journal WHERE code < ?1 LIMIT 1)
        UNION ALL SELECT id FROM (SELECT id FROM journal WHERE code > ?2 LIMIT 1)
        LIMIT 1
        """)
    if let id = try firstID(db, outsideTheCodes, binding: { bind($0, codes[0], codes[codes.count - 1]) }) {
      return id
    }
    // Text between two neighbouring codes.
    let between = try db.cachedStatement(sql: "SELECT id FROM journal WHERE code > ?1 AND code < ?2 LIMIT 1")
    for place in codes.indices.dropFirst() {
      if let id = try firstID(db, between, binding: { bind($0, codes[place - 1], codes[place]) }) { return id }
    }
    // An effective day that is not one, whatever the row's code: NULL, a number outside
    // `days`, or text or a blob (which sort after every number).
    let outsideTheDays = try db.cachedStatement(
      sql: """
        SELECT id FROM (SELECT id FROM journal WHERE effective IS NULL LIMIT 1)
        UNION ALL SELECT id FROM (SELECT id FROM journal WHERE effective < ?1 LIMIT 1)
        UNION ALL SELECT id FROM (SELECT id FROM journal WHERE effective > ?2 LIMIT 1)
        LIMIT 1
        """)
    return try firstID(db, outsideTheDays) { handle in
      sqlite3_bind_int64(handle, 1, Int64(days.lowerBound))
      sqlite3_bind_int64(handle, 2, Int64(days.upperBound))
    }
  }

  /// The id `statement` finds once `binding` has bound its parameters, if any: run
  /// straight on SQLite (a probe runs some fifty of them).
  private static func firstID(_ db: Database, _ statement: Statement, binding: (OpaquePointer) -> Void) throws
    -> Int64?
  {
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    binding(handle)
    defer { sqlite3_reset(handle) }
    let code = sqlite3_step(handle)
    if code == SQLITE_DONE { return nil }
    guard code == SQLITE_ROW else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
        sql: statement.sql)
    }
    return sqlite3_column_int64(handle, 0)
  }

  private static func bind(_ handle: OpaquePointer, _ lower: String, _ upper: String) {
    sqlite3_bind_text(handle, 1, lower, -1, sqliteTransient)
    sqlite3_bind_text(handle, 2, upper, -1, sqliteTransient)
  }

  /// The catalog's codes in the order SQLite sorts text: by their bytes.
  private static let codes = Catalog.all.map(\.code).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

import GRDB
import GRDBSQLite

/// The journal's probe: finds, by its indexes alone, a row that a read of one currency
/// would never meet, and so never name: a code that is not a catalog code (or not text),
/// or an effective day outside what Coffer writes (not a number, or out of range: from
/// 0001-01-01 to tomorrow's tomorrow). Such a row could be the very one a question about
/// a date needs; while one exists, those questions fail naming it.
///
/// Every probe is a seek of an index, whatever the journal's length: at each end of
/// `journal_by_currency` (SQLite sorts NULL, then numbers, then text, then blobs, so any
/// value that is not a code's text is at an end or in a gap), one in each gap between two
/// neighbouring codes, which finds nothing in a sound journal, and at each end of
/// `journal_by_date`. SQLite itself says whether the row at an end is out of sight, so
/// that text is compared as the index sorts it.
enum JournalProbe {
  /// Entries are effective at the latest on the day they were entered, where they were:
  /// a clock 14 hours ahead of UTC is a day ahead of one 12 hours behind.
  static func lastSoundDay(today: CalendarDate) -> Int { today.dayNumber + 2 }

  /// The first row found that per-currency reads could not see, read (so its damage is
  /// named as any row's); nil when there is none. Without `gaps`, only the ends of the
  /// indexes are looked at, not the gaps between two codes: enough for a read that seeks
  /// no currency's entries (see `JournalMonthCache`), since text that is not a code in a
  /// month's row marks its month stale, and a read seeks the stale months.
  static func damage(_ db: Database, today: CalendarDate, gaps: Bool = true) throws -> StoreDamage? {
    let days = CalendarDate.dayNumbers.lowerBound...lastSoundDay(today: today)
    guard let id = try firstUnmet(db, days: days, gaps: gaps) else { return nil }
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
  private static func firstUnmet(_ db: Database, days: ClosedRange<Int>, gaps: Bool) throws -> Int64? {
    // The lowest and the highest code in the index's order (NULL, then numbers, text and
    // blobs), which SQLite compares with the first and the last code: only text from the
    // first to the last is in sight. SQLite compares as its index sorts, in the store's
    // own encoding.
    let (first, last) = (codes[0], codes[codes.count - 1])
    let lowestCode = try db.cachedStatement(sql: "SELECT id, code < ?1 FROM journal ORDER BY code LIMIT 1")
    if let id = try outOfSight(lowestCode, binding: { bind($0, 1, first) }) { return id }
    let highestCode = try db.cachedStatement(sql: "SELECT id, code > ?1 FROM journal ORDER BY code DESC LIMIT 1")
    if let id = try outOfSight(highestCode, binding: { bind($0, 1, last) }) { return id }
    // Text between two neighbouring codes: any row found.
    let between = try db.cachedStatement(sql: "SELECT id, 1 FROM journal WHERE code > ?1 AND code < ?2 LIMIT 1")
    for place in codes.indices.dropFirst() where gaps {
      let found = try outOfSight(between) { handle in
        let lower = bind(handle, 1, codes[place - 1])
        return lower == SQLITE_OK ? bind(handle, 2, codes[place]) : lower
      }
      if let found { return found }
    }
    // The lowest and the highest effective day, the same way: only numbers within `days`
    // are in sight.
    let lowestDay = try db.cachedStatement(sql: "SELECT id, effective < ?1 FROM journal ORDER BY effective LIMIT 1")
    if let id = try outOfSight(lowestDay, binding: { sqlite3_bind_int64($0, 1, Int64(days.lowerBound)) }) {
      return id
    }
    let highestDay = try db.cachedStatement(
      sql: "SELECT id, effective > ?1 FROM journal ORDER BY effective DESC LIMIT 1")
    return try outOfSight(highestDay, binding: { sqlite3_bind_int64($0, 1, Int64(days.upperBound)) })
  }

  /// The id in column 0 of the row `statement` finds once `binding` has bound its
  /// parameters, unless it finds none or the row's column 1, SQLite's answer whether it
  /// is out of sight, is the integer 0 (no): run straight on SQLite, forty-four times a
  /// probe.
  private static func outOfSight(_ statement: Statement, binding: (OpaquePointer) -> Int32) throws -> Int64? {
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    defer { sqlite3_reset(handle) }
    var code = binding(handle)
    if code == SQLITE_OK { code = sqlite3_step(handle) }
    if code == SQLITE_DONE { return nil }
    guard code == SQLITE_ROW else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
        sql: statement.sql)
    }
    let inSight = sqlite3_column_type(handle, 1) == SQLITE_INTEGER && sqlite3_column_int64(handle, 1) == 0
    return inSight ? nil : sqlite3_column_int64(handle, 0)
  }

  /// Binds `bytes`, UTF-8 text, to parameter `place` (SQLite keeps a copy).
  private static func bind(_ handle: OpaquePointer, _ place: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBufferPointer { text in
      text.withMemoryRebound(to: CChar.self) {
        sqlite3_bind_text(handle, place, $0.baseAddress, Int32($0.count), sqliteTransient)
      }
    }
  }

  /// The catalog's codes' bytes in the order SQLite sorts text: by their bytes.
  private static let codes = Catalog.all.map { Array($0.code.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
}

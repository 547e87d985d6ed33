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
    // The lowest and the highest code, in the index's order: NULL, then numbers, text and
    // blobs. Only text from the first code to the last is in sight of a read.
    let (first, last) = (codes[0], codes[codes.count - 1])
    let lowestCode = try db.cachedStatement(sql: "SELECT id, code FROM journal ORDER BY code LIMIT 1")
    if let id = try firstID(lowestCode, unless: { !first.sortsAfter(textOf: $0) }) { return id }
    let highestCode = try db.cachedStatement(sql: "SELECT id, code FROM journal ORDER BY code DESC LIMIT 1")
    if let id = try firstID(highestCode, unless: { !last.sortsBefore(textOf: $0) }) { return id }
    // Text between two neighbouring codes.
    let between = try db.cachedStatement(sql: "SELECT id FROM journal WHERE code > ?1 AND code < ?2 LIMIT 1")
    let handle = between.sqliteStatement
    for place in codes.indices.dropFirst() {
      let found = try codes[place - 1].withUnsafeBufferPointer { lower in
        try codes[place].withUnsafeBufferPointer { upper in
          // Bound without a copy (no destructor: SQLite reads the bytes where they are),
          // and unbound before the bytes may go.
          sqlite3_bind_text(handle, 1, lower.baseAddress, Int32(lower.count), nil)
          sqlite3_bind_text(handle, 2, upper.baseAddress, Int32(upper.count), nil)
          defer { sqlite3_clear_bindings(handle) }
          return try firstID(between, unless: { _ in false })
        }
      }
      if let found { return found }
    }
    // The lowest and the highest effective day: NULL, then numbers, text and blobs. Only
    // numbers within `days` are in sight.
    let lowestDay = try db.cachedStatement(sql: "SELECT id, effective FROM journal ORDER BY effective LIMIT 1")
    if let id = try firstID(lowestDay, unless: { isNumber($0, atLeast: days.lowerBound) }) { return id }
    let highestDay = try db.cachedStatement(sql: "SELECT id, effective FROM journal ORDER BY effective DESC LIMIT 1")
    return try firstID(highestDay, unless: { isNumber($0, atMost: days.upperBound) })
  }

  /// The id in column 0 of the row `statement` finds, unless it finds none or `sound`
  /// says the row is in sight: run straight on SQLite (a probe runs some forty-five).
  private static func firstID(_ statement: Statement, unless sound: (OpaquePointer) -> Bool) throws -> Int64? {
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    defer { sqlite3_reset(handle) }
    let code = sqlite3_step(handle)
    if code == SQLITE_DONE { return nil }
    guard code == SQLITE_ROW else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
        sql: statement.sql)
    }
    return sound(handle) ? nil : sqlite3_column_int64(handle, 0)
  }

  /// Whether column 1 of the row `handle` is on is a number no less than `lower`.
  private static func isNumber(_ handle: OpaquePointer, atLeast lower: Int) -> Bool {
    switch sqlite3_column_type(handle, 1) {
    case SQLITE_INTEGER: sqlite3_column_int64(handle, 1) >= lower
    case SQLITE_FLOAT: sqlite3_column_double(handle, 1) >= Double(lower)
    default: false
    }
  }

  /// Whether column 1 of the row `handle` is on is a number no greater than `upper`.
  private static func isNumber(_ handle: OpaquePointer, atMost upper: Int) -> Bool {
    switch sqlite3_column_type(handle, 1) {
    case SQLITE_INTEGER: sqlite3_column_int64(handle, 1) <= upper
    case SQLITE_FLOAT: sqlite3_column_double(handle, 1) <= Double(upper)
    default: false
    }
  }

  /// The catalog's codes' bytes in the order SQLite sorts text: by their bytes.
  private static let codes = Catalog.all.map { Array($0.code.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
}

extension [UInt8] {
  /// Whether these bytes sort after the text in column 1 of the row `handle` is on, as
  /// SQLite sorts text (by its bytes); true when the column is not text, which sorts
  /// before all text or after it.
  fileprivate func sortsAfter(textOf handle: OpaquePointer) -> Bool {
    guard let text = Self.text(handle) else { return true }
    return text.lexicographicallyPrecedes(self)
  }

  /// Whether these bytes sort before the text in column 1 of the row `handle` is on;
  /// true when the column is not text.
  fileprivate func sortsBefore(textOf handle: OpaquePointer) -> Bool {
    guard let text = Self.text(handle) else { return true }
    return lexicographicallyPrecedes(text)
  }

  private static func text(_ handle: OpaquePointer) -> UnsafeBufferPointer<UInt8>? {
    guard sqlite3_column_type(handle, 1) == SQLITE_TEXT, let bytes = sqlite3_column_text(handle, 1) else { return nil }
    return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, 1)))
  }
}

import GRDB
import GRDBSQLite

/// Journal inserts of many rows each, their arguments bound straight to SQLite: an import
/// writes hundreds of thousands of rows, and GRDB's argument handling, or a statement a
/// row, would cost more than the writing.
struct JournalInsert {
  /// Rows per statement (six arguments each, well under SQLite's limit of 32,766).
  private static let rowsPerStatement = 256
  private let db: Database
  private let entered: EntryTime

  init(_ db: Database, entered: EntryTime) {
    self.db = db
    self.entered = entered
  }

  /// Journal rows written, `rows` of them in one statement (a save's rows of today too).
  static func sql(rows: Int) -> String {
    "INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES "
      + repeatElement("(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
  }

  func insert(_ planned: inout PlannedEntries, shouldStop: () -> Bool, progress: ((Int, Int) -> Void)?) throws {
    let full = try db.makeStatement(sql: Self.sql(rows: Self.rowsPerStatement))
    let enteredText = planned.addText(entered.utcText)
    let offset = Int64(entered.offsetMinutes)
    let rows = planned.rows
    // The buffer is not changed while SQLite reads it: bound as static text, not copied.
    try planned.text.withUnsafeBufferPointer { buffer throws in
      let base = buffer.baseAddress!
      func bind(_ handle: OpaquePointer, _ index: Int32, _ range: Range<Int>) {
        sqlite3_bind_text(handle, index, base + range.lowerBound, Int32(range.count), nil)
      }
      var first = 0
      while first < rows.count {
        let count = min(Self.rowsPerStatement, rows.count - first)
        let statement = count == Self.rowsPerStatement ? full : try db.makeStatement(sql: Self.sql(rows: count))
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (place, row) in rows[first..<(first + count)].enumerated() {
          let column = Int32(place * 6)
          bind(handle, column + 1, enteredText)
          sqlite3_bind_int64(handle, column + 2, offset)
          sqlite3_bind_int64(handle, column + 3, Int64(row.day))
          bind(handle, column + 4, row.code)
          bind(handle, column + 5, row.old)
          bind(handle, column + 6, row.new)
        }
        let code = sqlite3_step(handle)
        sqlite3_clear_bindings(handle)
        guard code == SQLITE_DONE else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: statement.sql)
        }
        first += count
        if first % 4096 == 0 || first == rows.count {
          if shouldStop() { throw Store.ImportStopped() }
          progress?(first, rows.count)
        }
      }
    }
  }
}

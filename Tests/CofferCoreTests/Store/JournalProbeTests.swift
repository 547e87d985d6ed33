import GRDB
import Testing

@testable import CofferCore

/// The journal's probe finds, by its indexes, every kind of row that a read of one
/// currency would never meet, and nothing in a sound journal.
@Suite struct JournalProbeTests {
  /// The catalog's codes as SQLite sorts them: the probe's edges and gaps.
  private let sorted = Catalog.all.map(\.code).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }

  /// A journal as Coffer's schema lays it out, without its checks, so that any value
  /// fits; sound rows for the first, a middle and the last code, from 0001-01-01 on. Its
  /// text is kept in `encoding`.
  private func journal(encoding: String = "UTF-8") throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA encoding = '\(encoding)'") }
    let queue = try DatabaseQueue(configuration: configuration)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE journal (id INTEGER PRIMARY KEY AUTOINCREMENT, entered, utc_offset, effective, code, old, new);
          CREATE INDEX journal_by_currency ON journal (code, effective, id, new);
          CREATE INDEX journal_by_date ON journal (effective);
          """)
      let first = CalendarDate.dayNumbers.lowerBound
      let last = JournalProbe.lastSoundDay(today: testDay)
      for (code, effective) in [(sorted[0], first), (sorted[20], testDay.dayNumber), (sorted[sorted.count - 1], last)] {
        try db.execute(
          sql: "INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES (?, 0, ?, ?, '0', '1')",
          arguments: ["2026-11-22T10:00:00Z", effective, code])
      }
    }
    #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA encoding") } == encoding)
    return queue
  }

  /// Adds a row of `code` effective `effective` (both SQL) to `queue`'s journal.
  private func insert(code: String, effective: String, into queue: DatabaseQueue) throws -> Int64 {
    try queue.write { db in
      try db.execute(
        sql: "INSERT INTO journal (entered, utc_offset, effective, code, old, new) "
          + "VALUES ('2026-11-22T10:00:00Z', 0, \(effective), \(code), '0', '1')")
      return db.lastInsertedRowID
    }
  }

  @Test func aSoundJournalHasNothingOutOfSight() throws {
    #expect(try journal().read { try JournalProbe.damage($0, today: testDay) } == nil)
    let empty = try journal()
    try empty.write { try $0.execute(sql: "DELETE FROM journal") }
    #expect(try empty.read { try JournalProbe.damage($0, today: testDay) } == nil, "an empty journal")
  }

  /// A day in sight, for the rows whose code is what is wrong.
  private static let today = "\(testDay.dayNumber)"

  @Test(arguments: [
    // Codes: not text, before the first, after the last, between two, with a NUL byte.
    ("NULL", today), ("42", today), ("4.5", today), ("X'555344'", today),
    ("'AAA'", today), ("''", today), ("'ZZZ'", today), ("'zar'", today),
    ("'EUS'", today), ("'EUR' || char(0)", today), ("'USD '", today),
    // Days: not a number, before 0001-01-01, after the last day an entry could be made.
    ("'USD'", "NULL"), ("'USD'", "'2026-01-01'"), ("'USD'", "X'00'"), ("'USD'", "-719163"),
    ("'USD'", "-1e300"), ("'USD'", "\(JournalProbe.lastSoundDay(today: testDay) + 1)"), ("'USD'", "1.5e300"),
    // Real numbers half a day outside, which a reading as integers would take for days.
    ("'USD'", "\(Double(CalendarDate.dayNumbers.lowerBound) - 0.5)"),
    ("'USD'", "\(Double(JournalProbe.lastSoundDay(today: testDay)) + 0.5)"),
  ])
  func aRowNoCurrencyReadMeetsIsFound(code: String, effective: String) throws {
    let queue = try journal()
    let id = try insert(code: code, effective: effective, into: queue)
    let damage = try queue.read { try JournalProbe.damage($0, today: testDay) }
    #expect(damage?.row == id, "code \(code), effective \(effective)")
  }

  /// Text in a UTF-16 store sorts by its UTF-16 bytes: there `A` then U+0100 sorts before
  /// `AED`, the first code (after it in UTF-8), and is still found.
  @Test(arguments: ["UTF-16le", "UTF-16be"])
  func textIsComparedAsTheStoreKeepsIt(encoding: String) throws {
    let queue = try journal(encoding: encoding)
    #expect(try queue.read { try JournalProbe.damage($0, today: testDay) } == nil)
    let id = try insert(code: "'A' || char(256)", effective: Self.today, into: queue)
    #expect(try queue.read { try JournalProbe.damage($0, today: testDay) }?.row == id)
  }
}

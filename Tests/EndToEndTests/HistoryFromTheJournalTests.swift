import Foundation
import Testing

/// The amount of a currency on a date is the journal's (SPEC §8), whoever wrote the
/// journal and whatever else the store or a session holds: entries written with the
/// sqlite3 shell, another session's later entry, a session in another time zone, a clock
/// that was ahead. Each of these once gave a wrong number with confidence.
@Suite struct HistoryFromTheJournalTests {
  let coffer: CofferProcess
  var database: String { coffer.home + "/history.db" }

  init() throws {
    coffer = try CofferProcess()
    let outcome = try run("rates import \(CofferProcess.fixtures)/eurofxref-hist.zip")
    #expect(outcome.status == 0, "\(outcome)")
  }

  func run(_ script: String, today: String? = nil, db: String? = nil) throws -> Outcome {
    try coffer.run(
      ["--db", db ?? database, "-c", script], extraEnvironment: today.map { ["COFFER_TODAY": $0] } ?? [:])
  }

  func sqlite(_ sql: String) throws -> Outcome {
    try coffer.run([database, sql], binary: "/usr/bin/sqlite3")
  }

  /// A journal entry written with the sqlite3 shell for a currency nothing else names:
  /// every dated answer counts it, as does the current amount (the holdings are derived
  /// from the journal by its triggers), and a dump of the store gives the same answers.
  @Test func anEntryWrittenAroundCofferCountsInEveryAnswer() throws {
    #expect(try run("set USD 100 at 2024-01-31").status == 0)
    let written = try sqlite(
      "INSERT INTO journal (entered, utc_offset, effective, code, place, old, new) "
        + "VALUES ('2024-02-01T09:00:00Z', 0, 19754, 'GBP', '', '0', '1000')")  // 2024-02-01
    #expect(written.status == 0, "\(written)")
    let asked = "print amount_at(GBP, 2024-03-01) amount(GBP) total_at(2024-03-01); check"
    let outcome = try run(asked)
    #expect(outcome.status == 0, "\(outcome)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(2)) == ["1000", "1000"], "\(outcome)")
    // The total counts both: USD 100 and GBP 1000 at that day's rates.
    let alone = try run("print total_at(2024-03-01) - value_at(GBP, 2024-03-01)")
    #expect(alone.stdout != lines[2] + "\n", "\(alone)")
    #expect(lines[3].contains("is sound"), "\(outcome)")
    // A dump of the store, run into a new one, answers the same.
    #expect(try run("dump \(coffer.home)/d.coffer").status == 0)
    let copy = coffer.home + "/copy.db"
    #expect(try coffer.run(["--db", copy, coffer.home + "/d.coffer"]).status == 0)
    #expect(
      try run(asked, db: copy).stdout.split(separator: "\n").prefix(3)
        == outcome.stdout.split(separator: "\n").prefix(3))
    // With the holding derived from that entry removed by hand, dated answers are still
    // the journal's, and `check` names the holding that is missing.
    #expect(try sqlite("DELETE FROM holding WHERE code = 'GBP'").status == 0)
    let dated = try run("print amount_at(GBP, 2024-03-01) total_at(2024-03-01)")
    #expect(dated.stdout == lines[0] + "\n" + lines[2] + "\n", "\(dated)")
    let checked = try run("check")
    #expect(checked.status == 3)
    #expect(checked.stdout.contains("damaged: holding (code 'GBP'): missing"), "\(checked)")
  }

  /// Whether a balance for a past date is also the current amount is decided when it is
  /// saved, against the store as it is then: another session's later entry, saved
  /// meanwhile, stays the current amount, in both orders and for a sheet at a date.
  @Test(arguments: [
    ("set USD 7 at 2024-01-20", "set USD 5 at 2024-02-10", "5"),
    ("set USD 7 at 2024-02-10", "set USD 5 at 2024-01-20", "7"),
    ("open --lines at 2024-01-20\nUSD 7\nblur", "set USD 5 at 2024-02-10", "5"),
  ])
  func aSessionTakesTheCurrentAmountTheStoreDecided(ours: String, theirs: String, current: String) throws {
    let live = try coffer.start(["--db", database])
    live.send(ours)
    live.send("echo typed")
    #expect(live.waitFor("the pending edit") { $0.stdout.hasSuffix("typed\n") })
    #expect(try run(theirs).status == 0)
    live.send(ours.hasPrefix("open") ? "dismiss" : "save")
    live.send("print amount(USD)")
    live.send("set EUR 1")
    live.send("save")
    live.send("print amount(USD)")
    #expect(live.waitFor("the amounts") { $0.stdout.hasSuffix("\(current)\n\(current)\n") })
    #expect(live.finish() == 0)
    #expect(try run("print amount(USD)").stdout == "\(current)\n")
  }

  /// Before this session saves, too: an unsaved balance for a past date stops being the
  /// current amount once another session's later entry is read (the amount and the
  /// total showed the unsaved balance until the save); a later balance of this session's
  /// own stays the current one.
  @Test(arguments: [("set USD 9", "9"), ("set USD 9 at 2024-01-10", "5"), ("set USD 9 at 2024-03-01", "9")])
  func anUnsavedPastBalanceGivesWayToAnotherSessionsLaterEntryAtOnce(theirs: String, current: String) throws {
    #expect(try run("set USD 1 at 2024-01-01").status == 0)
    let live = try coffer.start(["--db", database])
    live.send("set USD 5 at 2024-02-10; print amount(USD)")
    #expect(live.waitFor("the pending edit") { $0.stdout == "5\n" }, "\(live.stdout)")
    #expect(try run(theirs).status == 0)
    live.send("print amount(USD) amount_at(USD, 2024-02-10); save; print amount(USD)")
    #expect(
      live.waitFor("the amounts") { $0.stdout.hasSuffix("\(current)\n") && $0.stdout.count > 4 }, "\(live.stdout)")
    #expect(live.finish() == 0, "\(live.stderr)")
    #expect(live.stdout == "5\n\(current)\n5\n\(current)\n", "\(live.stdout)")
  }

  /// A session in a time zone already in tomorrow saves an amount, effective its today:
  /// a session still in today leaves it out of today's amount and of a total asked for
  /// today, and counts it from its day on.
  @Test func anEntryOfTomorrowsTimeZoneCountsFromItsDay() throws {
    #expect(try run("set EUR 20", today: "2026-11-27").status == 0)
    let today = try run("print amount(EUR) amount_at(EUR, 2026-11-26) count(); log", today: "2026-11-26")
    #expect(today.status == 0, "\(today)")
    #expect(today.stdout.hasPrefix("0\n0\n0\n2026-11-27  EUR  0 → 20"), "\(today)")
    let totals = try run("print total() total_at(2026-11-26)", today: "2026-11-26")
    #expect(totals.stdout == "0\n0\n", "\(totals)")
    let tomorrow = try run("print amount(EUR) amount_at(EUR, 2026-11-27)", today: "2026-11-27")
    #expect(tomorrow.stdout == "20\n20\n", "\(tomorrow)")
  }

  /// An entry made by a clock that was ahead never locks the store: it counts from its
  /// day on, `check` names it with what to do, and a dump gives it back.
  @Test func anEntryOfAClockThatWasAheadIsNamedAndNeverLocksTheStore() throws {
    #expect(try run("set USD 5", today: "2027-03-01").status == 0)
    let outcome = try run(
      "set EUR 3 at 2026-01-01; print amount(USD) amount_at(USD, 2026-11-22) amount(EUR); "
        + "total by month from 2026-01-31 to 2026-10-31 --format csv; holdings from 2026-01-31 --format csv; check")
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasPrefix("0\n0\n3\n"), "\(outcome)")
    #expect(
      outcome.stdout.contains(
        "note: journal row 1 (USD 5) is effective 2027-03-01, after today (2026-11-22): it counts from that day on; "
          + "if a clock was ahead when it was entered, set the balance again ('set USD 5') and remove the row"),
      "\(outcome)")
    #expect(try run("dump \(coffer.home)/d.coffer").status == 0)
    let dump = try String(contentsOfFile: coffer.home + "/d.coffer", encoding: .utf8)
    #expect(dump.contains("set USD 5 at 2027-03-01 --ahead\n"), "\(dump)")
    let copy = coffer.home + "/copy.db"
    #expect(try coffer.run(["--db", copy, coffer.home + "/d.coffer"]).status == 0)
    #expect(try run("dump", db: copy).stdout == dump)
    #expect(try run("print amount_at(USD, 2027-03-01)", today: "2027-03-01", db: copy).stdout == "5\n")
  }

  /// An unsaved balance written ahead of today (`--ahead`, as a dump gives one back) is
  /// not in effect yet: the unsaved one before it is still the current amount, so today's
  /// amount set after both is a change, and saved (it was taken for none, and lost).
  @Test func anUnsavedBalanceAheadOfTodayLeavesTheOneBeforeItCurrent() throws {
    #expect(try run("set USD 3 at 2026-04-26").status == 0)
    let outcome = try run(
      "set USD 10 at 2026-06-10; set USD 0 at 2026-12-31 --ahead; print amount(USD); set USD 3; print amount(USD)")
    #expect(outcome == Outcome(stdout: "10\n3\n", stderr: "", status: 0), "\(outcome)")
    #expect(try run("print amount(USD) amount_at(USD, 2026-11-21)").stdout == "3\n10\n")
    #expect(try run("print amount(USD)", today: "2026-12-31").stdout == "0\n")
  }

  /// A stored balance ahead of today is not in effect yet either: a balance written down
  /// for a past day after the last one in effect is the current amount at once, in a
  /// `set` and in a sheet at that date, as it is once saved (it read as the amount before).
  @Test(arguments: [
    "set USD 10 at 2026-06-10; print amount(USD)", "open at 2026-06-10; USD 10; blur; print amount(USD); dismiss",
  ])
  func aStoredBalanceAheadOfTodayIsNoLaterEntryForAPastOne(write: String) throws {
    #expect(try run("set USD 3 at 2026-04-26; set USD 0 at 2026-12-31 --ahead").status == 0)
    let outcome = try run(write)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasPrefix("10\n"), "\(outcome)")
    #expect(try run("print amount(USD) amount_at(USD, 2026-11-21)").stdout == "10\n10\n")
    #expect(try run("print amount(USD)", today: "2026-12-31").stdout == "0\n")
  }

  /// A question about the holdings as they stood on a day to come is refused, saying why;
  /// a balance cannot be written down for it either (but with a dump's `--ahead`).
  @Test(arguments: [
    "total by month to 2027-01-01", "holdings from 2027-01-01", "holdings from 2026-01-01 to 2027-01-01",
    "total at 2027-01-01", "holdings at 2027-01-01", "print total_at(2027-01-01)", "print amount_at(USD, 2027-01-01)",
  ])
  func aDayToComeIsRefusedInQuestionsOfTheHoldingsAsHeld(question: String) throws {
    let outcome = try run(question)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      outcome.stderr.contains(
        "2027-01-01 is after today (2026-11-22); the holdings of a day to come are not known yet"),
      "\(outcome)")
    #expect(outcome.stdout == "", "\(outcome)")
  }
}

import Foundation
import Testing

/// Rules that plausible one-line bugs once got past the suite (planted by hand, caught by
/// no test or only by chance): each is asserted here directly, from a new process where
/// what matters is what was saved.
@Suite struct PinnedRulesTests {
  let coffer: CofferProcess
  var database: String { coffer.home + "/pinned.db" }

  init() throws {
    coffer = try CofferProcess()
  }

  func run(_ script: String, _ options: [String] = []) throws -> Outcome {
    try coffer.run(["--db", database] + options + ["-c", script])
  }

  /// `--atomic` begins its transaction before `--rates FILE` is imported: a run that fails
  /// keeps none of the file's rates either.
  @Test func anAtomicRunThatFailsKeepsNotEvenTheRatesOfItsRatesFile() throws {
    #expect(try run("print 1").status == 0)
    let before = try run("rates USD --format csv")
    let file = try coffer.write("at.csv", "date,code,rate\n2026-11-01,USD,1.1\n")
    let failed = try run("set USD 5; bogus", ["--atomic", "--rates", file])
    #expect(failed.status == 1, "\(failed)")
    #expect(failed.stderr.hasSuffix("coffer: nothing saved: --atomic run had errors\n"), "\(failed)")
    let after = try run("rates USD --format csv; print amount(USD)")
    #expect(after.stdout == before.stdout + "0\n", "\(after)")
    // The same run without the error keeps the rate.
    #expect(try run("set USD 5", ["--atomic", "--rates", file]).status == 0)
    #expect(try run("rates USD --format csv").stdout != before.stdout)
  }

  /// A sheet opened at a date: `cancel` puts every amount of that date back as it was and
  /// writes nothing; a field merely passed through writes nothing either, so another
  /// session's balance of that date saved meanwhile stays. Both read after the save, from
  /// the store.
  @Test func aSheetAtADateCancelsAndPassesThroughWithoutWriting() throws {
    #expect(try run("set USD 100 at 2025-01-31; set EUR 50 at 2025-01-31").status == 0)
    let log = "log --format csv"
    let entries = try run(log).stdout
    let cancelled = try run("open --lines at 2025-01-31\nUSD 200\nEUR 70\nGBP 3\ncancel\nsave")
    #expect(cancelled.status == 0, "\(cancelled)")
    #expect(try run(log).stdout == entries)
    #expect(
      try run("print amount_at(USD, 2025-01-31) amount_at(EUR, 2025-01-31) amount_at(GBP, 2025-01-31)").stdout
        == "100\n50\n0\n")
    // Passed through while another session saves EUR of that date.
    let live = try coffer.start(["--db", database])
    live.send("open --lines at 2025-01-31\nUSD\nnext\nnext\necho passed")
    #expect(live.waitFor("the pass through") { $0.stdout.hasSuffix("passed\n") })
    #expect(try run("set EUR 60 at 2025-01-31").status == 0)
    live.send("dismiss")
    #expect(live.finish() == 0)
    #expect(try run("print amount_at(USD, 2025-01-31) amount_at(EUR, 2025-01-31)").stdout == "100\n60\n")
  }

  /// Of two entries of one currency effective on the same day, the one entered last is
  /// the amount that day: in `amount_at`, `total at` and `total by month` alike.
  @Test func ofTwoEntriesOfOneDayTheOneEnteredLastCounts() throws {
    #expect(try run("rates import \(CofferProcess.fixtures)/eurofxref-hist.zip").status == 0)
    #expect(try run("set USD 1000 at 2025-03-10").status == 0)
    #expect(try run("set USD 7 at 2025-03-10").status == 0)
    // Two entries of that day, the second entered last.
    let sql = try coffer.run(
      [database, "SELECT count(*) FROM journal WHERE code = 'USD' AND effective = 20157"], binary: "/usr/bin/sqlite3")
    #expect(sql.stdout == "2\n", "\(sql)")
    let asked = try run(
      "print amount_at(USD, 2025-03-10) amount_at(USD, 2025-03-31) total_at(2025-03-31) value_at(USD, 2025-03-31); "
        + "total at 2025-03-31 --format json; total by month from 2025-02-28 to 2025-03-31 --format csv")
    #expect(asked.status == 0, "\(asked)")
    let lines = asked.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0] == "7" && lines[1] == "7", "\(asked)")
    #expect(lines[2] == lines[3], "the total is USD 7's value alone")
    #expect(lines[4].contains("\"total\":\"\(lines[2])\""), "\(asked)")
    #expect(lines.last?.hasPrefix("2025-03-31,\(lines[2]),") == true, "\(asked)")
  }

  /// A total is the sum of the unrounded values, rounded once; so is the `rates` part of
  /// a change (SPEC §8). Here each currency's part would round to 0.00, their sum to 0.01.
  @Test func theRatesPartOfAChangeIsRoundedOnceNotPerCurrency() throws {
    let script = """
      rates clear --yes
      rates record at 2025-01-31 source "t" CNY 1.5 USD 1 GBP 1 --accept
      rates record at 2025-02-28 source "t" CNY 1.503 USD 1 GBP 1 --accept
      set USD 1.5 at 2025-01-15
      set GBP 1.5 at 2025-01-15
      save
      total by month from 2025-01-31 to 2025-02-28 --format csv
      print total_at(2025-02-28)
      """
    let outcome = try run(script)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stdout == """
        date,total,change,rates,edits,partial,missing,local
        2025-01-31,4.5,,,,no,,CNY
        2025-02-28,4.51,0.01,0.01,0,no,,CNY
        4.51

        """, "\(outcome)")
  }
}

import Foundation
import Testing

/// The holdings through time (SPEC §8) through the binary: balances written down for past
/// dates, what a date means in a question, how the total moved and why, the sheet at a
/// date, the log, conflicts between sessions, and every kind of bad date.
///
/// Rates: a small file of three days, so that every figure is worked out by hand here
/// (1 EUR = 8 CNY throughout; 1 EUR = 1.25 USD, then 1.6, then 2).
@Suite struct HistoryTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/history.db" }

  init() throws {
    let rates = try coffer.write(
      "rates.csv",
      """
      date,code,rate
      2025-01-01,CNY,8
      2025-01-01,USD,1.25
      2025-03-15,USD,1.6
      2025-06-01,USD,2
      2025-06-01,CNY,8

      """)
    let outcome = try coffer.run(["--db", database, "--rates", rates, "-c", "save"])
    #expect(outcome.status == 0, "\(outcome)")
  }

  func run(_ script: String, _ options: [String] = []) throws -> Outcome {
    try coffer.run(["--db", database] + options + ["-c", script])
  }

  // MARK: - Writing balances down

  @Test func todaysAmountBackToTheStoredOneAfterADatedBalanceIsSavedAsPrinted() throws {
    // The dated balance changes the current amount first; today's, equal to what the store
    // held before, must still be written (it was dropped as "nothing to write").
    #expect(try run("set USD 5 at 2025-01-01; set USD 0; print amount(USD)").stdout == "0\n")
    #expect(try run("print amount(USD) amount_at(USD, 2025-01-01)").stdout == "0\n5\n")
    #expect(try run("set USD 3 at 2025-06-01").status == 0)
    #expect(try run("set USD 9 at 2025-07-01; set USD 3; print amount(USD)").stdout == "3\n")
    #expect(try run("print amount(USD) amount_at(USD, 2025-07-01)").stdout == "3\n9\n")
    // And a dump of it replays to the same store.
    let dump = try run("dump")
    let copy = coffer.home + "/replayed.db"
    #expect(try coffer.run(["--db", copy, "-c", dump.stdout]).status == 0)
    #expect(try coffer.run(["--db", copy, "-c", "dump"]).stdout == dump.stdout)
    #expect(try coffer.run(["--db", copy, "-c", "print amount(USD)"]).stdout == "3\n")
  }

  @Test func aBackdatedBalanceChangesTheCurrentAmountOnlyWhenNothingIsLater() throws {
    // USD per 1 CNY: 8/1.25 = 6.4 CNY per USD on 2025-01-01, 5 on 2025-03-15, 4 from 2025-06-01.
    #expect(try run("set USD 100 at 2025-02-01").status == 0)
    #expect(
      try run("print amount(USD) amount_at(USD, 2025-01-31) amount_at(USD, 2025-02-01)").stdout == "100\n0\n100\n")
    #expect(try run("set USD 300; set USD 50 at 2025-04-01").status == 0)
    // Something later (today's 300) exists: the current amount stays.
    #expect(
      try run("print amount(USD) amount_at(USD, 2025-03-31) amount_at(USD, 2025-04-01) amount_at(USD, 2026-11-21)")
        .stdout == "300\n100\n50\n50\n")
    #expect(try run("print value_at(USD, 2025-02-01) value_at(USD, 2025-04-01)").stdout == "640\n250\n")
  }

  /// A balance written down is judged against the holding's latest entry, whoever wrote
  /// it: this session's own save, another session meanwhile, or a rename of its place.
  /// (A session keeps each holding's latest entry, and seeks the journal only for a date
  /// before it.)
  @Test func aBalanceWrittenDownKnowsTheLatestEntryWhoeverWroteIt() throws {
    // Saved by this very script: the earlier balance changes nothing current.
    #expect(
      try run("set USD 5 at 2025-02-01; save; set USD 7 at 2025-01-01; print amount(USD) amount_at(USD, 2025-01-15)")
        .stdout == "5\n7\n")
    // Saved by another session while this one waits at its prompt.
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("print amount(USD)")
    #expect(live.waitFor("the first answer") { $0.stdout == "5\n" })
    #expect(try run("set USD@wise 9 at 2025-03-01").status == 0)
    live.send("set USD@wise 4 at 2025-01-01; print amount(USD@wise) amount_at(USD@wise, 2025-01-01)")
    #expect(live.waitFor("the balance") { $0.stdout == "5\n9\n4\n" }, "\(live.stdout)")
    // A place renamed: its entries are the new name's.
    live.send("save; places rename wise bank; set USD@bank 3 at 2025-02-01; print amount(USD@bank)")
    #expect(live.waitFor("the renamed place") { $0.stdout == "5\n9\n4\n9\n" }, "\(live.stdout)")
    #expect(live.finish() == 0)
    #expect(try run("print amount(USD@bank) amount_at(USD@bank, 2025-02-01); check").status == 0)
  }

  @Test func oneBatchSavesTodaysAmountAndAPastOneOfTheSameCurrency() throws {
    #expect(try run("set USD 1500; set USD 900 at 2025-01-01").status == 0)
    let log = try run("log --format csv")
    let rows = log.stdout.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
    }
    #expect(rows == ["effective,code,place,old,new", "2026-11-22,USD,,900,1500", "2025-01-01,USD,,0,900"])
    #expect(try run("print amount(USD) amount_at(USD, 2025-06-30)").stdout == "1500\n900\n")
  }

  @Test func aBalanceWrittenDownIsAFactOfItsDayEvenWhenNothingChangesThen() throws {
    // USD is 0 throughout; writing down 0 for June is still a fact of June…
    #expect(try run("set USD 0 at 2025-06-01").status == 0)
    #expect(try run("log --format csv").stdout.split(separator: "\n").count == 2)
    // …so a balance written later for January does not carry over it.
    #expect(try run("set USD 100 at 2025-01-01").status == 0)
    #expect(try run("print amount_at(USD, 2025-05-31) amount_at(USD, 2025-06-01)").stdout == "100\n0\n")
    // The same balance for the same day again is not written twice.
    #expect(try run("set USD 0 at 2025-06-01").status == 0)
    #expect(try run("log --format csv").stdout.split(separator: "\n").count == 3)
  }

  @Test func clearAtADateAndClearAll() throws {
    #expect(try run("set USD 10 at 2025-01-01; set EUR 5 at 2025-01-01").status == 0)
    #expect(try run("clear USD at 2025-03-01; clear all at 2025-05-01").status == 0)
    #expect(
      try run(
        "print amount_at(USD, 2025-02-01) amount_at(USD, 2025-03-01) amount_at(EUR, 2025-04-30) amount_at(EUR, 2025-05-01)"
      )
      .stdout == "10\n0\n5\n0\n")
  }

  // MARK: - What a date means

  @Test func atIsAsHeldAndValuedAtIsTodaysHoldings() throws {
    #expect(try run("set USD 100 at 2025-02-01; set USD 200").status == 0)
    let outcome = try run(
      """
      total at 2025-04-01
      total valued at 2025-04-01
      print total_at(2025-04-01) total_valued_at(2025-04-01)
      total at 2025-04-01 --format json
      total valued at 2025-04-01 --format csv
      """)
    #expect(
      outcome.stdout == """
        ¥500.00 CNY (1 holding), as held on 2025-04-01
        ¥1,000.00 CNY (1 holding), today's holdings at 2025-04-01 rates
        500
        1000
        {"local":"CNY","total":"500","holdings":1,"missing":[],"oldest_rate":{"date":"2025-01-01","days":90,"currencies":["CNY"]},"date":"2025-04-01","holdings_as_of":"date"}
        local,total,holdings,missing,date,holdings_as_of
        CNY,1000,1,,2025-04-01,today

        """)
    let holdings = try run("holdings at 2025-04-01")
    #expect(holdings.stdout.hasSuffix("total ¥500.00 CNY (1 holding), as held on 2025-04-01\n"))
    #expect(holdings.stdout.contains("USD   US Dollar  $100.00"))
  }

  @Test func helpExplainsTheTwoMeaningsOfADate() throws {
    let help = try run("help").stdout.replacingOccurrences(of: "\n  ", with: " ")
    #expect(help.contains("'at DATE' is the holdings as they stood on DATE, valued at that day's rates"))
    #expect(help.contains("'valued at DATE' is today's holdings at DATE's rates, a what-if"))
  }

  // MARK: - How it moved, and why

  @Test func totalByMonthSplitsTheChangeIntoRatesAndEdits() throws {
    // Jan: 100 USD × 6.4 = 640. Feb: +100 USD at 6.4 → 1280. Mar (15th: 5/USD): 200 × 5 =
    // 1000, all rates (−280). Apr 10: 50 USD more → 250 × 5 = 1250, all edits. By quarter:
    // 200 × 5 = 1000, then 250 × 4 = 1000: rates 200 × (4 − 5) = −200, edits +200.
    #expect(try run("set USD 100 at 2025-01-10; set USD 200 at 2025-02-10; set USD 250 at 2025-04-10").status == 0)
    let outcome = try run("total by month from 2025-01-01 to 2025-04-20 --format csv")
    #expect(
      outcome.stdout == """
        date,total,change,rates,edits,partial,missing,local
        2025-01-31,640,,,,no,,CNY
        2025-02-28,1280,640,0,640,no,,CNY
        2025-03-31,1000,-280,-280,0,no,,CNY
        2025-04-20,1250,250,0,250,no,,CNY

        """)
    let table = try run("total by quarter from 2025-01-01 to 2025-06-30")
    #expect(
      table.stdout == """
        total as held, by quarter
        date        total (CNY)  change     rates    edits
        2025-03-31    ¥1,000.00
        2025-06-30    ¥1,000.00   ¥0.00  -¥200.00  ¥200.00

        """)
    let json = try run("total by year from 2025-01-01 to 2025-04-20 --format json")
    #expect(
      json.stdout == """
        {"local":"CNY","by":"year","rows":[{"date":"2025-04-20","total":"1250","change":null,"rates":null,"edits":null,"partial":false,"missing":[],"oldest_rate":{"date":"2025-01-01","days":109,"currencies":["CNY"]}}]}

        """)
  }

  @Test func aPartialRowIsNamedAndItsChangeLeftEmpty() throws {
    // JPY has no rate at all: a month that holds some is partial.
    #expect(try run("set USD 100 at 2025-01-10; set JPY 1000 at 2025-02-10; clear JPY at 2025-03-10").status == 0)
    let outcome = try run("total by month from 2025-01-01 to 2025-04-30 --format csv")
    #expect(
      outcome.stdout == """
        date,total,change,rates,edits,partial,missing,local
        2025-01-31,640,,,,no,,CNY
        2025-02-28,640,,,,yes,JPY,CNY
        2025-03-31,500,,,,no,,CNY
        2025-04-30,500,0,0,0,no,,CNY

        """)
    #expect(try run("total by month from 2025-02-01 to 2025-02-20").stdout.contains("partial: no rate for JPY"))
  }

  @Test func holdingsFromSplitsEachCurrency() throws {
    #expect(try run("set USD 100 at 2025-01-10; set EUR 10 at 2025-01-10; set USD 150 at 2025-07-01").status == 0)
    let outcome = try run("holdings from 2025-01-31 to 2025-07-31 --format csv")
    // USD: 100 × 6.4 = 640 → 150 × 4 = 600; edits 50 × 4 = 200, rates 100 × (4 − 6.4) = −240.
    // EUR: 10 × 8 = 80 both times.
    #expect(
      outcome.stdout == """
        code,amount_from,amount_to,value_from,value_to,edits,rates,local
        USD,100,150,640,600,200,-240,CNY
        EUR,10,10,80,80,0,0,CNY
        total,,,720,680,200,-240,CNY

        """)
    let table = try run("holdings from 2025-01-31 to 2025-07-31").stdout
    #expect(table.hasPrefix("holdings as held on 2025-01-31 and on 2025-07-31, in CNY\n"))
    #expect(table.hasSuffix("change -¥40.00 = edits + rates\n"))
  }

  // MARK: - The log

  @Test func theLogIsByEffectiveDateWithTheEnteredTimeWhereItDiffers() throws {
    #expect(try run("set USD 100 at 2025-01-10; set GBP 5").status == 0)
    #expect(try run("set USD 120 at 2025-03-01").status == 0)
    let log = try run("log").stdout.split(separator: "\n")
    #expect(log.count == 3)
    #expect(log[0] == "2026-11-22  GBP  0 → 5")
    #expect(log[1].hasPrefix("2025-03-01  USD  100 → 120  (entered 2026-11-22 "))
    #expect(log[2].hasPrefix("2025-01-10  USD  0 → 100  (entered 2026-11-22 "))
    #expect(try run("log from 2025-02-01 to 2025-12-31").stdout.split(separator: "\n").count == 1)
    #expect(try run("log USD 1").stdout.hasPrefix("2025-03-01  USD  100 → 120"))
    #expect(try run("log to 2025-01-31 --format csv").stdout.split(separator: "\n").count == 2)
  }

  // MARK: - The sheet at a date

  @Test func theLineSheetAtADateEditsThatDaysBalances() throws {
    #expect(try run("set USD 100 at 2025-01-10; set USD 300").status == 0)
    let outcome = try coffer.run(
      ["--db", database],
      stdin: """
        open USD at 2025-02-01
        show
        250
        next
        20
        done
        print amount_at(USD, 2025-02-01) amount_at(EUR, 2025-02-01) amount(USD) amount(EUR)
        stats --format plain

        """)
    #expect(outcome.status == 0, "\(outcome)")
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("> USD  US Dollar") && $0.contains("[100]") && $0.contains("¥640.00") })
    #expect(lines.contains("¥1,760.00 CNY (2 holdings), as held on 2025-02-01"))
    // USD has a later entry (today's 300): its current amount stays; EUR's becomes 20.
    #expect(outcome.stdout.contains("\n250\n20\n300\n20\n"))
    #expect(outcome.stdout.contains("saves 1\n"), "one save, at Done")
  }

  @Test func cancellingTheSheetAtADateRevertsEveryCommit() throws {
    #expect(try run("set USD 100 at 2025-01-10").status == 0)
    let outcome = try coffer.run(
      ["--db", database],
      stdin: "open USD at 2025-02-01\n250\nnext\n20\nnext\ncancel\nprint amount_at(USD, 2025-02-01) amount(EUR)\nlog\n")
    #expect(outcome.stdout.contains("cancelled: 2 changes discarded (USD, EUR)\n100\n0\n"))
    #expect(outcome.stdout.split(separator: "\n").filter { $0.contains("→") }.count == 1, "nothing more journalled")
  }

  // MARK: - Sessions

  @Test func twoSessionsWritingTheSameCurrencyAndDateConflict() throws {
    #expect(try run("set USD 100 at 2025-01-10").status == 0)
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD 222 at 2025-01-10; print amount_at(USD, 2025-01-10)")
    #expect(live.waitFor("the edit") { $0.stdout == "222\n" })
    // Another session writes USD for the same day before this one saves.
    #expect(try run("set USD 111 at 2025-01-10").status == 0)
    live.send("save")
    #expect(live.waitFor("the conflict") { $0.stderr.contains("conflict") })
    #expect(live.stderr.contains("conflict: another session saved USD on 2025-01-10 = 111 (yours: 222)"))
    live.send("save --force; print amount_at(USD, 2025-01-10)")
    #expect(live.waitFor("the forced save") { $0.stdout.hasSuffix("\n222\n") })
    #expect(live.finish() == 1, "the statement that met the conflict failed")
    // A different day of the same currency is no conflict.
    #expect(try run("set USD 5 at 2025-02-01").status == 0)
  }

  @Test(.enabled(if: getuid() == 0, "needs root for chattr +i, a store no one may write"))
  func unsavedBalancesArePrintedToPasteBack() throws {
    #expect(try run("set USD 1").status == 0)
    // Read-only even for root: the immutable attribute.
    #expect(try coffer.run(["-c", "chattr +i \(database)"], binary: "/bin/sh").status == 0)
    defer { _ = try? coffer.run(["-c", "chattr -i \(database)"], binary: "/bin/sh") }
    let outcome = try run("set USD 900 at 2025-01-01; set EUR 3")
    #expect(outcome.status == 3)
    #expect(outcome.stderr.hasSuffix("set USD 900 at 2025-01-01\nset EUR 3\n"))
  }

  @Test func anAtomicRunRollsBackItsBalancesToo() throws {
    let outcome = try run("set USD 900 at 2025-01-01; set EUR 3; bogus", ["--atomic"])
    #expect(outcome.status == 1)
    #expect(try run("print amount_at(USD, 2025-01-01) amount(EUR)").stdout == "0\n0\n")
  }

  // MARK: - Bad dates

  /// A day before any rate is known is a partial total naming what is missing, as a row
  /// of `total by` is (it was an error, while `total by year` showed a partial row).
  @Test func aDayBeforeAnyRateIsAPartialTotal() throws {
    #expect(try run("set USD 5 at 2000-06-01").status == 0)
    let outcome = try run("total at 2001-01-01; total by year from 2000-12-31 to 2001-12-31 --format csv")
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasPrefix("¥0.00 CNY (1 holding), as held on 2001-01-01; partial: no"), "\(outcome)")
    #expect(outcome.stdout.contains("2000-12-31,0,,,,yes,"), "\(outcome)")
    let function = try run("print total_at(2001-01-01)")
    #expect(function.status == 1 && function.stderr.contains("total_at(): no "), "\(function)")
  }

  @Test(arguments: [
    (
      "set USD 5 at 2026-11-23",
      "<command>:1:14: error: 2026-11-23 is after today (2026-11-22); a balance is written down for a day that has come"
    ),
    ("set USD 5 at 2025-02-30", "<command>:1:14: error: invalid date '2025-02-30'"),
    ("set USD 5 at 2025-13-01", "<command>:1:14: error: invalid date '2025-13-01'"),
    ("set USD 5 at tomorrow", "<command>:1:14: error: expected a date (YYYY-MM-DD) after 'at', found 'tomorrow'"),
    ("set USD 5 at 5", "<command>:1:14: error: 'at' needs a date (YYYY-MM-DD) here"),
    (
      "open at 2027-01-01",
      "<command>:1:9: error: 2027-01-01 is after today (2026-11-22); a balance is written down for a day that has come"
    ),
    (
      "total by month from 2025-06-01 to 2025-01-01",
      "<command>:1:35: error: 'to' (2025-01-01) is before 'from' (2025-06-01)"
    ),
    ("total by week", "<command>:1:10: error: 'by' takes month, quarter or year, not 'week'"),
    (
      "total by month to 2027-01-01",
      "<command>:1:19: error: 2027-01-01 is after today (2026-11-22); the holdings of a day to come are not known yet"
    ),
    ("log at 2025-01-01", "<command>:1:5: error: unexpected 'at'; expected the end of the statement"),
    (
      "echo hi; set USD 1 at 2026-11-30",
      "<command>:1:23: error: 2026-11-30 is after today (2026-11-22); a balance is written down for a day that has come"
    ),
  ])
  func aBadDateIsAnErrorWithItsPlaceAndChangesNothing(script: String, error: String) throws {
    let outcome = try run(script)
    #expect(outcome.status == 1)
    #expect(outcome.stderr == error + "\n")
    #expect(try run("log").stdout == "", "nothing journalled")
  }
}

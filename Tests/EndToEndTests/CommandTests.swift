import Foundation
import Testing

/// Every command through the real binary, in a fresh in-memory store unless said.
@Suite struct CommandTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  func run(_ commands: String, _ extra: [String] = []) throws -> Outcome {
    try coffer.run(["--db", ":memory:"] + extra + ["-c", commands])
  }

  @Test func holdingsAndTotalInEveryFormat() throws {
    // Expected values computed apart with Python's decimal module from the ECB file of
    // 2026-10-30 (USD 1.1172, JPY 175.68, CNY 7.4326) and the BRL snapshot (KWD).
    let outcome = try run(
      """
      set USD 1200; set JPY 150_000; set KWD 10.125
      holdings; holdings --format plain; holdings --format csv; holdings --format json
      total; total --format plain; total --format csv; total --format json
      """)
    #expect(
      outcome
        == Outcome(
          stdout: """
            code  name               amount           rate  value (CNY)  as of
            USD   US Dollar       $1,200.00   6.6528822055    ¥7,983.46  2026-10-30 ECB
            JPY   Japanese Yen   JP¥150,000   0.0423076047    ¥6,346.14  2026-10-30 ECB
            KWD   Kuwaiti Dinar    KD10.125  21.0464244952      ¥213.10  2026-06-24 ExchangeRate-API
            total ¥14,542.69 CNY (3 holdings)
            USD 1200
            JPY 150000
            KWD 10.125
            code,place,amount,value,local
            USD,,1200,7983.46,CNY
            JPY,,150000,6346.14,CNY
            KWD,,10.125,213.1,CNY
            {"local":"CNY","holdings":[{"code":"USD","place":"","amount":"1200","rate":"6.6528822055","value":"7983.46","date":"2026-10-30","source":"ECB"},{"code":"JPY","place":"","amount":"150000","rate":"0.0423076047","value":"6346.14","date":"2026-10-30","source":"ECB"},{"code":"KWD","place":"","amount":"10.125","rate":"21.0464244952","value":"213.1","date":"2026-06-24","source":"ExchangeRate-API"}],"total":"14542.69","missing":[],"oldest_rate":{"date":"2026-06-24","days":151,"currencies":["KWD"]}}
            ¥14,542.69 CNY (3 holdings)
            CNY 14542.69
            local,total,holdings,missing
            CNY,14542.69,3,
            {"local":"CNY","total":"14542.69","holdings":3,"missing":[],"oldest_rate":{"date":"2026-06-24","days":151,"currencies":["KWD"]}}

            """,
          // KWD's rate, from the BRL snapshot, is the oldest: each listing says so after it.
          stderr: String(repeating: "note: rates as old as 2026-06-24 (151 days) for KWD\n", count: 8), status: 0))
  }

  @Test func defaultFormatComesFromTheCommandLine() throws {
    let outcome = try run("set USD 10; total; stats", ["--format", "json"])
    #expect(
      outcome.stdout.hasPrefix(
        #"{"local":"CNY","total":"66.53","holdings":1,"missing":[],"oldest_rate":{"date":"2026-10-30","days":23,"currencies":["CNY","USD"]}}"#
      ))
    #expect(outcome.stdout.contains(#""commits":1"#))
  }

  @Test func printAndFunctions() throws {
    let outcome = try run(
      """
      set USD 100; set EUR 50.5
      let fee = 2.5
      print total() amount(USD) value(EUR) rate(EUR) count()
      print convert(10, USD, JPY) round(2.345, 2) round(-2.5, 0) 1200.50 1/8 (-$fee * 2) (1 + 2) * 3
      print 1 -1
      print "tab\\there" 'raw\\n' 2026-03-01
      echo closing   balance "is  ready" $fee
      """)
    #expect(
      outcome
        == Outcome(
          stdout: """
            1040.63
            100
            375.35
            7.4326
            2
            1573
            2.35
            -3
            1200.5
            0.125
            -5
            9
            0
            tab\there
            raw\\n
            2026-03-01
            closing balance is  ready 2.5

            """, stderr: "", status: 0))
  }

  @Test func convertLocalAndRates() throws {
    let outcome = try run(
      """
      convert 100 USD to CNY; convert 2.5 EUR JPY --format plain
      local; rates USD JPY
      rates set USD 7.2; rates USD --format csv; print rate(USD)
      local USD; print rate(CNY); local
      rates EUR --format json
      """)
    #expect(
      outcome
        == Outcome(
          stdout: """
            $100.00 USD = ¥665.29 CNY
            439
            CNY Chinese Yuan 人民币
            1 USD = 6.6528822055 CNY  2026-10-30  ECB  stale
            1 JPY = 0.0423076047 CNY  2026-10-30  ECB  stale
            code,rate,local,date,source,stale
            USD,7.2,CNY,2026-11-22,manual,false
            7.2
            0.1388888889
            USD US Dollar 美元
            {"local":"USD","rates":[{"code":"EUR","rate":"1.1172","date":"2026-10-30","source":"ECB","stale":true}]}

            """, stderr: "", status: 0))
  }

  @Test func clearAndAssert() throws {
    let outcome = try run(
      """
      set USD 5; set GBP 7; clear USD; assert amount(USD) == 0; assert count() == 1
      clear all; assert count() == 0 "all cleared"
      assert total() > 1 "nothing held"
      """)
    #expect(
      outcome
        == Outcome(
          stdout: "",
          stderr: "<command>:3:8: error: assertion failed: total() > 1 (0 > 1 is false): nothing held\n", status: 1))
  }

  @Test func helpListsEveryCommandAndExplainsOne() throws {
    let all = try run("help")
    for name in [
      "help", "open", "set", "clear", "holdings", "total", "local", "rates", "convert", "print", "echo", "let",
      "assert", "save", "log", "stats", "history", "source", "quit", "dismiss", "undo",
    ] {
      #expect(all.stdout.contains("\n  \(name)"), "help lists \(name)")
    }
    let one = try run("help convert")
    #expect(
      one.stdout == """
        usage: convert [--format FMT] X FROM [to] TO [at DATE]
          convert an amount between currencies
        examples:
          convert 100 USD to CNY

        """)
  }

  @Test func helpOfACommandShowsItsSubcommands() throws {
    let rates = try run("help rates")
    for usage in [
      "usage: rates [--format FMT] [--in C] [C...] [at DATE]", "usage: rates set [--accept] C RATE",
      "usage: rates import [--accept] FILE",
      "usage: rates fetch [--accept] [URL]",
    ] {
      #expect(rates.stdout.contains(usage + "\n"), "help rates shows \(usage)")
    }
    #expect(try run("help rates fetch").stdout.hasPrefix("usage: rates fetch [--accept] [URL]\n"))
    #expect(try run("help ratse").stderr == "<command>:1:6: error: no command 'ratse'; did you mean rates?\n")
  }

  @Test func helpWrapsSummariesAtWordsWithinEightyColumns() throws {
    let lines = try run("help").stdout.split(separator: "\n")
    #expect(lines.count > 30)
    for line in lines { #expect(line.count <= 80, "\(line)") }
  }

  @Test func statsCountWhatTheyName() throws {
    let outcome = try run(
      "set USD 1; set USD 2; print total(); print total(); total; set JPY 100; print total(); stats --format plain")
    #expect(
      outcome.stdout == """
        13.31
        13.31
        ¥13.31 CNY (1 holding)
        17.54
        commits 3
        saves 0
        rows_written 0
        total_reads 4
        total_recomputes 2
        db_reads 4
        version_checks 0
        rows_rendered 0

        """)
  }

  @Test func quitStopsTheRunWithItsStatus() throws {
    let outcome = try run("print 1; quit 4; print 2")
    #expect(outcome == Outcome(stdout: "1\n", stderr: "", status: 4))
    #expect(try run("print 1; exit").status == 0)
  }

  @Test func historyIsInteractiveOnly() throws {
    #expect(
      try run("history")
        == Outcome(
          stdout: "", stderr: "<command>:1:1: error: history is kept only in the interactive shell\n", status: 1))
  }
}

/// Statements at the edges of their grammar, as a hostile review tried them.
@Suite struct StatementEdgeTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  func run(_ commands: String) throws -> Outcome {
    try coffer.run(["--db", ":memory:", "-c", commands])
  }

  @Test func helpOfAMissingSubcommandSaysWhich() throws {
    #expect(try run("help set extra").stderr == "<command>:1:10: error: unexpected 'extra'; 'set' has no subcommands\n")
    #expect(try run("help rates sett").stderr == "<command>:1:12: error: no command 'rates sett'; did you mean set?\n")
    #expect(
      try run("help \"set\"").stderr == "<command>:1:6: error: unexpected \"set\"; expected the end of the statement\n")
  }

  @Test func theLastFormatGivenWins() throws {
    #expect(try run("total --format json --format plain").stdout == "CNY 0\n")
  }

  /// An option a command does not use is refused when the statement is read, not
  /// accepted and ignored: `--all` lists every currency in `holdings` only.
  @Test(arguments: [
    ("total --all", "<command>:1:7: error: unknown option --all for total; expected --format or --in\n"),
    ("stats --all", "<command>:1:7: error: unknown option --all for stats; expected --format\n"),
    ("rates --all", "<command>:1:7: error: unknown option --all for rates; expected --format or --in\n"),
  ])
  func anOptionACommandDoesNotUseIsRefused(statement: String, error: String) throws {
    #expect(try run(statement) == Outcome(stdout: "", stderr: error, status: 1))
    #expect(try run("holdings --all --format csv").stdout.split(separator: "\n").count == 43)
  }

  @Test func onlyQuitAndExitEndInABang() throws {
    #expect(try run("let a! = 5").stderr == "<command>:1:6: error: unexpected '!'; did you mean '!='?\n")
    #expect(try run("echo hello!").status == 1)
    #expect(try run("assert 1!=2; quit! 4").status == 4)
  }

  @Test func chartTakesFromAndToInEitherOrder() throws {
    #expect(
      try run("chart USD to 2026-01-01 from 2025-01-01").stderr
        == "<command>:1:7: error: chart: 0 rate dates between 2025-01-01 and 2026-01-01; a chart needs 2 (rates import a history first)\n"
    )
  }

  @Test func aQuotedPathIsTheWholeArgument() throws {
    #expect(
      try run("source \"x.coffer\" extra").stderr
        == "<command>:1:19: error: unexpected 'extra'; expected the end of the statement\n")
    #expect(try run("source \"abc").stderr == "<command>:1:8: error: unterminated string; expected a closing \"\n")
  }

  @Test func aScriptThatStartsWithJunkNamesTheByte() throws {
    let script = try coffer.write("junk.coffer", "fo\u{1B}o\n")
    let outcome = try coffer.run(["--db", ":memory:", script])
    #expect(outcome.stderr == "\(script):1:3: error: unexpected character '\\u{1b}'\n")
  }

  /// `clear` in the sheet is one of the sheet's commits: `cancel` reverts it, and the
  /// session's own save of it is no conflict when the field is left.
  @Test func clearInTheSheetIsTheSheetsOwnCommit() throws {
    #expect(
      try run("set USD 5; open; clear USD; cancel; print amount(USD)").stdout
        == "cancelled: 1 change discarded (USD)\n5\n")
    let database = coffer.home + "/own.db"
    #expect(try coffer.run(["--db", database, "-c", "set USD 5"]).status == 0)
    let own = try coffer.run(["--db", database, "-c", "open USD; 7; clear USD; save; next; dismiss"])
    #expect(own == Outcome(stdout: "¥0.00 CNY (0 holdings)\n", stderr: "", status: 0))
  }

  @Test func unsavedDraftsAreListedWithControlCharactersEscaped() throws {
    let outcome = try run("open; USD 1\u{7}")
    #expect(outcome.status == 3)
    #expect(!outcome.stderr.contains("\u{7}"))
    #expect(outcome.stderr.contains("# USD draft '1\\u{7}'"))
  }
}

extension CommandTests {
  /// A draft is checked when it is entered: marked `!` while it is not an amount, the
  /// mark gone once it is; it still commits only when the focus leaves.
  @Test func aDraftIsCheckedWhenEnteredAndItsMarkClearsWhenFixed() throws {
    let outcome = try run("open JPY; 12abc; show; 150_000; show; print amount(JPY); dismiss")
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("> JPY") || $0.allSatisfy(\.isNumber) } == [
        "> JPY  Japanese Yen                   [12abc] !", "> JPY  Japanese Yen                   [150_000]", "0",
      ])
    #expect(outcome.stdout.hasSuffix("¥6,346.14 CNY (1 holding)\n"))
  }
}

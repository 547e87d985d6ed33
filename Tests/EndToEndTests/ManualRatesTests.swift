import Foundation
import Testing

/// `rates set` through the binary: a rate you set is a direct quote, kept as typed, and
/// each rate shows the date and source of what it rests on (SPEC §6).
@Suite struct ManualRatesTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/manual.db"
  }

  func run(_ commands: String, today: String = "2026-11-22", _ extra: [String] = []) throws -> Outcome {
    try coffer.run(["--db", database] + extra + ["-c", commands], extraEnvironment: ["COFFER_TODAY": today])
  }

  /// `rates record` and `rates quote` judge as an import and `check rates` do: a rate of
  /// exactly 1 against the rate before it however old, in the same script or not, and a
  /// pegged unit against its anchor's rate though the line does not give it.
  @Test func aRecordedRateIsJudgedAsAnImportJudgesIt() throws {
    let earlier = #"rates record at 2026-01-01 source "S" USD 1.003"#
    let one = #"rates record at 2026-03-01 source "T" USD 1"#
    #expect(try run(earlier).status == 0)
    #expect(try run(one).status == 0, "within 0.5% of the rate two months before")
    #expect(try coffer.run(["--db", ":memory:", "-c", earlier + "; " + one]).status == 0)
    let alone = try run(#"rates peg HKD to USD at 7.8 band 0.65; rates record at 2026-11-20 source "S" HKD 9.5"#)
    #expect(alone.status == 1, "\(alone)")
    #expect(alone.stderr.contains("outside band: HKD 2026-11-20"), "\(alone)")
  }

  @Test func settingEURDoesNotMoveARateSetBefore() throws {
    let outcome = try coffer.run([
      "--db", ":memory:", "-c", "rates set USD 0.3333333333; rates set EUR 0.3333333333; rates USD EUR",
    ])
    #expect(
      outcome
        == Outcome(
          stdout: """
            1 USD = 0.3333333333 CNY  2026-11-22  manual
            1 EUR = 0.3333333333 CNY  2026-11-22  manual

            """, stderr: "", status: 0))
  }

  @Test func threeHoldingsAtAThirdEachMakeOne() throws {
    let outcome = try coffer.run([
      "--db", ":memory:", "-c",
      """
      rates set USD 0.3333333333; rates set EUR 0.3333333333; rates set JPY 0.3333333333
      set USD 1; set EUR 1; set JPY 1
      print total(); total
      """,
    ])
    #expect(outcome == Outcome(stdout: "1\n¥1.00 CNY (3 holdings)\n", stderr: "", status: 0))
  }

  @Test func aQuoteSurvivesOtherRatesLocalChangesAndOlderImportsAndYieldsToNewerData() throws {
    #expect(try run("rates set USD 7.1").status == 0)
    #expect(
      try run("rates set EUR 8; local USD; local CNY; rates import \(CofferProcess.fixtures)/ecb-daily-2024-06-28.xml")
        .status == 0)
    let kept = try run("rates USD EUR --format json")
    #expect(
      kept.stdout
        == #"{"local":"CNY","rates":[{"code":"USD","rate":"7.1","date":"2026-11-22","source":"manual","stale":false},{"code":"EUR","rate":"8","date":"2026-11-22","source":"manual","stale":false}]}"#
        + "\n")
    // A change of local currency shows the same quote the other way round.
    #expect(try run("local USD; rates CNY; local CNY").stdout == "1 CNY = 0.1408450704 USD  2026-11-22  manual\n")
    // Newer imported data supersedes it; the day before, the quote still holds.
    let newer = try coffer.write("newer.csv", "date,code,rate,base\n2026-11-23,USD,1.2,EUR\n2026-11-23,CNY,8.4,EUR\n")
    #expect(try run("rates import \(newer)", today: "2026-11-24").status == 0)
    #expect(
      try run("rates USD EUR; rates USD at 2026-11-22", today: "2026-11-24").stdout == """
        1 USD = 7 CNY    2026-11-23  newer.csv
        1 EUR = 8.4 CNY  2026-11-23  newer.csv
        1 USD = 7.1 CNY  2026-11-22  manual

        """)
  }

  @Test func aCrossRateIsDatedByItsOlderLeg() throws {
    // KWD's only rate is the compiled-in ExchangeRate-API one of 2026-06-24; CNY's is the
    // ECB's of 2026-10-30: a KWD value is as old as the older.
    let outcome = try coffer.run(["--db", ":memory:", "-c", "rates KWD USD --format csv"])
    #expect(
      outcome.stdout == """
        code,rate,local,date,source,stale
        KWD,21.0464244952,CNY,2026-06-24,ExchangeRate-API,true
        USD,6.6528822055,CNY,2026-10-30,ECB,true

        """)
  }

  @Test(.enabled(if: getuid() == 0, "needs root for chattr +i, a store no one may write"))
  func unsavedQuotesAreGivenBackInTheLocalCurrencyTheyWereSetIn() throws {
    #expect(try run("set GBP 2").status == 0)
    let chattr = Process()
    chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    chattr.arguments = ["+i", database]
    try chattr.run()
    chattr.waitUntilExit()
    defer {
      let undo = Process()
      undo.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
      undo.arguments = ["-i", database]
      try? undo.run()
      undo.waitUntilExit()
    }
    let outcome = try run("rates set USD 7.1; local HKD; rates set JPY 0.052")
    #expect(outcome.status == 3)
    #expect(
      outcome.stderr.hasSuffix("run them again:\nlocal CNY\nrates set USD 7.1\nlocal HKD\nrates set JPY 0.052\n"),
      "\(outcome)")
  }
}

import Foundation
import Testing

/// How old the rates behind a total are, said after it (SPEC §12, Age), and each value's
/// path with `holdings --why`. The compiled-in rates hold AED and SAR from a snapshot of
/// 2026-06-24 and the ECB's of 2026-10-30; today is 2026-11-22.
@Suite struct RatesAgeTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/age.db"
    _ = try coffer.run(["--db", database, "-c", "set USD 10; set AED 100; set SAR 100"])
  }

  func run(_ commands: String) throws -> Outcome {
    try coffer.run(["--db", database, "-c", commands])
  }

  static let aedAndSar = "note: rates as old as 2026-06-24 (151 days) for AED, SAR\n"

  @Test func aTotalSaysHowOldItsOldestRateIsAfterItsOutput() throws {
    // 10 × 7.4326 / 1.1172 + 100 × 7.4326 / 4.183264584561 + 100 × 7.4326 / 4.271655863288
    // = 66.5288… + 177.6746… + 173.9980… = 418.2015…
    #expect(
      try run("total; print total(); total --format json")
        == Outcome(
          stdout: """
            ¥418.20 CNY (3 holdings)
            418.2
            {"local":"CNY","total":"418.2","holdings":3,"missing":[],"oldest_rate":{"date":"2026-06-24","days":151,"currencies":["AED","SAR"]}}

            """,
          // One note a command; none after a function.
          stderr: Self.aedAndSar + Self.aedAndSar, status: 0))
  }

  @Test func theAgeIsCountedFromTheDateAsked() throws {
    let outcome = try run("total valued at 2026-11-01")
    #expect(outcome.stderr == "note: rates as old as 2026-06-24 (130 days) for AED, SAR\n")
    // Before the snapshot, AED and SAR have no rate: the total is partial, not old.
    let before = try run("total valued at 2026-06-01 --format json")
    #expect(before.stdout.contains(#""oldest_rate":null"#), "\(before)")
    #expect(before.stderr == "")
  }

  @Test func maxAgeIsKeptInTheStoreAndTheStaleMarkFollowsIt() throws {
    #expect(try run("rates max-age").stdout == "rates max-age 7\n")
    #expect(try run("rates AED").stdout == "1 AED = 1.7767463305 CNY  2026-06-24  ExchangeRate-API  stale\n")
    #expect(try run("rates max-age 200").status == 0)
    #expect(
      try run("total; rates AED")
        == Outcome(
          stdout: "¥418.20 CNY (3 holdings)\n1 AED = 1.7767463305 CNY  2026-06-24  ExchangeRate-API\n", stderr: "",
          status: 0))
    #expect(try run("rates max-age 150; total").stderr == Self.aedAndSar)
    // 0 turns the note off.
    #expect(try run("rates max-age 0; total; holdings").stderr == "")
    #expect(try run("dump").stdout.contains("rates max-age 0\n"))
  }

  @Test func aTotalByMonthNamesItsOldestRow() throws {
    let outcome = try run("total by month from 2026-10-01 --format json")
    #expect(
      outcome
        == Outcome(
          stdout: """
            {"local":"CNY","by":"month","rows":[{"date":"2026-10-31","total":"0","change":null,"rates":null,"edits":null,"partial":false,"missing":[],"oldest_rate":null},{"date":"2026-11-22","total":"418.2","change":"418.2","rates":"0","edits":"418.2","partial":false,"missing":[],"oldest_rate":{"date":"2026-06-24","days":151,"currencies":["AED","SAR"]}}]}

            """, stderr: Self.aedAndSar, status: 0))
  }

  @Test func holdingsWhyShowsEachValuesPath() throws {
    #expect(
      try run("holdings --why")
        == Outcome(
          stdout: """
            code  name            amount          rate  value (CNY)  as of
            USD   US Dollar       $10.00  6.6528822055       ¥66.53  2026-10-30 ECB
              1 USD = 6.65288 CNY (2026-10-30, ECB: 1 EUR = 1.1172 USD = 7.4326 CNY)
            AED   UAE Dirham   AED100.00  1.7767463305      ¥177.67  2026-06-24 ExchangeRate-API
              1 AED = 1.77675 CNY (1 EUR = 4.18326 AED (2026-06-24, ExchangeRate-API) = 7.4326 CNY (2026-10-30, ECB))
            SAR   Saudi Riyal  SAR100.00  1.7399809905      ¥174.00  2026-06-24 ExchangeRate-API
              1 SAR = 1.73998 CNY (1 EUR = 4.27166 SAR (2026-06-24, ExchangeRate-API) = 7.4326 CNY (2026-10-30, ECB))
            total ¥418.20 CNY (3 holdings)

            """, stderr: Self.aedAndSar, status: 0))
    // Without --why, no path; in json, the path as data.
    #expect(!(try run("holdings").stdout.contains("1 EUR =")))
    let json = try run("holdings --why --format json")
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let rows = object?["holdings"] as? [[String: Any]] ?? []
    let path = rows.first { $0["code"] as? String == "AED" }?["path"] as? [[String: Any]] ?? []
    #expect(path.count == 1)
    #expect(path.first?["kind"] as? String == "pivot")
    let euroRates = path.first?["euro_rates"] as? [[String: Any]] ?? []
    #expect(euroRates.map { $0["code"] as? String } == ["AED", "CNY"])
    #expect(euroRates.map { $0["date"] as? String } == ["2026-06-24", "2026-10-30"])
  }

  @Test func aQuotesDateIsTheAgeOfWhatItValues() throws {
    // A quote of AED in USD, set today, is the fresher path for AED: USD's and CNY's euro
    // rates of 2026-10-30 are then its oldest legs. SAR's still is the oldest of all.
    #expect(try run("rates quote AED 0.2723 USD").status == 0)
    #expect(try run("total").stderr == "note: rates as old as 2026-06-24 (151 days) for SAR\n")
    #expect(try run("set SAR 0; total").stderr == "note: rates as old as 2026-10-30 (23 days) for CNY, USD\n")
  }
}

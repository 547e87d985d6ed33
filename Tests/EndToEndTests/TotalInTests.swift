import Foundation
import Testing

/// `total in C`, `holdings in C` and `--in C`: the same answer in another currency, the
/// local one unchanged. Expected values computed apart with Python's decimal module from
/// the ECB rates of 2026-10-30 (per euro: USD 1.1172, JPY 175.68, CNY 7.4326).
@Suite struct TotalInTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  func run(_ commands: String) throws -> Outcome {
    try coffer.run(["--db", ":memory:", "-c", "set USD 1200; set JPY 150_000; " + commands])
  }

  @Test func theTotalInAnotherCurrency() throws {
    // 1200 + 150000 × 1.1172 / 175.68 = 2153.893… USD; in EUR 1074.11… + 853.83… = 1927.94.
    let outcome = try run(
      "total in USD; total --in EUR; total in JPY --format plain; total in USD --format json; total in EUR --format csv; local"
    )
    #expect(
      outcome
        == Outcome(
          stdout: """
            $2,153.89 USD (2 holdings)
            €1,927.94 EUR (2 holdings)
            JPY 338700
            {"local":"CNY","in":"USD","total":"2153.89","holdings":2,"missing":[],"oldest_rate":{"date":"2026-10-30","days":23,"currencies":["USD","JPY"]}}
            local,in,total,holdings,missing
            CNY,EUR,1927.94,2,
            CNY Chinese Yuan 人民币

            """,
          // Each total rests on the ECB's rates of 2026-10-30, 23 days before today.
          stderr: String(repeating: "note: rates as old as 2026-10-30 (23 days) for USD, JPY\n", count: 5), status: 0))
  }

  @Test func holdingsInAnotherCurrency() throws {
    let outcome = try run("holdings in USD; holdings --in EUR --format csv; holdings in EUR --format json")
    #expect(
      outcome.stdout == """
        code  name              amount          rate  value (USD)  as of
        USD   US Dollar      $1,200.00             1    $1,200.00
        JPY   Japanese Yen  JP¥150,000  0.0063592896      $953.89  2026-10-30 ECB
        total $2,153.89 USD (2 holdings)
        code,place,amount,value,in
        USD,,1200,1074.11,EUR
        JPY,,150000,853.83,EUR
        {"local":"CNY","in":"EUR","holdings":[{"code":"USD","place":"","amount":"1200","rate":"0.8950948801","value":"1074.11","date":"2026-10-30","source":"ECB"},{"code":"JPY","place":"","amount":"150000","rate":"0.0056921676","value":"853.83","date":"2026-10-30","source":"ECB"}],"total":"1927.94","missing":[],"oldest_rate":{"date":"2026-10-30","days":23,"currencies":["USD","JPY"]}}

        """)
    #expect(outcome.status == 0, "\(outcome)")
  }

  @Test func aRateYouSetCountsInAnotherCurrencyToo() throws {
    // 1 USD = 7.2 CNY by hand: in EUR it goes through CNY, 1200 × 7.2 / 7.4326 = 1162.45;
    // JPY stays the cross rate, 853.83: 2016.27 EUR.
    let outcome = try run("rates set USD 7.2; total in EUR; rates USD --in EUR")
    #expect(outcome.stdout.hasPrefix("€2,016.27 EUR (2 holdings)\n1 USD = 0.9687054328 EUR"), "\(outcome)")
  }

  @Test func ratesInAnotherCurrency() throws {
    let outcome = try run("rates EUR CNY --in USD; rates JPY --in USD --format json")
    #expect(
      outcome.stdout == """
        1 EUR = 1.1172 USD       2026-10-30  ECB  stale
        1 CNY = 0.150310793 USD  2026-10-30  ECB  stale
        {"local":"CNY","in":"USD","rates":[{"code":"JPY","rate":"0.0063592896","date":"2026-10-30","source":"ECB","stale":true}]}

        """, "\(outcome)")
  }

  @Test func aWrongOrDisagreeingCurrencyIsNamedAtItsPlace() throws {
    let wrong = try coffer.run(["--db", ":memory:", "-c", "total in UDS"])
    #expect(wrong.stderr == "<command>:1:10: error: unknown currency 'UDS'; did you mean USD?\n")
    let option = try coffer.run(["--db", ":memory:", "-c", "holdings --in XYZ"])
    #expect(option.stderr.hasPrefix("<command>:1:15: error: unknown currency 'XYZ'"), "\(option)")
    let both = try coffer.run(["--db", ":memory:", "-c", "total in USD --in EUR"])
    #expect(both.stderr == "<command>:1:19: error: 'in USD' and '--in EUR' disagree; give one\n")
    let missing = try coffer.run(["--db", ":memory:", "-c", "total --in"])
    #expect(missing.stderr == "<command>:1:11: error: --in takes a currency code such as USD\n", "\(missing)")
  }
}

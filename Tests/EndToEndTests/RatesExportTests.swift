import Foundation
import Testing

/// `rates export` through the binary on rates whose values are known: one line per
/// currency and date on which its value changed, in each format, over a range; the file
/// written whole or not at all.
@Suite struct RatesExportTests {
  let coffer: CofferProcess
  let database: String

  /// USD in CNY: 8 / 1.1 = 7.2727272727… (to 10 places) on 2026-01-02, 8 / 1.2 on
  /// 2026-01-05, 8.4 / 1.2 = 7 on 2026-01-06; EUR in CNY: 8, unchanged on 2026-01-05, 8.4.
  static let rates = """
    date,code,rate
    2026-01-02,USD,1.1
    2026-01-02,CNY,8
    2026-01-05,USD,1.2
    2026-01-05,CNY,8
    2026-01-06,USD,1.2
    2026-01-06,CNY,8.4

    """

  static let header = "; Coffer rates history: the value of one unit in CNY on each date it changed\n"

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/coffer.db"
    let file = try coffer.write("rates.csv", Self.rates)
    let made = try coffer.run(["--db", database, "-c", "rates import \(file)"])
    #expect(made.status == 0, "\(made)")
  }

  func run(_ commands: String) throws -> Outcome {
    try coffer.run(["--db", database, "-c", commands])
  }

  @Test func eachFormatHasALinePerCurrencyAndDateOfChange() throws {
    #expect(
      try run("rates export USD EUR to 2026-03-01")
        == Outcome(
          stdout: Self.header + """
            P 2026-01-02 USD 7.2727272727 CNY
            P 2026-01-02 EUR 8 CNY
            P 2026-01-05 USD 6.6666666667 CNY
            P 2026-01-06 USD 7 CNY
            P 2026-01-06 EUR 8.4 CNY

            """, stderr: "", status: 0))
    #expect(
      try run("rates export --format beancount EUR to 2026-03-01").stdout
        == Self.header + "2026-01-02 price EUR 8 CNY\n2026-01-06 price EUR 8.4 CNY\n")
    // The CSV says it as `rates import` reads its header: RATE units of code per base.
    #expect(
      try run("rates export to 2026-03-01 --format csv USD").stdout
        == "date,code,rate,base\n2026-01-02,CNY,7.2727272727,USD\n2026-01-05,CNY,6.6666666667,USD\n2026-01-06,CNY,7,USD\n"
    )
  }

  @Test func theValueInEffectOnFromIsTheFirstLine() throws {
    #expect(
      try run("rates export USD EUR from 2026-01-03 to 2026-01-05").stdout
        == Self.header + """
          P 2026-01-03 USD 7.2727272727 CNY
          P 2026-01-03 EUR 8 CNY
          P 2026-01-05 USD 6.6666666667 CNY

          """)
    // A range before any rate has no line; a range after the last change has the value then.
    #expect(try run("rates export USD to 2025-12-31").stdout == Self.header)
    #expect(
      try run("rates export EUR from 2026-02-01 to 2026-03-01").stdout == Self.header + "P 2026-02-01 EUR 8.4 CNY\n")
  }

  @Test func aDirectQuoteWinsFromItsDateAndAnUnsavedOneCounts() throws {
    // Typed today (2026-11-22) and not saved yet when the export runs, as rate_at() sees it.
    let outcome = try run("rates set USD 7.1; rates export USD from 2026-11-01; print rate_at(USD, 2026-11-01)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(outcome)")
    #expect(lines[1] == "P 2026-11-01 USD \(lines[3]) CNY")
    #expect(lines[2] == "P 2026-11-22 USD 7.1 CNY")
  }

  @Test func theLocalCurrencyIsTheOneOfTheMoment() throws {
    #expect(
      try run("local USD; rates export CNY EUR to 2026-03-01").stdout
        == """
        ; Coffer rates history: the value of one unit in USD on each date it changed
        P 2026-01-02 CNY 0.1375 USD
        P 2026-01-02 EUR 1.1 USD
        P 2026-01-05 CNY 0.15 USD
        P 2026-01-05 EUR 1.2 USD
        P 2026-01-06 CNY 0.1428571429 USD

        """)
  }

  @Test func theCSVGivenBackToRatesImportIsRefusedNotReadUpsideDown() throws {
    #expect(try run("rates export --format csv USD to 2026-03-01 back.csv").status == 0)
    let outcome = try run("rates import back.csv")
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains("no EUR rate on 2026-01-02 to convert the USD-based rates to the euro pivot"),
      "\(outcome)")
    #expect(try run("print rate_at(USD, 2026-01-06)").stdout == "7\n")
  }

  @Test func mistakesAreNamed() throws {
    let outcome = try coffer.run(
      [
        "--db", database, "--keep-going", "-c",
        """
        rates export UDS
        rates export prices
        rates export CNY
        rates export from 2026-02-01 to 2026-01-01
        rates export a.ledger b.ledger
        rates export --format json
        rates export from USD
        """,
      ])
    #expect(
      outcome.stderr == """
        <command>:1:14: error: unknown currency 'UDS'; did you mean USD? (a file name needs a '.' or a '/', or quotes)
        <command>:2:14: error: unknown currency 'prices' (a file name needs a '.' or a '/', or quotes)
        <command>:3:1: error: CNY is the local currency: its value is always 1
        <command>:4:1: error: rates export: 'from' 2026-02-01 is after 'to' 2026-01-01
        <command>:5:23: error: rates export writes one FILE; a second one is given here
        <command>:6:23: error: --format takes ledger, beancount or csv here
        <command>:7:19: error: expected a date (YYYY-MM-DD) after 'from', found 'USD'

        """)
    #expect(outcome.stdout == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: coffer.home).filter { $0.hasSuffix(".ledger") } == [])
  }

  @Test func aFileIsWrittenWholeAndReplacedWhole() throws {
    let path = coffer.home + "/out/prices.ledger"
    try FileManager.default.createDirectory(atPath: coffer.home + "/out", withIntermediateDirectories: true)
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    let outcome = try run("rates export USD to 2026-03-01 \(path)")
    #expect(
      outcome
        == Outcome(
          stdout: "wrote 3 prices of 1 currency in CNY (2026-01-02 … 2026-01-06) to \(path)\n", stderr: "", status: 0))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == (try run("rates export USD to 2026-03-01").stdout))
    #expect(try FileManager.default.contentsOfDirectory(atPath: coffer.home + "/out") == ["prices.ledger"])
    // Quoted, with a blank; after a date, a path that starts with '/'.
    #expect(try run("rates export USD to 2026-03-01 \"out/my prices.ledger\"").status == 0)
    #expect(try run("rates export USD to 2026-03-01 \(coffer.home)/out/p2.ledger").status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: coffer.home + "/out").sorted() == [
        "my prices.ledger", "p2.ledger", "prices.ledger",
      ])
    let missing = try run("rates export nowhere/p.ledger")
    #expect(
      missing.stderr
        == "<command>:1:14: error: cannot write \(coffer.home)/nowhere/p.ledger: the folder \(coffer.home)/nowhere does not exist; nothing was written\n"
    )
  }

  @Test(.enabled(if: getuid() == 0, "needs root to mount a tmpfs for a full disk"))
  func anExportToAFullDiskLeavesTheOldFileAsItWas() throws {
    let folder = coffer.home + "/small"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Over this store's made-up rates: the rules would refuse the real ones.
    #expect(try run("rates import \(CofferProcess.fixtures)/eurofxref-hist.zip --accept").status == 0)
    let binary = CofferProcess.binary
    let outcome = try coffer.run(
      [
        "-c",
        """
        exec unshare -m sh -c '
          mount -t tmpfs -o size=256k tmpfs \(folder) || exit 90
          \(binary) --db \(database) -c "rates export USD to 2026-03-01 \(folder)/p.ledger" >/dev/null || exit 91
          \(binary) --db \(database) -c "rates export \(folder)/p.ledger"; echo "status $?"
          ls -A \(folder)
        '
        """,
      ], binary: "/bin/sh")
    #expect(
      outcome
        == Outcome(
          stdout: "status 1\np.ledger\n",
          stderr: "<command>:1:14: error: the disk holding \(folder)/p.ledger is full; nothing was written\n", status: 0
        ))
  }
}

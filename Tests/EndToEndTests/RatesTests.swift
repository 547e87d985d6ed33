import Foundation
import Testing
import ZIPFoundation

/// Importing real rate files through the binary, and dated answers checked against
/// values computed here, apart from Coffer, with Foundation's Decimal.
@Suite struct RatesTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/rates.db"
  }

  func run(_ commands: String, _ extra: [String] = []) throws -> Outcome {
    try coffer.run(["--db", database] + extra + ["-c", commands])
  }

  static let fixtures = CofferProcess.fixtures

  /// The ECB history as rows keyed by date, read from the zip in the fixtures.
  static let history: [String: [String: String]] = {
    let url = URL(fileURLWithPath: fixtures + "/eurofxref-hist.zip")
    guard let archive = try? Archive(url: url, accessMode: .read, pathEncoding: nil),
      let entry = archive["eurofxref-hist.csv"]
    else { return [:] }
    var data = Data()
    _ = try? archive.extract(entry) { data.append($0) }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let header = lines[0]
    var rows: [String: [String: String]] = [:]
    for line in lines.dropFirst() {
      rows[line[0]] = Dictionary(zip(header, line).map { ($0, $1) }, uniquingKeysWith: { a, _ in a })
    }
    return rows
  }()

  /// CNY per 1 unit of `code` on a day of the ECB history, rounded half up to `places`.
  static func expected(_ code: String, on day: String, times amount: String = "1", places: Int) -> String {
    let row = history[day] ?? [:]
    let cny = Decimal(string: row["CNY"] ?? "0")!
    let other = Decimal(string: row[code] ?? "1")!
    var value = Decimal(string: amount)! * cny / other
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, places, .plain)
    return "\(rounded)"
  }

  @Test func everyFormatImportsFromItsRealFile() throws {
    let outcome = try run(
      """
      rates import \(Self.fixtures)/ecb-daily-2024-06-28.xml
      rates import \(Self.fixtures)/ecb-daily-2026-10-30.csv
      rates import "\(Self.fixtures)/rates-usd-2024-03-13.json"
      rates import \(Self.fixtures)/rates-brl-2026-06-24.json
      rates import \(Self.fixtures)/eurofxref-hist.zip
      rates import \(Self.fixtures)/eurofxref-hist.zip
      """)
    #expect(
      outcome
        == Outcome(
          stdout: """
            imported 27 rates for 27 currencies over 1 day (ECB XML; 27 new or changed); skipped 3 unknown currencies
            imported 27 rates for 27 currencies over 1 day (ECB CSV; 0 new or changed); skipped 2 unknown currencies
            imported 41 rates for 41 currencies over 1 day (ExchangeRate-API JSON; 41 new or changed); skipped 120 unknown currencies
            imported 41 rates for 41 currencies over 1 day (ExchangeRate-API JSON; 41 new or changed); skipped 124 unknown currencies
            imported 176961 rates for 28 currencies over 7126 days (ECB CSV; 176907 new or changed); skipped 13 unknown currencies
            imported 176961 rates for 28 currencies over 7126 days (ECB CSV; 0 new or changed); skipped 13 unknown currencies

            """, stderr: "", status: 0))
  }

  @Test func datedAnswersMatchTheHistory() throws {
    #expect(!Self.history.isEmpty)
    #expect(try run("rates import \(Self.fixtures)/eurofxref-hist.zip").status == 0)
    let outcome = try run(
      """
      set USD 1234.56; set JPY 98765
      print rate_at(USD, 2010-05-03) rate_at(JPY, 2020-03-16)
      print total_valued_at(2020-03-16)
      convert 100 USD to CNY at 2010-05-03 --format plain
      print rate_at(USD, 2010-05-01) rate_at(USD, 2010-05-02)
      """)
    let total2020: String = {
      let row = Self.history["2020-03-16"]!
      let cny = Decimal(string: row["CNY"]!)!
      var sum =
        Decimal(string: "1234.56")! * cny / Decimal(string: row["USD"]!)!
        + Decimal(98765) * cny / Decimal(string: row["JPY"]!)!
      var rounded = Decimal()
      NSDecimalRound(&rounded, &sum, 2, .plain)
      return "\(rounded)"
    }()
    #expect(
      outcome.stdout == """
        \(Self.expected("USD", on: "2010-05-03", places: 10))
        \(Self.expected("JPY", on: "2020-03-16", places: 10))
        \(total2020)
        \(Self.expected("USD", on: "2010-05-03", times: "100", places: 2))
        \(Self.expected("USD", on: "2010-04-30", places: 10))
        \(Self.expected("USD", on: "2010-04-30", places: 10))

        """)
    #expect(outcome.stderr == "")
  }

  @Test func datesBeforeTheHistoryAndMissingRatesArePartial() throws {
    #expect(try run("rates import \(Self.fixtures)/eurofxref-hist.zip; set USD 10; set TWD 100").status == 0)
    let partial = try run("total valued at 2015-06-01; total valued at 2015-06-01 --format json")
    let usd = Self.expected("USD", on: "2015-06-01", times: "10", places: 2)
    #expect(
      partial.stdout == """
        ¥\(usd) CNY (2 holdings), today's holdings at 2015-06-01 rates; partial: no rate for TWD
        {"local":"CNY","total":"\(usd)","holdings":2,"missing":["TWD"],"oldest_rate":{"date":"2015-06-01","days":0,"currencies":["CNY","USD"]},"date":"2015-06-01","holdings_as_of":"today"}

        """)
    let holdings = try run("holdings valued at 2015-06-01 --format csv")
    #expect(holdings.stdout == "code,place,amount,value,local\nUSD,,10,\(usd),CNY\nTWD,,100,,CNY\n")
    // Before 2005 the ECB quotes no CNY: the rate missing is the local currency's.
    let before = try run("print total_valued_at(1998-12-31)")
    #expect(
      before
        == Outcome(
          stdout: "", stderr: "<command>:1:7: error: total_valued_at(): no CNY (local) rate on 1998-12-31\n",
          status: 1))
    #expect(
      try run("print total_valued_at(2001-09-11)").stderr
        == "<command>:1:7: error: total_valued_at(): no CNY (local) rate on 2001-09-11\n")
    #expect(
      try run("total valued at 2001-09-11").stdout
        == "¥0.00 CNY (2 holdings), today's holdings at 2001-09-11 rates; partial: no CNY (local) rate\n")
    let rate = try run("print rate_at(USD, 1998-12-31)")
    #expect(rate.stderr == "<command>:1:7: error: rate_at(): no CNY (local) rate on 1998-12-31\n")
    // With a local currency that has a rate, a held currency's missing rate is named.
    #expect(
      try run("local EUR; print total_valued_at(2001-09-11)").stderr
        == "<command>:1:18: error: total_valued_at(): no rate on 2001-09-11 for TWD\n")
    let converted = try run("convert 5 USD CNY at 1998-12-31")
    #expect(converted.stderr == "<command>:1:9: error: no rate for USD, CNY on 1998-12-31\n")
    #expect(converted.status == 1)
  }

  /// JSON as any writer makes it (Python's json module writes 1/30000 so) is read exactly.
  @Test func jsonWithExponentsAndPythonFloatsImportsExactly() throws {
    let file = try coffer.write(
      "python.json",
      #"{"base": "EUR", "date": "2026-11-20", "rates": {"CNY": 7.5e0, "USD": 1.25E+0, "JPY": 3.3333333333333335e-05}, "by": "\ud83d\ude00"}"#
    )
    // JPY at 1/30000 per euro is no real rate: the rules would refuse it.
    let outcome = try run("rates import \(file) --accept; rates CNY USD JPY --format csv")
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout == """
        imported 3 rates for 3 currencies over 1 day (JSON; 3 new or changed); accepted 1 finding of the rates' rules
        code,rate,local,date,source,stale
        CNY,1,CNY,,,false
        USD,6,CNY,2026-11-20,python.json,false
        JPY,225000,CNY,2026-11-20,python.json,false

        """)
  }

  /// A number with more digits than a rate holds is refused by its place, not rounded
  /// (JSONDecoder alone would read it as 1); nothing of the file is imported.
  @Test func jsonNumberTooLongToHoldExactlyImportsNothing() throws {
    let head = #"{"base": "EUR", "date": "2026-11-20", "rates": {"CNY": 7.5, "USD": "#
    let long = try coffer.write("long.json", head + "1.0000000000000000000000000000000000000000001}}")
    let refused = try run("rates import \(long)")
    #expect(
      refused.stderr
        == "<command>:1:14: error: long.json: byte \(head.utf8.count): a number with 44 significant digits: a rate holds at most 38 exactly; nothing imported\n"
    )
    #expect(refused.status == 1)
    #expect(try run("print rate_at(USD, 2026-11-20)").stdout == "6.6528822055\n")
    // The same file with a number a rate holds: 7.5 ÷ 1.25 exactly.
    let exact = try coffer.write("exact.json", head + "1.25e0}}")
    #expect(try run("rates import \(exact); print rate_at(USD, 2026-11-20)").stdout.hasSuffix("\n6\n"))
  }

  /// Before 2005 the ECB quotes no CNY: with CNY local, every dated question names the
  /// local rate as the one missing, not the held currencies; questions that do not need
  /// it are answered.
  @Test func aMissingLocalRateIsNamedWhereverItIsNeeded() throws {
    #expect(try run("rates import \(Self.fixtures)/eurofxref-hist.zip; set USD 1; set JPY 100; set GBP 1").status == 0)
    let outcome = try run(
      """
      print total_valued_at(2001-09-11)
      total valued at 2001-09-11
      holdings valued at 2001-09-11
      print rate_at(JPY, 2001-09-11)
      convert 5 USD CNY at 2001-09-11
      convert 5 CNY GBP at 2001-09-11
      convert 5 USD JPY at 2001-09-11
      chart USD from 2001-01-01 to 2001-12-31
      chart total valued from 2001-01-01 to 2001-12-31
      """, ["--keep-going"])
    // 5 × JPY ÷ USD on the day, rounded to whole yen.
    let row = Self.history["2001-09-11"] ?? [:]
    var yen = Decimal(5) * Decimal(string: row["JPY"] ?? "0")! / Decimal(string: row["USD"] ?? "1")!
    var wholeYen = Decimal()
    NSDecimalRound(&wholeYen, &yen, 0, .plain)
    #expect(
      outcome.stdout == """
        ¥0.00 CNY (3 holdings), today's holdings at 2001-09-11 rates; partial: no CNY (local) rate
        code  name           amount     rate  value (CNY)  as of
        USD   US Dollar       $1.00  no rate            —
        JPY   Japanese Yen   JP¥100  no rate            —
        GBP   British Pound   £1.00  no rate            —
        total ¥0.00 CNY (3 holdings), today's holdings at 2001-09-11 rates; partial: no CNY (local) rate
        $5.00 USD = JP¥\(wholeYen) JPY

        """)
    #expect(
      outcome.stderr == """
        <command>:1:7: error: total_valued_at(): no CNY (local) rate on 2001-09-11
        <command>:4:7: error: rate_at(): no CNY (local) rate on 2001-09-11
        <command>:5:9: error: no CNY (local) rate on 2001-09-11
        <command>:6:9: error: no CNY (local) rate on 2001-09-11
        <command>:8:7: error: chart: no CNY (local) rate between 2001-01-01 and 2001-12-31
        <command>:9:7: error: chart: no CNY (local) rate between 2001-01-01 and 2001-12-31

        """)
    #expect(outcome.status == 1)
    // A held currency's own missing rate is still named as such.
    #expect(
      try run("local EUR; convert 5 TWD EUR at 2001-09-11").stderr
        == "<command>:1:20: error: no rate for TWD on 2001-09-11\n")
  }

  @Test func malformedFileImportsNothing() throws {
    let bad = try coffer.write("bad.csv", "Date,USD,JPY,\n2026-11-20,2.0,150,\n2026-11-21,2.1,oops,\n")
    let before = try run("rates USD JPY")
    let outcome = try run("rates import \(bad)")
    #expect(
      outcome
        == Outcome(
          stdout: "", stderr: "<command>:1:14: error: bad.csv: line 3: bad rate 'oops' for JPY; nothing imported\n",
          status: 1))
    #expect(try run("rates USD JPY") == before)
    let missing = try run("rates import \(coffer.home)/none.xml")
    #expect(
      missing.stderr
        == "<command>:1:14: error: cannot read rates file \(coffer.home)/none.xml: No such file or directory\n")
  }

  @Test func xmlAndZipWithoutTheHelperSayWhatIsMissingAndImportNothing() throws {
    // coffer alone, with no coffer-rates beside it or on the PATH.
    let lonely = coffer.home + "/bin/coffer"
    try FileManager.default.createDirectory(atPath: coffer.home + "/bin", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CofferProcess.binary, toPath: lonely)
    let environment = ["PATH": "/usr/bin:/bin"]
    let xml = try coffer.run(
      ["--db", database, "-c", "rates import \(Self.fixtures)/ecb-daily-2024-06-28.xml"], extraEnvironment: environment,
      binary: lonely)
    #expect(
      xml
        == Outcome(
          stdout: "",
          stderr: "<command>:1:14: error: ecb-daily-2024-06-28.xml: byte 0: XML is read by the coffer-rates helper, "
            + "which is not installed next to coffer; nothing imported\n", status: 1))
    let fetch = try coffer.run(
      ["--db", database, "-c", "rates fetch http://127.0.0.1:9/"], extraEnvironment: environment, binary: lonely)
    #expect(
      fetch.stderr
        == "<command>:1:13: error: cannot fetch: the coffer-rates helper is not installed next to coffer; rates unchanged\n"
    )
    // Text formats need no helper.
    let csv = try coffer.run(
      [
        "--db", database, "-c",
        "rates import \(Self.fixtures)/ecb-daily-2026-10-30.csv; print rate_at(USD, 2026-10-30)",
      ],
      extraEnvironment: environment, binary: lonely)
    #expect(csv.status == 0)
    // The XML's day (2024-06-28) is older than every stored rate: still none then, the
    // local currency's included.
    #expect(
      try run("print rate_at(USD, 2024-06-28)").stderr
        == "<command>:1:7: error: rate_at(): no CNY (local) rate on 2024-06-28\n")
  }

  @Test func ratesOptionImportsBeforeAnythingRuns() throws {
    let outcome = try coffer.run([
      "--db", database, "--rates", Self.fixtures + "/ecb-daily-2024-06-28.xml", "-c", "print rate_at(USD, 2024-06-28)",
    ])
    let usd = Decimal(string: "7.7748")! / Decimal(string: "1.0705")!
    var rounded = Decimal()
    var value = usd
    NSDecimalRound(&rounded, &value, 10, .plain)
    #expect(
      outcome
        == Outcome(
          stdout:
            "imported 27 rates for 27 currencies over 1 day (ECB XML; 27 new or changed); skipped 3 unknown currencies\n\(rounded)\n",
          stderr: "", status: 0))
    let unreadable = try coffer.run(["--db", database, "--rates", "/nonexistent.csv"])
    #expect(unreadable.status == 2)
  }
}

/// `chart` draws the history: a line of braille dots between labelled axes.
@Suite struct ChartTests {
  @Test func chartOfARateFallingOverTheYearsRunsFromTopLeftToBottomRight() throws {
    let coffer = try CofferProcess()
    let database = coffer.home + "/c.db"
    #expect(
      try coffer.run(["--db", database, "-c", "rates import \(CofferProcess.fixtures)/eurofxref-hist.zip"]).status == 0)
    let outcome = try coffer.run(["--db", database, "-c", "chart USD from 2008-01-01 to 2012-12-31"])
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 1 + 12 + 2)
    #expect(lines[0] == "1 USD in CNY, 2008-01-02 … 2012-12-31 (1283 dates)")
    // The y axis: the highest and lowest CNY price of a dollar in those years.
    let maximum = RatesTests.expected("USD", on: "2008-01-02", places: 4)
    #expect(lines[1].hasPrefix("\(maximum) ┤"))
    #expect(lines[12].hasPrefix("6.2223 ┤"))
    #expect(lines[14].hasSuffix("2012-12-31"))
    #expect(lines[14].contains("2008-01-02"))
    // 80 columns when not on a terminal.
    #expect(lines.dropFirst().dropLast(2).allSatisfy { $0.count == 80 })
    // Dots start in the top row at the left and end in the bottom row at the right.
    let plot = lines[1...12].map { Array($0.split(separator: "┤")[1]) }
    #expect(plot[0].first != "\u{2800}")
    #expect(plot[11].last != "\u{2800}")
    #expect(plot[0].last == "\u{2800}")
    #expect(plot[11].first == "\u{2800}")
  }

  /// With colours on, the money labels of `chart total` hold escape codes: the axis must
  /// still stand in one column on every row.
  @Test func theAxisLinesUpWithColoursOn() throws {
    let coffer = try CofferProcess()
    let database = coffer.home + "/c.db"
    #expect(
      try coffer.run(["--db", database, "-c", "rates import \(CofferProcess.fixtures)/eurofxref-hist.zip"]).status == 0)
    let outcome = try coffer.run([
      "--db", database, "--color", "always", "-c", "set USD 1234.56; chart total valued from 2010-01-01 to 2011-12-31",
    ])
    #expect(outcome.status == 0)
    let plain = outcome.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(plain != outcome.stdout, "colours were on")
    // The 12 rows of plot, then the corner of the date axis.
    let rows = plain.split(separator: "\n").dropFirst().prefix(13).map(String.init)
    #expect(rows.count == 13)
    let columns = Set(
      rows.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(where: { "┤└".contains($0) }) ?? $0.endIndex) })
    #expect(columns.count == 1, "the axis stands in columns \(columns.sorted())")
  }

  @Test func chartNeedsTwoDatesAndSaysSo() throws {
    let coffer = try CofferProcess()
    let outcome = try coffer.run(["--db", ":memory:", "-c", "chart USD"])
    #expect(
      outcome.stderr
        == "<command>:1:7: error: chart: 1 rate date between 2025-11-22 and 2026-11-22; a chart needs 2 (rates import a history first)\n"
    )
    #expect(
      try coffer.run(["--db", ":memory:", "-c", "chart total"]).stderr
        == "<command>:1:7: error: chart total: nothing is held\n")
  }
}

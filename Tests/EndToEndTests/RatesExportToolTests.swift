import Foundation
import Testing

/// `rates export` read by the real tools, not by Coffer: ledger, hledger and bean-check
/// accept what it writes, and each values one unit of a currency on a date exactly as
/// Coffer's `rate_at()` does. `Scripts/setup` installs the tools (ledger and hledger from
/// Debian, beancount from PyPI in `.build/tools/beancount`).
@Suite(.serialized) struct RatesExportToolTests {
  /// A store with the ECB history (CNY from 2005-04-01; RUB ends in 2022), the JSON
  /// snapshot of the 14 currencies the ECB lacks, and a direct quote typed on
  /// 2026-11-22 (COFFER_TODAY) that wins over the cross rate from that day on.
  static let store: (coffer: CofferProcess, path: String)? = {
    guard let coffer = try? CofferProcess.forTheWholeRun() else { return nil }
    let path = coffer.home + "/history.db"
    let fixtures = CofferProcess.fixtures
    let made = try? coffer.run([
      "--db", path, "-c",
      "rates import \(fixtures)/eurofxref-hist.zip; rates import \(fixtures)/rates-brl-2026-06-24.json; "
        + "rates set USD 7.2",
    ])
    return made?.status == 0 ? (coffer, path) : nil
  }()

  static let currencies = ["USD", "EUR", "JPY", "KWD", "VND", "GBP", "RUB", "BRL"]
  static let dates = [
    "1999-01-04", "2005-03-31", "2005-04-01", "2005-04-02", "2008-10-15", "2010-05-03", "2015-08-11", "2020-03-16",
    "2022-03-01", "2024-06-28", "2024-06-29", "2026-06-24", "2026-10-30", "2026-11-21", "2026-11-22", "2030-01-01",
  ]

  static var beancountPython: String { CofferProcess.packageRoot + "/.build/tools/beancount/bin/python" }
  static var beanCheck: String { CofferProcess.packageRoot + "/.build/tools/beancount/bin/bean-check" }

  /// Runs a tool; its stdout, stderr and status.
  static func tool(_ arguments: [String], stdin: String = "", in folder: String) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let id = UUID().uuidString
    let paths = ["in", "out", "err"].map { folder + "/.tool-\($0)-" + id }
    _ = FileManager.default.createFile(atPath: paths[0], contents: Data(stdin.utf8))
    _ = FileManager.default.createFile(atPath: paths[1], contents: nil)
    _ = FileManager.default.createFile(atPath: paths[2], contents: nil)
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: paths[0]))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[1]))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[2]))
    try process.run()
    process.waitUntilExit()
    return Outcome(
      stdout: try String(contentsOfFile: paths[1], encoding: .utf8),
      stderr: try String(contentsOfFile: paths[2], encoding: .utf8), status: process.terminationStatus)
  }

  /// Coffer's `rate_at(C, D)` for every currency and date, nil where it has none.
  static func cofferValues(
    _ store: (coffer: CofferProcess, path: String), of codes: [String] = currencies
  ) throws -> [String: Decimal] {
    var script = ""
    for code in codes {
      for date in dates { script += "echo at \(code) \(date)\nprint rate_at(\(code), \(date))\n" }
    }
    let outcome = try store.coffer.run(["--db", store.path, "--keep-going", "-c", script])
    var values: [String: Decimal] = [:]
    var key: String?
    for line in outcome.stdout.split(separator: "\n") {
      if line.hasPrefix("at ") {
        key = String(line.dropFirst(3))
      } else if let current = key {
        values[current] = Decimal(string: String(line))
        key = nil
      }
    }
    return values
  }

  /// A journal holding one unit of each currency, bought on each date, after the prices.
  static func journal(including prices: String, local: String, of codes: [String] = currencies) -> String {
    var text = "commodity \(local)\n    format 1.0000000000 \(local)\ninclude \(prices)\n"
    for code in codes {
      for date in dates { text += "\(date) buy\n    a:\(code):d\(date)    1 \(code)\n    equity\n" }
    }
    return text
  }

  /// `a:USD:d2010-05-03   7.1234 CNY` → ["USD 2010-05-03": 7.1234]; a unit left as it
  /// was (no price) is not a value.
  static func valuesByAccount(_ lines: String, local: String) -> [String: Decimal] {
    var values: [String: Decimal] = [:]
    for line in lines.split(separator: "\n") {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let account = words.first(where: { $0.hasPrefix("a:") }), words.contains(local),
        let number = words.first(where: { Decimal(string: $0) != nil && !$0.hasPrefix("a:") })
      else { continue }
      let parts = account.split(separator: ":")
      values["\(parts[1]) \(parts[2].dropFirst())"] = Decimal(string: number)
    }
    return values
  }

  func export(_ arguments: String, to name: String) throws -> String {
    let store = try #require(Self.store)
    let path = store.coffer.home + "/" + name
    let outcome = try store.coffer.run([
      "--db", store.path, "-c", "rates export \(arguments) \(Self.currencies.joined(separator: " ")) \(path)",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    return path
  }

  @Test func coffersOwnValuesCoverEveryCase() throws {
    let values = try Self.cofferValues(try #require(Self.store))
    // Before the ECB quoted CNY there is no value; the quote typed on 2026-11-22 is.
    #expect(values["USD 1999-01-04"] == nil)
    #expect(values["USD 2005-04-01"] != nil)
    #expect(values["USD 2026-11-22"] == Decimal(string: "7.2"))
    #expect(values["USD 2026-11-21"] != Decimal(string: "7.2"))
    #expect(values["BRL 2026-06-24"] != nil)
    #expect(values.count > 90, "\(values.count) values")
  }

  @Test func hledgerValuesOneUnitAsCofferDoes() throws {
    let store = try #require(Self.store)
    let prices = try export("", to: "prices.ledger")
    let expected = try Self.cofferValues(store)
    let journal = try store.coffer.write("hledger.journal", Self.journal(including: prices, local: "CNY"))
    let checked = try Self.tool(["hledger", "-f", journal, "check"], in: store.coffer.home)
    #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked)")
    // Each unit valued on the date it was bought, at the price in effect that day.
    let outcome = try Self.tool(
      ["hledger", "-f", journal, "balance", "^a:", "--value=then,CNY", "--flat", "--no-total"], in: store.coffer.home)
    #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
    let valued = Self.valuesByAccount(outcome.stdout, local: "CNY")
    #expect(valued == expected, "hledger: \(valued.filter { expected[$0.key] != $0.value })")
  }

  @Test func ledgerValuesOneUnitAsCofferDoes() throws {
    let store = try #require(Self.store)
    let prices = try export("--format ledger", to: "prices.dat")
    let expected = try Self.cofferValues(store)
    let journal = try store.coffer.write("ledger.journal", Self.journal(including: prices, local: "CNY"))
    let outcome = try Self.tool(
      [
        "ledger", "-f", journal, "balance", "^a:", "--exchange", "CNY", "--historical", "--flat", "--no-total",
        "--balance-format", "%(account)\t%(display_total)\n",
      ], in: store.coffer.home)
    #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
    let valued = Self.valuesByAccount(outcome.stdout, local: "CNY")
    // Ledger values a unit bought before any price at a later one, where Coffer (and
    // hledger, and beancount) have none: only the dates Coffer values are compared.
    let compared = valued.filter { expected[$0.key] != nil }
    #expect(compared == expected, "ledger: \(compared.filter { expected[$0.key] != $0.value })")
  }

  @Test func beanCheckAcceptsTheExportAndBeancountValuesAsCofferDoes() throws {
    let store = try #require(Self.store)
    let prices = try export("--format beancount", to: "prices.beancount")
    let checked = try Self.tool([Self.beanCheck, prices], in: store.coffer.home)
    #expect(checked == Outcome(stdout: "", stderr: "", status: 0))
    // Included into a ledger of its own, with an operating currency and commodities.
    let main = try store.coffer.write(
      "main.beancount",
      """
      option "operating_currency" "CNY"
      2000-01-01 commodity USD
      2000-01-01 open Assets:Cash USD
      include "\(prices)"

      """)
    #expect(try Self.tool([Self.beanCheck, main], in: store.coffer.home) == Outcome(stdout: "", stderr: "", status: 0))
    let query = """
      import sys, datetime
      from beancount import loader
      from beancount.core import prices
      entries, errors, _ = loader.load_file(sys.argv[1])
      assert not errors, errors
      table = prices.build_price_map(entries)
      for line in sys.stdin:
          code, day = line.split()
          _, price = prices.get_price(table, (code, "CNY"), datetime.date.fromisoformat(day))
          if price is not None:
              print(code, day, price)
      """
    let pairs = Self.currencies.flatMap { code in Self.dates.map { "\(code) \($0)" } }.joined(separator: "\n")
    let outcome = try Self.tool(
      [Self.beancountPython, "-c", query, prices], stdin: pairs + "\n", in: store.coffer.home)
    #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
    var valued: [String: Decimal] = [:]
    for line in outcome.stdout.split(separator: "\n") {
      let words = line.split(separator: " ")
      valued["\(words[0]) \(words[1])"] = Decimal(string: String(words[2]))
    }
    let expected = try Self.cofferValues(store)
    #expect(valued == expected, "beancount: \(valued.filter { expected[$0.key] != $0.value })")
  }

  @Test func hledgerAgreesInAnotherLocalCurrencyWithAQuoteOfItsOwn() throws {
    let store = try #require(Self.store)
    // A copy of the store (made by `backup`), with JPY local and a quote of KWD in JPY.
    let copy = store.coffer.home + "/in-jpy.db"
    let prices = store.coffer.home + "/jpy.ledger"
    let codes = ["CNY", "USD", "EUR", "KWD", "VND", "RUB"]
    #expect(try store.coffer.run(["--db", store.path, "-c", "backup \(copy) --force"]).status == 0)
    let outcome = try store.coffer.run([
      "--db", copy, "-c", "local JPY; rates set KWD 480; rates export \(codes.joined(separator: " ")) \(prices)",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    let expected = try Self.cofferValues((store.coffer, copy), of: codes)
    #expect(expected["KWD 2026-11-22"] == Decimal(480))
    let journal = try store.coffer.write(
      "jpy.journal", Self.journal(including: prices, local: "JPY", of: codes))
    let valued = try Self.tool(
      ["hledger", "-f", journal, "balance", "^a:", "--value=then,JPY", "--flat", "--no-total"], in: store.coffer.home)
    #expect(valued.status == 0 && valued.stderr.isEmpty, "\(valued)")
    let values = Self.valuesByAccount(valued.stdout, local: "JPY")
    #expect(values == expected, "hledger: \(values.filter { expected[$0.key] != $0.value })")
  }

  @Test func everyCatalogCurrencyOfTheWholeHistoryPassesTheTools() throws {
    let store = try #require(Self.store)
    let ledgerFile = store.coffer.home + "/all.ledger"
    let beancountFile = store.coffer.home + "/all.beancount"
    let outcome = try store.coffer.run([
      "--db", store.path, "-c",
      "rates export \(ledgerFile); rates export --format beancount \(beancountFile)",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    // hledger reads every P line (it prints each back), ledger and bean-check complain of none.
    let lines = try String(contentsOfFile: ledgerFile, encoding: .utf8).split(separator: "\n")
    let hledger = try Self.tool(["hledger", "-f", ledgerFile, "prices"], in: store.coffer.home)
    #expect(hledger.status == 0 && hledger.stderr.isEmpty, "\(hledger.stderr)")
    #expect(hledger.stdout.split(separator: "\n").count == lines.count - 1)
    let ledger = try Self.tool(["ledger", "-f", ledgerFile, "--pedantic", "balance"], in: store.coffer.home)
    #expect(ledger == Outcome(stdout: "", stderr: "", status: 0))
    #expect(
      try Self.tool([Self.beanCheck, beancountFile], in: store.coffer.home)
        == Outcome(stdout: "", stderr: "", status: 0))
  }
}

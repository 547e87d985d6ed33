import Foundation
import Testing

/// `dump` as a round trip, through the binary: random stores (a balance history written
/// out of order and over several runs, odd amounts such as KWD 0.001 and 15-digit JPY,
/// quotes set by hand and recorded at dates, rates imported from files with odd names,
/// sources added and removed, another local currency) are dumped, the dump is run into a
/// new store, and that store is dumped again: the two dumps are the same bytes, and both
/// stores answer every question the same (amounts, totals and holdings on many dates,
/// rates and their sources, the log apart from when entries were typed, `total by`).
@Suite struct DumpRoundTripTests {
  typealias Generator = RatesPropertyTests.Generator

  static let codes = ["USD", "EUR", "JPY", "KWD", "GBP", "CNY", "CHF", "AED"]
  static let locals = ["CNY", "EUR", "USD", "JPY"]
  static let firstDay = RatesPropertyTests.dayNumber("2020-01-01")!
  static let lastDay = RatesPropertyTests.dayNumber("2026-11-21")!

  static func date(_ random: inout Generator) -> String {
    RatesPropertyTests.date(firstDay + random.below(lastDay - firstDay + 1))
  }

  static func amount(_ code: String, _ random: inout Generator) -> String {
    switch random.below(6) {
    case 0: return "0"
    case 1: return code == "JPY" ? "999999999999999" : code == "KWD" ? "0.001" : "0.01"
    default:
      let places = RatesPropertyTests.minorUnits(code)
      let whole = random.below(10_000_000)
      guard places > 0 else { return String(whole) }
      let fraction = random.below(Int(pow(10, Double(places))))
      return "\(whole).\(String(repeating: "0", count: places - String(fraction).count))\(fraction)"
    }
  }

  /// The runs that make a random store: each a script, run one after another.
  static func runs(seed: UInt64, home: String) throws -> [String] {
    var random = Generator(state: seed &* 2_654_435_761)
    var runs: [String] = []
    // Rates from files with odd names, some days in another base.
    let names = ["ecb day.csv", "taux \"spéciaux\".csv", "レート.csv", "back\\slash.csv"]
    for (index, name) in names.enumerated() where random.below(3) > 0 {
      var lines = ["date,code,rate"]
      for _ in 0..<(3 + random.below(6)) {
        let code = random.pick(["USD", "JPY", "GBP", "CNY", "CHF", "AED", "KWD"])
        lines.append("\(date(&random)),\(code),\(1 + random.below(200)).\(random.below(10_000))")
      }
      let path = home + "/\(index)-" + name
      try
        (Set(lines.dropFirst()).sorted().reduce(into: [lines[0]]) { result, line in
          // One rate a currency and day.
          let key = line.split(separator: ",").prefix(2).joined(separator: ",")
          if !result.contains(where: { $0.hasPrefix(key + ",") }) { result.append(line) }
        }.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      runs.append(
        "rates import \"\(path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\" --accept"
      )
    }
    // Sources.
    runs.append("rates sources add gulf https://example.org/latest/EUR AED SAR")
    if random.below(2) == 0 { runs.append("rates sources remove ECB") }
    // A history of balances over several runs, out of order, some of a day twice.
    for _ in 0..<(3 + random.below(4)) {
      var lines: [String] = []
      for _ in 0..<(2 + random.below(8)) {
        let code = random.pick(codes)
        switch random.below(5) {
        case 0: lines.append("set \(code) \(amount(code, &random))")
        case 1: lines.append("clear \(code) at \(date(&random))")
        default: lines.append("set \(code) \(amount(code, &random)) at \(date(&random))")
        }
      }
      if random.below(3) == 0 {
        let code = random.pick(codes.filter { $0 != "CNY" })
        lines.append(
          "rates quote \(code) \(1 + random.below(9)).\(random.below(100)) CNY at \(date(&random)) source \"bank\" --accept"
        )
      }
      if random.below(3) == 0 {
        lines.append("rates set \(random.pick(["USD", "GBP"])) 7.\(random.below(1000)) --accept")
      }
      runs.append(lines.joined(separator: "\n"))
    }
    runs.append("local \(locals[Int(seed) % locals.count])")
    return runs
  }

  /// Questions both stores must answer alike (the log without the entered times).
  static func questions(seed: UInt64) -> [String] {
    var random = Generator(state: seed &* 40_503)
    var lines = ["log 100000 --format csv", "rates sources --format csv", "local", "holdings --format json"]
    for _ in 0..<40 {
      let when = date(&random)
      lines.append("total at \(when) --format json")
      lines.append("holdings at \(when) --format csv")
      lines.append("rates \(random.pick(codes)) at \(when) --format csv")
    }
    lines.append("total by month from 2020-01-01 --format csv")
    return lines
  }

  static func withoutEnteredTimes(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      // The log's CSV ends with the entered time.
      guard line.hasPrefix("20") || line.hasPrefix("00"), line.filter({ $0 == "," }).count == 5 else {
        return String(line)
      }
      return line.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",")
    }.joined(separator: "\n")
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func aDumpRunIntoANewStoreGivesTheSameStoreAndTheSameDump(seed: UInt64) throws {
    let coffer = try CofferProcess()
    let original = coffer.home + "/original.db"
    for run in try Self.runs(seed: seed, home: coffer.home) {
      let outcome = try coffer.run(["--db", original, "-c", run])
      #expect(outcome.status == 0, "\(run): \(outcome)")
    }
    let first = try coffer.run(["--db", original, "-c", "dump"])
    #expect(first.status == 0 && first.stderr == "", "\(first.stderr)")
    let script = try coffer.write("dump.coffer", first.stdout)
    let copy = coffer.home + "/copy.db"
    let replay = try coffer.run(["--db", copy, script])
    #expect(replay == Outcome(stdout: "", stderr: "", status: 0), "\(replay)")
    let second = try coffer.run(["--db", copy, "-c", "dump"])
    #expect(second.stdout == first.stdout, "the dump of the copy is the same, byte for byte")

    let questions = Self.questions(seed: seed)
    let asked = try coffer.write("questions.coffer", questions.joined(separator: "\n") + "\n")
    let answers = try coffer.run(["--db", original, "--keep-going", asked])
    let copied = try coffer.run(["--db", copy, "--keep-going", asked])
    #expect(Self.withoutEnteredTimes(answers.stdout) == Self.withoutEnteredTimes(copied.stdout))
    #expect(answers.stderr == copied.stderr)
    #expect(answers.stdout.count > 1000, "the questions were answered")
    #expect(try coffer.run(["--db", copy, "-c", "check"]).status == 0)
  }

  /// SPEC §12: a dump writes each rate's source and base, and every source of a day (the
  /// one in use last); run into a new store, it keeps them all, as `rate_quoted` shows.
  @Test func aDumpKeepsEachRatesBaseAndEverySourceOfADay() throws {
    let coffer = try CofferProcess()
    let original = coffer.home + "/bases.db"
    let other = try coffer.write("other.csv", "date,code,rate\n2024-03-13,JPY,161.5\n2024-03-13,GBP,0.855\n")
    let imported = try coffer.run([
      "--db", original, "-c",
      "rates import \(CofferProcess.fixtures)/rates-usd-2024-03-13.json; rates import \(other); set JPY 1000",
    ])
    #expect(imported.status == 0, "\(imported)")
    let first = try coffer.run(["--db", original, "-c", "dump"])
    // The JSON's USD-based rates as given, EUR's value in USD with them; JPY and GBP first
    // as the JSON gave them, then as the later CSV replaced them.
    #expect(
      first.stdout.contains(
        #"rates record at 2024-03-13 source "ExchangeRate-API" base USD GBP 0.7819 JPY 147.5636 EUR 0.9155"#
          + "\n" + #"rates record at 2024-03-13 source "ExchangeRate-API" base USD AED 3.6725 "#), "\(first.stdout)")
    #expect(first.stdout.contains("\n" + #"rates record at 2024-03-13 source "other.csv" JPY 161.5 GBP 0.855"# + "\n"))
    let copy = coffer.home + "/bases-copy.db"
    #expect(try coffer.run(["--db", copy, try coffer.write("d.coffer", first.stdout)]).status == 0)
    #expect(try coffer.run(["--db", copy, "-c", "dump"]).stdout == first.stdout)
    let kept = "SELECT unit, base, source, value FROM rate_quoted WHERE unit IN ('EUR', 'JPY', 'USD') ORDER BY unit"
    let rows = try coffer.run([original, kept], binary: "/usr/bin/sqlite3")
    #expect(
      rows.stdout == "EUR|USD|ExchangeRate-API|0.9155\nJPY|USD|ExchangeRate-API|147.5636\nUSD|USD|ExchangeRate-API|1\n")
    #expect(try coffer.run([copy, kept], binary: "/usr/bin/sqlite3").stdout == rows.stdout)
    // The rate in use is the later source's, in both.
    let why = "rates why JPY at 2024-03-13"
    #expect(try coffer.run(["--db", copy, "-c", why]).stdout.contains("161.5 JPY (2024-03-13, other.csv)"))
  }

  /// A rate recorded in another base is judged in it, against the stored ones as given:
  /// refused at the door, taken with --accept, remembered, and dumped with it.
  @Test func aRateRecordedInABaseIsJudgedInItAndItsAcceptanceDumped() throws {
    let coffer = try CofferProcess()
    let store = coffer.home + "/base.db"
    let first = #"rates record at 2026-11-20 source "x" base USD AED 3.6725 EUR 0.86"#
    let jump = #"rates record at 2026-11-21 source "x" base USD AED 36.725 EUR 0.86"#
    #expect(try coffer.run(["--db", store, "-c", first]).status == 0)
    let refused = try coffer.run(["--db", store, "-c", jump])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "  jump: AED 2026-11-21: 36.725 per USD (x) after 3.6725 per USD on 2026-11-20 (x), 10 times (rates max-jump 50%)\n"
      ), "\(refused)")
    #expect(try coffer.run(["--db", store, "-c", jump + " --accept; check rates"]).status == 0)
    let dump = try coffer.run(["--db", store, "-c", "dump"]).stdout
    #expect(dump.contains(first + "\n" + jump + " --accept\n"), "\(dump)")
    let copy = coffer.home + "/base-copy.db"
    #expect(try coffer.run(["--db", copy, try coffer.write("base.coffer", dump)]).status == 0)
    #expect(try coffer.run(["--db", copy, "-c", "check rates"]).status == 0)
  }

  /// A peg made after the rates it finds outside its band: the store keeps them, and
  /// `check rates` reports them. Its dump gives them back `--keep-findings` (on lines of
  /// their own, apart from the rates of the same day that were accepted or have none; a
  /// line typed `--accept` is accepted whole, GBP 0.85 with CHF), so that it runs
  /// into a new store, which reports the same findings and dumps the same bytes.
  @Test func ratesAPegMadeLaterFindsAreGivenBackWithTheirFindings() throws {
    let coffer = try CofferProcess()
    let store = coffer.home + "/peg.db"
    let made = try coffer.run([
      "--db", store, "-c",
      #"rates record at 2026-11-02 source "x" USD 1.5 CHF 0.9 GBP 0.84; rates peg CHF to EUR at 0.95 from 2026-11-02"#
        + #"; rates record at 2026-11-03 source "x" USD 1.11 CHF 0.9 GBP 0.85 --accept"#
        + #"; rates record at 2026-11-04 source "y" base USD EUR 0.9 GBP 0.75 AED 3.6725"#
        + "; rates peg GBP to EUR at 0.80",
    ])
    #expect(made.status == 0, "\(made)")
    let checked = try coffer.run(["--db", store, "-c", "check rates"])
    #expect(checked.status == 1)
    #expect(checked.stdout.contains("outside band: GBP 2026-11-04"), "\(checked)")
    let dump = try coffer.run(["--db", store, "-c", "dump"])
    #expect(dump.status == 0, "\(dump)")
    let lines = dump.stdout.split(separator: "\n").filter { $0.hasPrefix("rates record at 2026-11-0") }
    #expect(
      lines == [
        #"rates record at 2026-11-02 source "x" USD 1.5"#,
        #"rates record at 2026-11-02 source "x" GBP 0.84 CHF 0.9 --keep-findings"#,
        #"rates record at 2026-11-03 source "x" USD 1.11 GBP 0.85 CHF 0.9 --accept"#,
        #"rates record at 2026-11-04 source "y" base USD AED 3.6725 EUR 0.9"#,
        #"rates record at 2026-11-04 source "y" base USD GBP 0.75 EUR 0.9 --keep-findings"#,
      ], "\(dump.stdout)")
    let copy = coffer.home + "/peg-copy.db"
    let replay = try coffer.run(["--db", copy, try coffer.write("peg.coffer", dump.stdout)])
    #expect(replay == Outcome(stdout: "", stderr: "", status: 0), "\(replay)")
    #expect(try coffer.run(["--db", copy, "-c", "check rates"]) == checked)
    #expect(try coffer.run(["--db", copy, "-c", "dump"]).stdout == dump.stdout)
    // Typed by a person, the flag takes a rate the rules would refuse, and keeps its finding.
    let quote = "rates quote JPY 1 USD at 2026-11-05"
    #expect(try coffer.run(["--db", copy, "-c", quote]).status == 1)
    #expect(try coffer.run(["--db", copy, "-c", quote + " --keep-findings"]).status == 0)
    let typed = try coffer.run(["--db", copy, "-c", "check rates"])
    #expect(typed.status == 1 && typed.stdout.contains("exactly 1: JPY 2026-11-05"), "\(typed)")
  }

  /// A rate accepted under rules since loosened, or in a line a peg judges apart: its
  /// dump's `--accept` line raises nothing when replayed under the store's last rules,
  /// and is remembered all the same, so that tightening the rules again finds in the new
  /// store what it finds in the old: nothing.
  @Test func aRateAcceptedUnderOtherRulesStaysAcceptedThroughADump() throws {
    let coffer = try CofferProcess()
    let store = coffer.home + "/accepted.db"
    let made = try coffer.run([
      "--db", store, "-c",
      #"rates record at 2026-11-01 source "S" USD 1.1; rates max-jump 10"#
        + #"; rates record at 2026-11-10 source "S" USD 1.3 --accept; rates max-jump 50"#
        + #"; rates peg HKD to USD at 7.8 band 0.65; rates record at 2026-11-20 source "S" USD 1.1 HKD 9.5 --accept"#,
    ])
    #expect(made.status == 0, "\(made)")
    let dump = try coffer.run(["--db", store, "-c", "dump"]).stdout
    let copy = coffer.home + "/accepted-copy.db"
    #expect(try coffer.run(["--db", copy, try coffer.write("accepted.coffer", dump)]).status == 0)
    #expect(try coffer.run(["--db", copy, "-c", "dump"]).stdout == dump)
    for database in [store, copy] {
      let tightened = try coffer.run(["--db", database, "-c", "rates max-jump 10; check rates"])
      #expect(tightened.status == 0 && tightened.stdout.hasPrefix("rates: no finding"), "\(database): \(tightened)")
    }
  }

  /// Two sources of one day more than 2% apart, the first given in another base and
  /// replaced by the second: `check rates` finds them as the door did, and the dump gives
  /// the second back with its finding, so that it replays.
  @Test func sourcesApartInTwoBasesAreFoundAndTheirDumpReplays() throws {
    let coffer = try CofferProcess()
    let store = coffer.home + "/bases-apart.db"
    #expect(
      try coffer.run(["--db", store, "-c", #"rates record at 2026-11-20 source "S" base USD GBP 0.79 EUR 0.9"#]).status
        == 0)
    let second = #"rates record at 2026-11-20 source "T" GBP 0.83"#
    #expect(try coffer.run(["--db", store, "-c", second]).status == 1)
    #expect(try coffer.run(["--db", store, "-c", second + " --keep-findings"]).status == 0)
    let checked = try coffer.run(["--db", store, "-c", "check rates"])
    #expect(checked.status == 1 && checked.stdout.contains("sources disagree: GBP 2026-11-20"), "\(checked)")
    let dump = try coffer.run(["--db", store, "-c", "dump"]).stdout
    #expect(dump.contains(second + " --keep-findings\n"), "\(dump)")
    let copy = coffer.home + "/bases-apart-copy.db"
    #expect(try coffer.run(["--db", copy, try coffer.write("apart.coffer", dump)]).status == 0)
    #expect(try coffer.run(["--db", copy, "-c", "check rates"]) == checked)
  }

  @Test func aDumpToAFileIsWrittenWholeAndStdoutIsTheSame() throws {
    let coffer = try CofferProcess()
    let database = coffer.home + "/s.db"
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2025-01-01; set EUR 2"]).status == 0)
    let out = try coffer.run(["--db", database, "-c", "dump"])
    let toFile = try coffer.run(["--db", database, "-c", "dump \(coffer.home)/d.coffer"])
    #expect(toFile.stdout == "dumped the store to \(coffer.home)/d.coffer\n")
    #expect(try String(contentsOfFile: coffer.home + "/d.coffer", encoding: .utf8) == out.stdout)
    #expect(out.stdout.hasSuffix("set USD 5 at 2025-01-01\nset EUR 2 at 2026-11-22\n"))
    #expect(out.stdout.contains("\nrates clear --yes\nrates sources clear\nrates sources add ECB "))
    // Never over the store.
    let refused = try coffer.run(["--db", database, "-c", "dump \(database)"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is the store itself"))
  }
}

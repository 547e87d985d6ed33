import Foundation
import Testing

/// `holdings export` read by the real tools, not by Coffer (SPEC §11): on a random history
/// with places (blanks, a colon, Chinese and accented names, names that collide once made
/// into accounts), moves, clears, amounts held since before any date and an added unit
/// with a digit in its code, `hledger bal -X L -e D+1` and ledger's the same give
/// `total at D` to L's minor unit on many random dates, beancount values the holdings so
/// too, and bean-check accepts the pair.
///
/// The rates are chosen so that each unit's value in L is exact in ten decimal places
/// (rates per euro that are powers of 2 and 5, quotes of four decimals): the prices `rates
/// export` writes, rounded to ten places as `rate_at` is, are then exactly the values
/// Coffer sums, and the totals must agree to the last digit, not merely within rounding.
/// (With the ECB's rates, a total can differ from the tools' by one minor unit when it
/// falls within Σ amount × 5·10⁻¹¹ of a rounding boundary: the prices are rounded, the
/// values `total` sums are not.)
@Suite(.serialized) struct HoldingsExportToolTests {
  typealias Generator = RatesPropertyTests.Generator

  /// A unit, its minor units and the most held of it; the last two are added with
  /// `units add`.
  struct Unit {
    let code: String
    let minor: Int
    var largest: Decimal = 1_000_000
  }

  static let units = [
    Unit(code: "USD", minor: 2), Unit(code: "EUR", minor: 2), Unit(code: "GBP", minor: 2), Unit(code: "JPY", minor: 0),
    Unit(code: "KWD", minor: 3), Unit(code: "CNY", minor: 2), Unit(code: "XAU2", minor: 3),
    Unit(code: "BTC", minor: 8, largest: 100),
  ]
  /// Places as they are written after `@` (always quoted here): the unnamed one, ASCII,
  /// Chinese, a blank, a colon, two blanks, and pairs that meet as accounts (`N26 joint`
  /// and `N26-joint`, `unnamed` and the unnamed place in beancount; `x  y` and `x y` in
  /// ledger).
  static let places = ["", "wise", "招商银行", "N26 joint", "N26-joint", "unnamed", "a:b", "Ärzte Kasse", "x  y", "x y"]
  static let locals = ["CNY", "JPY", "KWD"]
  static let today = RatesPropertyTests.dayNumber("2026-11-22")!
  static let firstDay = RatesPropertyTests.dayNumber("2015-01-01")!

  static func date(_ day: Int) -> String { RatesPropertyTests.date(day) }

  /// A history to write, the days to ask about, and the days a price changes.
  struct Scenario {
    var local: String
    var lines: [String] = []
    var askedDays: [Int] = []
    var priceDays: Set<Int> = []
  }

  /// An amount of `unit` with its minor units, at most `limit` (or the unit's largest).
  static func amount(_ unit: Unit, below limit: Decimal? = nil, _ random: inout Generator) -> Decimal {
    var scale = Decimal(1)
    for _ in 0..<unit.minor { scale *= 10 }
    let steps = NSDecimalNumber(decimal: (limit ?? unit.largest) * scale).intValue
    return Decimal(random.below(max(steps, 1) + 1)) / scale
  }

  /// 2^a × 5^b, a and b in -3...3: the ratio of two is exact in six decimal places.
  static func rate(_ random: inout Generator) -> Decimal {
    var value = Decimal(1)
    let (a, b) = (random.below(7) - 3, random.below(7) - 3)
    for _ in 0..<abs(a) { value = a > 0 ? value * 2 : value / 2 }
    for _ in 0..<abs(b) { value = b > 0 ? value * 5 : value / 5 }
    return value
  }

  static func holding(_ code: String, _ place: String) -> String { "\(code)@\"\(place)\"" }

  static func scenario(seed: UInt64) -> Scenario {
    var random = Generator(state: seed &* 2_654_435_761)
    let local = locals[Int(seed) % locals.count]
    var scenario = Scenario(local: local)
    var lines = [
      #"units add XAU2 "Gold grams" minor 3"#, #"units add BTC "Bitcoin" minor 8"#, "local \(local)",
      // The compiled-in rates are the ECB's: replaced by exact ones.
      "rates clear --yes",
    ]
    // Rates per euro: each unit (EUR is the pivot) starts on a day of its own, some after
    // the history does, and changes on random days after.
    let rated = units.filter { $0.code != "EUR" }
    var starts: [String: Int] = [:]
    for unit in rated { starts[unit.code] = firstDay - 300 + random.below(2500) }
    var recordDays = Set(starts.values)
    for _ in 0..<30 { recordDays.insert(firstDay - 300 + random.below(today - firstDay + 301)) }
    for day in recordDays.sorted() {
      let pairs = rated.filter { starts[$0.code]! <= day && (starts[$0.code]! == day || random.below(5) < 3) }
      guard !pairs.isEmpty else { continue }
      lines.append(
        "rates record at \(date(day)) source \"test\" "
          + pairs.map { "\($0.code) \(rate(&random))" }.joined(separator: " ") + " --accept")
      scenario.priceDays.insert(day)
    }
    // Direct quotes in L, a few decimals, on random days; and one typed today.
    let quoted = units.filter { $0.code != local }
    for _ in 0..<8 {
      let day = firstDay + random.below(today - firstDay + 1)
      let value = Decimal(1 + random.below(99_999)) / 10_000
      lines.append(
        "rates quote \(random.pick(quoted).code) \(value) \(local) at \(date(day)) source \"manual\" --accept")
      scenario.priceDays.insert(day)
    }
    lines.append("rates set \(random.pick(quoted).code) 7.25 --accept")
    scenario.priceDays.insert(today)

    // Held since before any date: the local currency, a catalog one and the added one.
    var held: [String: Decimal] = [:]
    for (code, place, amount) in [(local, "", Decimal(1000)), ("USD", "wise", 50), ("XAU2", "a:b", Decimal(25) / 10)] {
      lines.append("set \(holding(code, place)) \(amount) at 0001-01-01")
      held[holding(code, place)] = amount
    }
    // Written down in order of date: sets, clears and moves (checked against what is held).
    var days = (0..<90).map { _ in firstDay + random.below(today - firstDay + 1) }.sorted()
    for day in days {
      let unit = random.pick(units)
      let place = random.pick(places)
      let key = holding(unit.code, place)
      switch random.below(20) {
      case 0..<10:
        let amount = amount(unit, &random)
        lines.append("set \(key) \(amount) at \(date(day))")
        held[key] = amount
      case 10..<12:
        lines.append("clear \(key) at \(date(day))")
        held[key] = 0
      case 12..<18:
        let sources = held.filter { $0.value > 0 }.keys.sorted()
        guard !sources.isEmpty else { continue }
        let source = random.pick(sources)
        let code = String(source.prefix { $0 != "@" })
        let from = String(source.dropFirst(code.count + 2).dropLast())
        let to = random.pick(places.filter { $0 != from })
        let moved = amount(units.first { $0.code == code }!, below: held[source]!, &random)
        guard moved > 0 else { continue }
        var words = ["move", "\(moved)", code]
        if !from.isEmpty { words += ["from", "\"\(from)\""] }
        if !to.isEmpty { words += ["to", "\"\(to)\""] }
        lines.append((words + ["at", date(day)]).joined(separator: " "))
        held[source]! -= moved
        held[holding(code, to), default: 0] += moved
      default:
        // Two entries of one day and holding need a save between them.
        lines.append("save")
      }
    }
    // Balances written down later for earlier days (no moves among them).
    for _ in 0..<15 {
      let unit = random.pick(units)
      let day = firstDay + random.below(today - firstDay + 1)
      lines.append("save")
      lines.append("set \(holding(unit.code, random.pick(places))) \(amount(unit, &random)) at \(date(day))")
      days.append(day)
    }
    scenario.lines = lines

    // The days asked: random ones, the days around rate and balance changes, one before
    // everything, today.
    var asked = Set((0..<60).map { _ in firstDay - 400 + random.below(today - firstDay + 401) })
    let changes = Array(scenario.priceDays) + days
    for _ in 0..<40 {
      let day = random.pick(changes)
      asked.formUnion([day - 1, day])
    }
    asked.formUnion([firstDay - 1000, today])
    scenario.askedDays = asked.filter { $0 <= today }.sorted()
    return scenario
  }

  // MARK: - Reading the tools' answers

  /// The amount in `code` among a report's lines (`1234.5 CNY`, `CNY1234.5`), 0 when it
  /// has none (a tool writes a zero total as a bare `0`).
  static func amount(in code: String, _ lines: some Sequence<Substring>) -> Decimal? {
    var found: Decimal?
    for line in lines {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      for (index, word) in words.enumerated() {
        var number: Substring?
        if word == code, index > 0 {
          number = words[index - 1]
        } else if word.hasPrefix(code), word.count > code.count {
          number = word.dropFirst(code.count)
        }
        guard let number, let value = Decimal(string: String(number), locale: Locale(identifier: "en_US_POSIX"))
        else { continue }
        if found != nil { return nil }
        found = value
      }
    }
    return found ?? 0
  }

  /// Rounded half away from zero to `places`, as Coffer rounds a total.
  static func rounded(_ value: Decimal, _ places: Int) -> Decimal {
    var value = value
    var result = Decimal()
    NSDecimalRound(&result, &value, places, .plain)
    return result
  }

  /// Coffer's `total at D` for each day: its total and what it left out.
  static func cofferTotals(_ coffer: CofferProcess, _ database: String, _ days: [Int]) throws -> [Int: Decimal] {
    let script = days.map { "total at \(date($0)) --format json" }.joined(separator: "\n")
    let outcome = try coffer.run(["--db", database, "-c", script])
    // Days whose rates are older than max-age before them (a weekend and a holiday, a
    // currency the ECB stopped quoting) are noted on stderr, and nothing else is.
    let notes = outcome.stderr.split(separator: "\n")
    #expect(outcome.status == 0 && notes.allSatisfy { $0.hasPrefix("note: rates as old as ") }, "\(outcome)")
    var totals: [Int: Decimal] = [:]
    for (day, line) in zip(days, outcome.stdout.split(separator: "\n")) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let total = try #require(object?["total"] as? String)
      totals[day] = Decimal(string: total, locale: Locale(identifier: "en_US_POSIX"))
    }
    #expect(totals.count == days.count, "\(outcome.stdout)")
    return totals
  }

  /// A file that shows L's amounts with every digit the tools compute (24 places), so
  /// that the comparison rounds once, as Coffer does, rather than after the tools' own
  /// rounding for display.
  static func precision(_ local: String) -> String {
    "commodity \(local)\n    format 1.000000000000000000000000 \(local)\n"
  }

  static let beancountValues = """
    import sys, datetime, decimal
    from beancount import loader
    from beancount.core import data, prices
    decimal.getcontext().prec = 60
    entries, errors, _ = loader.load_file(sys.argv[1])
    assert not errors, errors
    local = sys.argv[2]
    table = prices.build_price_map(entries)
    transactions = [e for e in entries if isinstance(e, data.Transaction)]
    for line in sys.stdin:
        day = datetime.date.fromisoformat(line.strip())
        held = {}
        for entry in transactions:
            if entry.date > day:
                break
            for posting in entry.postings:
                if posting.account == "Assets:Coffer" or posting.account.startswith("Assets:Coffer:"):
                    units = posting.units
                    held[units.currency] = held.get(units.currency, 0) + units.number
        total = decimal.Decimal(0)
        for currency, number in held.items():
            if currency == local:
                total += number
            else:
                _, price = prices.get_price(table, (currency, local), day)
                if price is not None:
                    total += number * price
        print(day, "{:f}".format(total))
    """

  // MARK: - The property

  @Test(arguments: [UInt64(1), 2, 3])
  func theToolsTotalTheExportAsCofferDoes(seed: UInt64) throws {
    let coffer = try CofferProcess()
    let database = coffer.home + "/history.db"
    let scenario = Self.scenario(seed: seed)
    let local = scenario.local
    let minor = Self.units.first { $0.code == local }!.minor
    let written = try coffer.run(["--db", database, "-c", scenario.lines.joined(separator: "\n")])
    #expect(written.status == 0 && written.stderr.isEmpty, "seed \(seed): \(written)")
    let exported = try coffer.run([
      "--db", database, "-c",
      "holdings export holdings.ledger; rates export prices.ledger; "
        + "holdings export --format beancount holdings.beancount; rates export --format beancount prices.beancount",
    ])
    #expect(exported.status == 0 && exported.stderr.isEmpty, "seed \(seed): \(exported)")
    let home = coffer.home
    try coffer.write("precision.ledger", Self.precision(local))
    let files = ["-f", "precision.ledger", "-f", "holdings.ledger", "-f", "prices.ledger"]
    let days = scenario.askedDays
    let expected = try Self.cofferTotals(coffer, database, days)

    let checked = try RatesExportToolTests.tool(["hledger"] + files + ["check"], in: home)
    #expect(checked.status == 0 && checked.stderr.isEmpty, "seed \(seed): \(checked)")
    var compared = (hledger: 0, ledger: 0, ledgerEndOnly: 0, beancount: 0)
    for day in days {
      let cofferTotal = try #require(expected[day])
      let next = Self.date(day + 1)
      let hledger = try RatesExportToolTests.tool(
        ["hledger"] + files + ["bal", "Assets:Coffer", "-X", local, "-e", next], in: home)
      #expect(hledger.status == 0 && hledger.stderr.isEmpty, "\(hledger)")
      // The total is the lines after the last rule: one per commodity left unvalued too.
      let totalLines = hledger.stdout.components(separatedBy: "--------------------\n").last ?? ""
      let total = Self.amount(in: local, totalLines.split(separator: "\n"))
      #expect(
        total.map { Self.rounded($0, minor) } == cofferTotal,
        "seed \(seed), \(Self.date(day)): hledger \(String(describing: total)), coffer \(cofferTotal)\n\(hledger.stdout)"
      )
      compared.hledger += 1

      // ledger: `-e D+1` sets the moment it values at to D+1 at midnight, when a price
      // dated D+1 already holds; `--now D` after it brings the moment back to D.
      let ledgerArguments = ["ledger"] + files + ["bal", "Assets:Coffer", "-X", local, "-e", next, "--depth", "1"]
      for nowToo in [true, false] {
        if !nowToo && scenario.priceDays.contains(day + 1) { continue }
        let ledger = try RatesExportToolTests.tool(
          ledgerArguments + (nowToo ? ["--now", Self.date(day)] : []), in: home)
        #expect(ledger.status == 0 && ledger.stderr.isEmpty, "\(ledger)")
        let total = Self.amount(in: local, ledger.stdout.split(separator: "\n"))
        #expect(
          total.map { Self.rounded($0, minor) } == cofferTotal,
          "seed \(seed), \(Self.date(day)) (--now: \(nowToo)): ledger \(String(describing: total)), coffer \(cofferTotal)\n\(ledger.stdout)"
        )
        if nowToo { compared.ledger += 1 } else { compared.ledgerEndOnly += 1 }
      }
    }

    // beancount: bean-check accepts each file and the pair, and its own prices value the
    // holdings on each day as Coffer does.
    let main = try coffer.write("main.beancount", "include \"holdings.beancount\"\ninclude \"prices.beancount\"\n")
    for file in ["holdings.beancount", "prices.beancount", main] {
      let outcome = try RatesExportToolTests.tool([RatesExportToolTests.beanCheck, file], in: home)
      #expect(outcome == Outcome(stdout: "", stderr: "", status: 0), "seed \(seed), \(file): \(outcome)")
    }
    let valued = try RatesExportToolTests.tool(
      [RatesExportToolTests.beancountPython, "-c", Self.beancountValues, main, local],
      stdin: days.map { Self.date($0) + "\n" }.joined(), in: home)
    #expect(valued.status == 0 && valued.stderr.isEmpty, "\(valued)")
    for line in valued.stdout.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 2, let day = RatesPropertyTests.dayNumber(String(words[0])),
        let total = Decimal(string: String(words[1]), locale: Locale(identifier: "en_US_POSIX"))
      else {
        Issue.record("seed \(seed): \(line)")
        continue
      }
      #expect(
        Self.rounded(total, minor) == expected[day],
        "seed \(seed), \(words[0]): beancount \(total), coffer \(expected[day]!)")
      compared.beancount += 1
    }
    #expect(compared.hledger == days.count && compared.ledger == days.count && compared.beancount == days.count)
    print("seed \(seed), \(local): \(days.count) days compared: \(compared)")
  }
}

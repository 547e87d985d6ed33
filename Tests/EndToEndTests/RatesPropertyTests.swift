import Foundation
import Testing

/// Conversions and totals on random dates of the real ECB history, through the binary,
/// checked against values computed here from the raw files with Foundation's Decimal.
///
/// The store holds the ECB history (1999–2026) and, imported after it, an
/// ExchangeRate-API snapshot of 2024-03-13 in USD: that day its rates replace the ECB's,
/// and it is the only source of the currencies the ECB does not quote (AED among them).
/// Dates are drawn up to 2026-06-23, before the compiled-in snapshot of a new store.
/// Each seed makes a few hundred cases, run as one script (a line each) by one process.
@Suite struct RatesPropertyTests {
  static let fixtures = CofferProcess.fixtures

  /// The local currencies tried: the pivot, the default, an ECB one, a JSON-only one.
  static let locals = ["EUR", "CNY", "USD", "AED"]
  static let catalog =
    "CNY USD EUR JPY GBP HKD MOP TWD KRW SGD AUD NZD CAD CHF SEK NOK DKK PLN CZK HUF RUB TRY ILS AED SAR QAR KWD INR PKR NPR THB MYR IDR PHP VND KHR MNT BND RSD BRL MXN ZAR"
    .split(separator: " ").map(String.init)
  static func minorUnits(_ code: String) -> Int {
    ["JPY", "KRW", "VND"].contains(code) ? 0 : code == "KWD" ? 3 : 2
  }

  // MARK: - The oracle

  /// Per currency, its rates per euro by day number, sorted: the ECB history with the
  /// JSON snapshot's day replacing the ECB's for every currency it has.
  static let history: [String: [(day: Int, perEuro: Decimal)]] = {
    var byCode: [String: [Int: Decimal]] = [:]
    for (date, row) in RatesTests.history {
      guard let day = dayNumber(date) else { continue }
      for (code, text) in row where catalog.contains(code) {
        if let value = Decimal(string: text.trimmingCharacters(in: .whitespaces)), value > 0 {
          byCode[code, default: [:]][day] = value
        }
      }
    }
    // The snapshot: r(X) = (X per USD) ÷ (EUR per USD), to 30 significant digits as
    // every conversion of a snapshot to the euro pivot is.
    let json =
      try! JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: fixtures + "/rates-usd-2024-03-13.json"))) as! [String: Any]
    let rates = json["conversion_rates"] as! [String: NSNumber]
    let euro = Decimal(string: rates["EUR"]!.stringValue)!
    let day = dayNumber("2024-03-13")!
    for (code, number) in rates where catalog.contains(code) && code != "EUR" {
      byCode[code, default: [:]][day] = significant(Decimal(string: number.stringValue)! / euro, 30)
    }
    return byCode.mapValues { $0.sorted { $0.key < $1.key }.map { (day: $0.key, perEuro: $0.value) } }
  }()

  static func dayNumber(_ text: String) -> Int? {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    var components = DateComponents()
    (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard let date = calendar.date(from: components) else { return nil }
    return Int(date.timeIntervalSince1970 / 86_400)
  }

  static func date(_ day: Int) -> String {
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
  }

  /// The rate of `code` per euro in use on `day`: the latest dated on or before it.
  static func perEuro(_ code: String, on day: Int) -> Decimal? {
    if code == "EUR" { return 1 }
    return history[code]?.last { $0.day <= day }?.perEuro
  }

  static func rounded(_ value: Decimal, places: Int) -> Decimal {
    var value = value
    var result = Decimal()
    NSDecimalRound(&result, &value, places, .plain)
    return result
  }

  /// `value` to `digits` significant digits, half away from zero.
  static func significant(_ value: Decimal, _ digits: Int) -> Decimal {
    guard value != 0 else { return 0 }
    let magnitude = value < 0 ? -value : value
    // The position of the first significant digit: 10^exponent <= magnitude.
    var exponent = 0
    var scaled = magnitude
    while scaled >= 10 {
      scaled /= 10
      exponent += 1
    }
    while scaled < 1 {
      scaled *= 10
      exponent -= 1
    }
    return rounded(value, places: digits - 1 - exponent)
  }

  /// Local units per one unit of `code` on `day`, or what is missing.
  enum Factor {
    case value(Decimal)
    case noLocal
    case noRate
  }

  static func factor(_ code: String, in local: String, on day: Int) -> Factor {
    if code == local { return .value(1) }
    guard let localRate = perEuro(local, on: day) else { return .noLocal }
    guard let rate = perEuro(code, on: day) else { return .noRate }
    return .value(significant(localRate / rate, 30))
  }

  // MARK: - Cases

  /// A small seeded generator (SplitMix64), so a failing seed replays exactly.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  }

  /// A line of the script and what it must print: a number, or an error message.
  struct Case {
    var line: String
    var expected: Result<Decimal, Message>
  }

  struct Message: Error, Equatable { let text: String }

  static let firstDay = dayNumber("1998-12-01")!
  static let lastDay = dayNumber("2026-06-23")!

  static func cases(seed: UInt64, count: Int) -> [Case] {
    var random = Generator(state: seed)
    var cases: [Case] = []
    var local = "CNY"
    var held: [String: Decimal] = [:]
    for _ in 0..<count {
      if random.below(20) == 0 {
        local = random.pick(locals)
        cases.append(Case(line: "local \(local)", expected: .failure(Message(text: ""))))
      }
      let day = firstDay + random.below(lastDay - firstDay + 1)
      let when = date(day)
      switch random.below(3) {
      case 0:
        let code = random.pick(catalog.filter { $0 != local })
        let expected: Result<Decimal, Message> =
          switch factor(code, in: local, on: day) {
          case .value(let value): .success(rounded(value, places: 10))
          case .noLocal: .failure(Message(text: "rate_at(): no \(local) (local) rate on \(when)"))
          case .noRate: .failure(Message(text: "rate_at(): no rate for \(code) on \(when)"))
          }
        cases.append(Case(line: "print rate_at(\(code), \(when))", expected: expected))
      case 1:
        let from = random.pick(catalog)
        let to = random.pick(catalog.filter { $0 != from })
        let amount = Decimal(random.below(100_000_000)) / 100
        let fromRate = perEuro(from, on: day)
        let toRate = perEuro(to, on: day)
        let expected: Result<Decimal, Message>
        if let fromRate, let toRate {
          expected = .success(rounded(amount * significant(toRate / fromRate, 30), places: minorUnits(to)))
        } else {
          let missing = [from, to].filter { perEuro($0, on: day) == nil }
          expected = .failure(
            Message(
              text: missing.contains(local)
                ? "no \(local) (local) rate on \(when)" : "no rate for \(missing.joined(separator: ", ")) on \(when)"))
        }
        cases.append(Case(line: "convert \(amount) \(from) \(to) at \(when) --format plain", expected: expected))
      default:
        // New holdings: the last case's set back to 0, then a handful of amounts.
        var sets = held.keys.sorted().map { "set \($0) 0" }
        held = [:]
        for _ in 0..<(1 + random.below(5)) {
          let code = random.pick(catalog)
          let places = minorUnits(code)
          var scale = Decimal(1)
          for _ in 0..<places { scale *= 10 }
          let amount = Decimal(random.below(1_000_000_000)) / scale
          held[code] = amount
          sets.append("set \(code) \(amount)")
        }
        var sum = Decimal(0)
        var missing: [String] = []
        var localMissing = false
        for code in catalog where (held[code] ?? 0) != 0 {
          switch factor(code, in: local, on: day) {
          case .value(let value): sum += held[code]! * value
          case .noLocal: localMissing = true
          case .noRate: missing.append(code)
          }
        }
        let expected: Result<Decimal, Message> =
          localMissing
          ? .failure(Message(text: "total_valued_at(): no \(local) (local) rate on \(when)"))
          : missing.isEmpty
            ? .success(rounded(sum, places: minorUnits(local)))
            : .failure(Message(text: "total_valued_at(): no rate on \(when) for \(missing.joined(separator: ", "))"))
        cases.append(
          Case(line: sets.joined(separator: "; ") + "; print total_valued_at(\(when))", expected: expected))
      }
    }
    return cases
  }

  // MARK: - The property

  /// One store for every seed: the history and the snapshot imported once.
  static let store: String? = {
    guard let coffer = try? CofferProcess.forTheWholeRun() else { return nil }
    let path = coffer.home + "/property.db"
    let imported = try? coffer.run([
      "--db", path, "-c",
      "rates import \(fixtures)/eurofxref-hist.zip; rates import \"\(fixtures)/rates-usd-2024-03-13.json\"",
    ])
    return imported?.status == 0 ? path : nil
  }()

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func conversionsAndTotalsMatchValuesComputedFromTheRawFiles(seed: UInt64) throws {
    let store = try #require(Self.store, "the history imports")
    let cases = Self.cases(seed: seed, count: 250)
    let coffer = try CofferProcess()
    // A copy per seed: each script changes the holdings and the local currency.
    let path = coffer.home + "/seed-\(seed).db"
    try FileManager.default.copyItem(atPath: store, toPath: path)
    let script = try coffer.write("cases-\(seed).coffer", cases.map(\.line).joined(separator: "\n") + "\n")
    let outcome = try coffer.run(["--db", path, "--keep-going", script])
    // An error names its line: "cases.coffer:LINE:COLUMN: error: MESSAGE".
    var errors: [Int: String] = [:]
    for line in outcome.stderr.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let number = Int(parts[1]), let marker = line.range(of: ": error: ") else { continue }
      errors[number] = String(line[marker.upperBound...])
    }
    var printed = outcome.stdout.split(separator: "\n").makeIterator()
    var checked = 0
    for (index, testCase) in cases.enumerated() where !testCase.line.hasPrefix("local ") {
      let error = errors[index + 1]
      switch testCase.expected {
      case .success(let value):
        #expect(error == nil, "line \(index + 1) `\(testCase.line)` failed: \(error ?? "")")
        guard error == nil, let text = printed.next() else { continue }
        #expect(Decimal(string: String(text)) == value, "line \(index + 1) `\(testCase.line)`: \(text), not \(value)")
      case .failure(let message):
        #expect(
          error == message.text, "line \(index + 1) `\(testCase.line)`: \(error ?? "no error"), not \(message.text)")
      }
      checked += 1
    }
    #expect(printed.next() == nil, "nothing printed past the cases")
    #expect(checked >= 200)
  }
}

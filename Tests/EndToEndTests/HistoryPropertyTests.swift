import Foundation
import Testing

/// The holdings through time, through the binary: a random balance history written down
/// with dated sets, then dated questions on hundreds of random dates — the amount and
/// value of a currency as held, the total as held, `total by` rows with their split, and
/// `holdings from … to` — each checked against values computed here from the raw ECB
/// history and the ExchangeRate-API snapshot with Foundation's Decimal (the oracle of
/// `RatesPropertyTests`), for several local currencies, among them one (AED) that has a
/// rate on two days only.
@Suite struct HistoryPropertyTests {
  typealias Oracle = RatesPropertyTests

  /// The currencies balances are written for: ECB ones, the pivot, and two (TWD, AED)
  /// whose only rates are the snapshot's, so that most dates lack them.
  static let codes = ["USD", "JPY", "GBP", "EUR", "CNY", "KWD", "CHF", "TWD", "AED"]
  static let locals = ["CNY", "EUR", "USD", "AED"]
  /// Balances and questions fall between the first ECB day and the day before the
  /// compiled-in snapshot of a new store.
  static let firstDay = Oracle.dayNumber("1999-01-04")!
  static let lastDay = Oracle.dayNumber("2026-06-23")!

  /// A balance history: per currency, its balances by day.
  struct History {
    var balances: [String: [(day: Int, amount: Decimal)]] = [:]

    func amount(_ code: String, on day: Int) -> Decimal {
      balances[code]?.filter { $0.day <= day }.max { $0.day < $1.day }?.amount ?? 0
    }

    func amounts(on day: Int) -> [String: Decimal] {
      var held: [String: Decimal] = [:]
      for code in HistoryPropertyTests.codes {
        let amount = amount(code, on: day)
        if amount != 0 { held[code] = amount }
      }
      return held
    }
  }

  static func randomAmount(_ code: String, _ random: inout Oracle.Generator) -> Decimal {
    if random.below(8) == 0 { return 0 }
    var scale = Decimal(1)
    for _ in 0..<Oracle.minorUnits(code) { scale *= 10 }
    return Decimal(random.below(2_000_000_000)) / scale
  }

  /// The script that writes the history down, in a shuffled order (one balance per
  /// currency and day: their order must not matter), and the history.
  static func history(seed: UInt64) -> (lines: [String], history: History) {
    var random = Oracle.Generator(state: seed &* 7919)
    var history = History()
    var lines: [String] = []
    var taken = Set<String>()
    for _ in 0..<60 {
      let code = random.pick(codes)
      let day = firstDay + random.below(lastDay - firstDay + 1)
      guard taken.insert("\(code) \(day)").inserted else { continue }
      let amount = randomAmount(code, &random)
      history.balances[code, default: []].append((day, amount))
      lines.append(
        amount == 0 && random.below(2) == 0
          ? "clear \(code) at \(Oracle.date(day))" : "set \(code) \(amount) at \(Oracle.date(day))")
    }
    for index in lines.indices.reversed() {
      lines.swapAt(index, random.below(index + 1))
    }
    return (lines, history)
  }

  /// Local units per unit of `code` on `day`, or what is missing.
  static func factor(_ code: String, _ local: String, _ day: Int) -> Oracle.Factor {
    Oracle.factor(code, in: local, on: day)
  }

  /// The total as held on `day` in `local`: the value, or the error `total_at()` gives.
  static func total(_ history: History, _ local: String, _ day: Int) -> (value: Decimal, missing: [String], local: Bool)
  {
    var sum = Decimal(0)
    var missing: [String] = []
    var localMissing = false
    for code in Oracle.catalog {
      guard let amount = history.amounts(on: day)[code] else { continue }
      switch factor(code, local, day) {
      case .value(let value): sum += amount * value
      case .noLocal:
        localMissing = true
        missing.append(code)
      case .noRate: missing.append(code)
      }
    }
    return (Oracle.rounded(sum, places: Oracle.minorUnits(local)), missing, localMissing)
  }

  // MARK: - One-line questions

  static func cases(_ history: History, local: String, seed: UInt64, count: Int) -> [RatesPropertyTests.Case] {
    var random = Oracle.Generator(state: seed &* 104_729)
    var cases: [RatesPropertyTests.Case] = []
    for _ in 0..<count {
      // Dates near the balances' own days too, where an off-by-one would show.
      var day = firstDay + random.below(lastDay - firstDay + 1)
      let written = history.balances.values.flatMap { $0 }
      if random.below(3) == 0, !written.isEmpty {
        day = min(lastDay, max(firstDay, random.pick(written).day + random.below(3) - 1))
      }
      let when = Oracle.date(day)
      let code = random.pick(codes)
      switch random.below(3) {
      case 0:
        cases.append(
          .init(line: "print amount_at(\(code), \(when))", expected: .success(history.amount(code, on: day))))
      case 1:
        let amount = history.amount(code, on: day)
        let expected: Result<Decimal, RatesPropertyTests.Message>
        if amount == 0 {
          expected = .success(0)
        } else {
          switch factor(code, local, day) {
          case .value(let value): expected = .success(Oracle.rounded(amount * value, places: Oracle.minorUnits(local)))
          case .noLocal: expected = .failure(.init(text: "value_at(): no \(local) (local) rate on \(when)"))
          case .noRate: expected = .failure(.init(text: "value_at(): no rate for \(code) on \(when)"))
          }
        }
        cases.append(.init(line: "print value_at(\(code), \(when))", expected: expected))
      default:
        let total = total(history, local, day)
        let expected: Result<Decimal, RatesPropertyTests.Message> =
          total.local
          ? .failure(.init(text: "total_at(): no \(local) (local) rate on \(when)"))
          : total.missing.isEmpty
            ? .success(total.value)
            : .failure(.init(text: "total_at(): no rate on \(when) for \(total.missing.joined(separator: ", "))"))
        cases.append(.init(line: "print total_at(\(when))", expected: expected))
      }
    }
    return cases
  }

  // MARK: - total by and holdings from

  /// The row dates of `total by PERIOD from A to B`: each period's last day from the one
  /// holding A, then B.
  static func rowDays(_ period: String, from: Int, to: Int) -> [Int] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    func end(of day: Int) -> Int {
      let date = Date(timeIntervalSince1970: Double(day) * 86_400)
      var components = calendar.dateComponents([.year, .month], from: date)
      switch period {
      case "year": components.month = 12
      case "quarter": components.month = (components.month! + 2) / 3 * 3
      default: break
      }
      components.day = 1
      let first = calendar.date(from: components)!
      let last = calendar.date(byAdding: DateComponents(month: 1, day: -1), to: first)!
      return Int(last.timeIntervalSince1970 / 86_400)
    }
    var days: [Int] = []
    var day = end(of: from)
    while day < to {
      days.append(day)
      day = end(of: day + 1)
    }
    return days + [to]
  }

  /// The expected CSV rows of `total by`: date, total, change, rates, edits, partial, missing.
  static func movementRows(_ history: History, _ local: String, _ days: [Int]) -> [[String]] {
    var rows: [[String]] = []
    var previous: (day: Int, total: (value: Decimal, missing: [String], local: Bool))?
    for day in days {
      let total = total(history, local, day)
      var change = ""
      var rates = ""
      var edits = ""
      if let previous, previous.total.missing.isEmpty, total.missing.isEmpty {
        var sum = Decimal(0)
        for (code, amount) in history.amounts(on: previous.day) {
          guard case .value(let p0) = factor(code, local, previous.day), case .value(let p1) = factor(code, local, day)
          else { continue }
          sum += amount * (p1 - p0)
        }
        let split = Oracle.rounded(sum, places: Oracle.minorUnits(local))
        change = "\(total.value - previous.total.value)"
        rates = "\(split)"
        edits = "\(total.value - previous.total.value - split)"
      }
      rows.append([
        Oracle.date(day), "\(total.value)", change, rates, edits, total.missing.isEmpty ? "no" : "yes",
        Oracle.catalog.filter { total.missing.contains($0) }.joined(separator: " "),
      ])
      previous = (day, total)
    }
    return rows
  }

  /// Decimal text compared by value ("1.50" is "1.5"), other text as it is.
  static func same(_ actual: [String], _ expected: [String]) -> Bool {
    guard actual.count == expected.count else { return false }
    return zip(actual, expected).allSatisfy { actual, expected in
      let isDate = actual.count == 10 && actual.dropFirst(4).first == "-"
      if !isDate, !actual.isEmpty, !expected.isEmpty, let left = Decimal(string: actual),
        let right = Decimal(string: expected)
      {
        return left == right
      }
      return actual == expected
    }
  }

  // MARK: - The property

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func datedAnswersMatchValuesComputedFromTheRawFiles(seed: UInt64) throws {
    let store = try #require(RatesPropertyTests.store, "the history imports")
    let coffer = try CofferProcess()
    let path = coffer.home + "/history-\(seed).db"
    try FileManager.default.copyItem(atPath: store, toPath: path)
    let (lines, history) = Self.history(seed: seed)
    let local = Self.locals[Int(seed) % Self.locals.count]
    let written = try coffer.run(["--db", path, "-c", (lines + ["local \(local)"]).joined(separator: "\n")])
    #expect(written.status == 0, "\(written)")

    // One-line questions, in a second process: what was saved is what is read.
    let cases = Self.cases(history, local: local, seed: seed, count: 250)
    let script = try coffer.write("cases-\(seed).coffer", cases.map(\.line).joined(separator: "\n") + "\n")
    let outcome = try coffer.run(["--db", path, "--keep-going", script])
    var errors: [Int: String] = [:]
    for line in outcome.stderr.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let number = Int(parts[1]), let marker = line.range(of: ": error: ") else { continue }
      errors[number] = String(line[marker.upperBound...])
    }
    var printed = outcome.stdout.split(separator: "\n").makeIterator()
    for (index, testCase) in cases.enumerated() {
      let error = errors[index + 1]
      switch testCase.expected {
      case .success(let value):
        #expect(error == nil, "line \(index + 1) `\(testCase.line)` failed: \(error ?? "")")
        guard error == nil, let text = printed.next() else { continue }
        #expect(Decimal(string: String(text)) == value, "`\(testCase.line)`: \(text), not \(value)")
      case .failure(let message):
        #expect(error == message.text, "`\(testCase.line)`: \(error ?? "no error"), not \(message.text)")
      }
    }
    #expect(printed.next() == nil, "nothing printed past the cases")

    // total by, over random ranges and periods.
    var random = Oracle.Generator(state: seed &* 31)
    for _ in 0..<6 {
      let period = random.pick(["month", "quarter", "year"])
      let span = period == "month" ? 900 : period == "quarter" ? 3000 : 9000
      let from = Self.firstDay + random.below(Self.lastDay - Self.firstDay - span)
      let to = from + 1 + random.below(span)
      let command = "total by \(period) from \(Oracle.date(from)) to \(Oracle.date(to)) --format csv"
      let result = try coffer.run(["--db", path, "-c", command])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      let rows = result.stdout.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
      let expected = Self.movementRows(history, local, Self.rowDays(period, from: from, to: to))
      #expect(rows.count == expected.count, "\(command): \(rows.count) rows, not \(expected.count)")
      for (row, wanted) in zip(rows, expected) {
        #expect(Self.same(Array(row.prefix(7)), wanted), "\(command):\n  \(row)\n  \(wanted)")
        #expect(row.last == local)
      }
    }

    // holdings from … to: per currency, and the totals' split.
    for _ in 0..<6 {
      let from = Self.firstDay + random.below(Self.lastDay - Self.firstDay - 1)
      let to = from + 1 + random.below(Self.lastDay - from)
      let command = "holdings from \(Oracle.date(from)) to \(Oracle.date(to)) --format csv"
      let result = try coffer.run(["--db", path, "-c", command])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      let rows = result.stdout.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
      let before = history.amounts(on: from)
      let after = history.amounts(on: to)
      let held = Oracle.catalog.filter { before[$0] != nil || after[$0] != nil }
      #expect(rows.count == held.count + 1, "\(command)")
      let places = Oracle.minorUnits(local)
      for (row, code) in zip(rows, held) {
        let a0 = before[code] ?? 0
        let a1 = after[code] ?? 0
        let p0 = Self.factor(code, local, from)
        let p1 = Self.factor(code, local, to)
        func value(_ amount: Decimal, _ factor: Oracle.Factor) -> String {
          if amount == 0 { return "0" }
          if case .value(let p) = factor { return "\(Oracle.rounded(amount * p, places: places))" }
          return ""
        }
        var edits = ""
        var rates = ""
        if case .value(let p1) = p1 {
          let start: Decimal? = a0 == 0 ? p1 : { if case .value(let p0) = p0 { return p0 } else { return nil } }()
          if let start {
            edits = "\(Oracle.rounded((a1 - a0) * p1, places: places))"
            rates = "\(Oracle.rounded(a0 * (p1 - start), places: places))"
          }
        }
        let wanted = [code, "\(a0)", "\(a1)", value(a0, p0), value(a1, p1), edits, rates, local]
        #expect(Self.same(row, wanted), "\(command):\n  \(row)\n  \(wanted)")
      }
      let totals = Self.movementRows(history, local, [from, to])
      if let last = rows.last {
        let wanted = ["total", "", "", totals[0][1], totals[1][1], totals[1][4], totals[1][3], local]
        #expect(Self.same(last, wanted), "\(command): totals\n  \(last)\n  \(wanted)")
      }
    }
  }
}

/// The rules of SPEC §12 that look at rates one after another: a jump (b), a rate of
/// exactly 1 (c), a pegged unit outside its band (d), two sources apart (e). It is shown
/// rates in day order (an import's walk through the days it writes, `check rates`'s walk
/// through the stored days), each as its own base gives it, and keeps the previous rate
/// of each unit in each base.
///
/// At the door only what the new rates change is judged: a comparison is made when one
/// of its two rates is new. `check rates` shows every rate as new.
package struct RateChecker {
  package struct Rules: Sendable, Equatable {
    /// `rates max-jump`, in percent.
    package var maxJump: DecimalValue
    package var pegs: Pegs
    /// Rows accepted past a finding: they raise none again.
    package var accepted: Set<AcceptedRate>

    package init(maxJump: DecimalValue = Rules.defaultMaxJump, pegs: Pegs = Pegs(), accepted: Set<AcceptedRate> = []) {
      self.maxJump = maxJump
      self.pegs = pegs
      self.accepted = accepted
    }

    package static let defaultMaxJump = DecimalValue(uncheckedCoefficient: 50, scale: 0)
  }

  /// A rate as the checker is shown it.
  package struct Observation {
    package var row: RateRow
    /// Units of `row.unit` per euro, for comparing sources in different bases and a peg;
    /// nil for a quote.
    package var perEuro: DecimalValue?
    /// Whether this rate is one the caller is adding (or, in `check rates`, any rate).
    package var isNew: Bool

    package init(_ row: RateRow, perEuro: DecimalValue?, isNew: Bool) {
      self.row = row
      self.perEuro = perEuro
      self.isNew = isNew
    }
  }

  /// A series: one unit in one base, in one direction.
  private struct Series: Hashable {
    var unit: Currency
    var base: Currency
    var isQuote: Bool
  }

  /// How far back a previous rate is compared with: a longer gap is no comparison.
  package static let jumpWindow = 31
  /// How close to the previous rate a rate of exactly 1 may be: 0.5%.
  static let exactlyOneTolerance = DecimalValue(uncheckedCoefficient: 5, scale: 3)
  /// How far apart two sources may be on one day: 2%.
  static let sourcesTolerance = DecimalValue(uncheckedCoefficient: 2, scale: 2)

  package let rules: Rules
  package private(set) var findings: [RateFinding] = []
  /// Per series, its latest rate of a day before the one being shown, and the rates of
  /// the day being shown (moved to `previous` when the day changes). A rate in euros,
  /// nearly every one an import shows, is kept by its unit's index rather than hashed.
  private var previous: [Series: Observation] = [:]
  private var ofTheDay: [Series: Observation] = [:]
  private var previousInEuros: [Observation?] = Array(repeating: nil, count: Currency.indexCount)
  private var ofTheDayInEuros: [Observation?] = Array(repeating: nil, count: Currency.indexCount)
  /// Per unit index, the pivot rates shown for the current day, by source: for rule (e).
  private var sourcesOfTheDay: [[Observation]] = Array(repeating: [], count: Currency.indexCount)
  /// The unit indexes the current day has touched in the arrays above.
  private var touched: [Int] = []
  private var day = Int.min

  /// 1 + max-jump / 100: a value more than this many times the other is a jump.
  private let jumpFactor: DecimalValue

  package init(rules: Rules) {
    self.rules = rules
    jumpFactor = (try? (DecimalValue(100) + rules.maxJump) / DecimalValue(100)) ?? DecimalValue(2)
  }

  /// Makes `observation` the previous rate of its series without judging it: what was
  /// in use before the first day shown.
  package mutating func seed(_ observation: Observation) {
    let series = Series(unit: observation.row.unit, base: observation.row.base, isQuote: observation.row.isQuote)
    if Self.inEuros(observation.row) {
      let index = observation.row.unit.index
      if let known = previousInEuros[index], known.row.date >= observation.row.date { return }
      previousInEuros[index] = observation
      return
    }
    if let known = previous[series], known.row.date >= observation.row.date { return }
    previous[series] = observation
  }

  /// Judges one rate against the previous of its series and the other sources of its day.
  /// Rates must come in day order.
  package mutating func observe(_ observation: Observation) {
    let row = observation.row
    let dayNumber = row.date.dayNumber
    if dayNumber != day {
      for (series, latest) in ofTheDay { previous[series] = latest }
      ofTheDay.removeAll(keepingCapacity: true)
      for index in touched {
        if let latest = ofTheDayInEuros[index] { previousInEuros[index] = latest }
        ofTheDayInEuros[index] = nil
        sourcesOfTheDay[index].removeAll(keepingCapacity: true)
      }
      touched.removeAll(keepingCapacity: true)
      day = dayNumber
    }
    let index = row.unit.index
    let inEuros = Self.inEuros(row)
    let series = Series(unit: row.unit, base: row.base, isQuote: row.isQuote)
    let before = inEuros ? previousInEuros[index] : previous[series]
    if row.unit != row.base {
      judge(observation, after: before)
    }
    if inEuros {
      if ofTheDayInEuros[index] == nil && sourcesOfTheDay[index].isEmpty { touched.append(index) }
      ofTheDayInEuros[index] = observation
    } else {
      ofTheDay[series] = observation
    }
    if let perEuro = observation.perEuro, !row.isQuote {
      for other in sourcesOfTheDay[index] where other.row.source != row.source {
        guard observation.isNew || other.isNew, let otherPerEuro = other.perEuro, !isAccepted(row),
          Self.apart(perEuro, otherPerEuro, moreThan: Self.sourcesTolerance)
        else { continue }
        findings.append(RateFinding(.sourcesDisagree, row, other: other.row))
      }
      if sourcesOfTheDay[index].isEmpty && ofTheDayInEuros[index] == nil { touched.append(index) }
      sourcesOfTheDay[index].append(observation)
    }
  }

  /// A rate given per euro, the series kept by index.
  private static func inEuros(_ row: RateRow) -> Bool { !row.isQuote && row.base == Catalog.eur }

  /// Judges a pivot rate of a pegged unit against its peg: `anchorPerEuro` is the
  /// anchor's rate per euro on that day.
  package mutating func judgeBand(_ observation: Observation, anchorPerEuro: DecimalValue?) {
    let row = observation.row
    guard observation.isNew, !isAccepted(row), let peg = rules.pegs.peg(of: row.unit, on: row.date),
      let perEuro = observation.perEuro, let anchorPerEuro, anchorPerEuro > .zero,
      let implied = try? (perEuro / anchorPerEuro).rounded(toSignificantDigits: 30)
    else { return }
    if !peg.allows(implied) {
      findings.append(
        RateFinding(.outsideBand(peg: peg), row, detail: implied.rounded(toSignificantDigits: 6).description))
    }
  }

  /// Adds a finding found elsewhere (a stale rate).
  package mutating func add(_ finding: RateFinding) { findings.append(finding) }

  private func isAccepted(_ row: RateRow) -> Bool {
    !rules.accepted.isEmpty && rules.accepted.contains(row.key)
  }

  private mutating func judge(_ observation: Observation, after before: Observation?) {
    let row = observation.row
    let isNew = observation.isNew || before?.isNew == true
    guard isNew, !isAccepted(row) else { return }
    if row.value == .one {
      // (c): exactly 1, unless pegged at 1 or within 0.5% of the previous rate.
      if rules.pegs.peggedAtOne(row.unit, on: row.date) { return }
      if let before, !Self.apart(row.value, before.row.value, moreThan: Self.exactlyOneTolerance) { return }
      findings.append(RateFinding(.exactlyOne, row, other: before?.row))
      return
    }
    // (b): a jump from the previous rate within 31 days.
    guard let before, row.date.dayNumber - before.row.date.dayNumber <= Self.jumpWindow else { return }
    if Self.apart(row.value, before.row.value, moreThanFactor: jumpFactor) {
      findings.append(RateFinding(.jump(maxJump: rules.maxJump), row, other: before.row))
    }
  }

  /// Whether the larger of two positive values is more than `factor` times the smaller.
  static func apart(_ one: DecimalValue, _ other: DecimalValue, moreThanFactor factor: DecimalValue) -> Bool {
    let (large, small) = one > other ? (one, other) : (other, one)
    guard let limit = try? small * factor else { return false }
    return large > limit
  }

  /// Whether two positive values differ by more than `tolerance` of the smaller.
  static func apart(_ one: DecimalValue, _ other: DecimalValue, moreThan tolerance: DecimalValue) -> Bool {
    guard let factor = try? DecimalValue.one + tolerance else { return false }
    return apart(one, other, moreThanFactor: factor)
  }
}

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
    var unit: Int32
    var base: Int32
    var isQuote: Bool
  }

  /// A rate as the checker keeps it: numbers only (its source by number in `sources`), so
  /// that an import's walk through 177,000 rates copies no strings and builds no rows. A
  /// `RateRow` is made only for a finding.
  package struct Seen {
    /// In its own base.
    var value: DecimalValue
    /// Units of the unit per euro (for sources in different bases and a peg); nil for a quote.
    var perEuro: DecimalValue?
    var day: Int32
    var source: Int32
    /// Whether the caller is adding this rate (or, in `check rates`, any rate).
    var isNew: Bool
  }

  /// How far back a previous rate is compared with: a longer gap is no comparison.
  package static let jumpWindow = 31
  /// How close to the previous rate a rate of exactly 1 may be: 0.5%.
  static let exactlyOneTolerance = DecimalValue(uncheckedCoefficient: 5, scale: 3)
  /// How far apart two sources may be on one day: 2%.
  static let sourcesTolerance = DecimalValue(uncheckedCoefficient: 2, scale: 2)

  package let rules: Rules
  package private(set) var findings: [RateFinding] = []
  /// The sources' names, numbered as `Seen.source` numbers them.
  private var sources = SourceNames()
  /// Per series, its latest rate of a day before the one being shown, and the rates of
  /// the day being shown (moved to `previous` when the day changes). A rate in euros,
  /// nearly every one an import shows, is kept by its unit's index rather than hashed.
  private var previous: [Series: Seen] = [:]
  private var ofTheDay: [Series: Seen] = [:]
  private var previousInEuros: [Seen?] = Array(repeating: nil, count: Currency.indexCount)
  private var ofTheDayInEuros: [Seen?] = Array(repeating: nil, count: Currency.indexCount)
  /// Per unit index, the rates in euros (or with a rate per euro) shown for the current
  /// day, with their series' base: for rule (e).
  /// Per unit index, the day's other rates of it (those `ofTheDayInEuros` no longer
  /// holds, and those in other bases): rare, so kept apart from the arrays a day of one
  /// rate a unit touches, and looked up only where `hasOthers` says.
  private var sourcesOfTheDay: [Int: [(base: Int32, seen: Seen)]] = [:]
  private var hasOthers = [Bool](repeating: false, count: Currency.indexCount)
  /// The unit indexes the current day has touched in the arrays above.
  private var touched: [Int] = []
  private var day = Int32.min

  /// 1 + max-jump / 100: a value more than this many times the other is a jump.
  private let jumpFactor: DecimalValue
  private static let euro = Int32(Catalog.eur.index)

  package init(rules: Rules) {
    self.rules = rules
    // Normalized: the quotient has 38 digits (1.5000…), and a product with it would not
    // fit 128 bits; 1.5 multiplies a rate cheaply.
    jumpFactor = (try? (DecimalValue(100) + rules.maxJump) / DecimalValue(100))?.normalized ?? DecimalValue(2)
  }

  /// The number `Seen.source` gives the source `name`.
  package mutating func sourceNumber(of name: String) -> Int32 {
    Int32(sources.number(of: name))
  }

  /// A rate as a caller gives it, as the checker keeps it.
  private mutating func seen(_ observation: Observation) -> (Series, Seen) {
    let row = observation.row
    let series = Series(unit: Int32(row.unit.index), base: Int32(row.base.index), isQuote: row.isQuote)
    let seen = Seen(
      value: row.value, perEuro: observation.perEuro, day: Int32(row.date.dayNumber),
      source: sourceNumber(of: row.source), isNew: observation.isNew)
    return (series, seen)
  }

  /// The row a finding names.
  private func row(_ series: Series, _ seen: Seen) -> RateRow {
    RateRow(
      unit: Currency.at(Int(series.unit)) ?? Catalog.eur, base: Currency.at(Int(series.base)) ?? Catalog.eur,
      date: CalendarDate(dayNumber: Int(seen.day)) ?? .first, value: seen.value, source: sources.name(Int(seen.source)),
      isQuote: series.isQuote)
  }

  /// Makes `observation` the previous rate of its series without judging it: what was
  /// in use before the first day shown.
  package mutating func seed(_ observation: Observation) {
    let (series, seen) = seen(observation)
    seed(series, seen)
  }

  /// `seed` for a rate per euro.
  package mutating func seed(euro unit: Int, _ seen: Seen) {
    seed(Series(unit: Int32(unit), base: Self.euro, isQuote: false), seen)
  }

  private mutating func seed(_ series: Series, _ seen: Seen) {
    if Self.inEuros(series) {
      let index = Int(series.unit)
      if let known = previousInEuros[index], known.day >= seen.day { return }
      previousInEuros[index] = seen
      return
    }
    if let known = previous[series], known.day >= seen.day { return }
    previous[series] = seen
  }

  /// Judges one rate against the previous of its series and the other sources of its day.
  /// Rates must come in day order.
  package mutating func observe(_ observation: Observation) {
    let (series, seen) = seen(observation)
    observe(series, seen)
  }

  /// `observe` for a rate per euro of the unit at `unit`: what an import's walk shows.
  package mutating func observe(euro unit: Int, _ seen: Seen) {
    observe(Series(unit: Int32(unit), base: Self.euro, isQuote: false), seen)
  }

  /// A rate per euro, as `observe(euro:_:)` takes it; `source` numbered by `sourceNumber`.
  package static func seen(perEuro: DecimalValue, day: Int, source: Int32, isNew: Bool) -> Seen {
    Seen(value: perEuro, perEuro: perEuro, day: Int32(day), source: source, isNew: isNew)
  }

  private mutating func observe(_ series: Series, _ seen: Seen) {
    if seen.day != day {
      for (known, latest) in ofTheDay { previous[known] = latest }
      ofTheDay.removeAll(keepingCapacity: true)
      for index in touched {
        if let latest = ofTheDayInEuros[index] { previousInEuros[index] = latest }
        ofTheDayInEuros[index] = nil
        if hasOthers[index] {
          hasOthers[index] = false
          sourcesOfTheDay[index] = nil
        }
      }
      touched.removeAll(keepingCapacity: true)
      day = seen.day
    }
    let index = Int(series.unit)
    let inEuros = Self.inEuros(series)
    if series.unit != series.base {
      judge(series, seen, after: inEuros ? previousInEuros[index] : previous[series])
    }
    // The day's rates of this unit so far: the latest in euros, and the others (earlier
    // ones in euros, those in other bases). Most days have one, and keep no list.
    let latestInEuros = ofTheDayInEuros[index]
    let untouched = latestInEuros == nil && !hasOthers[index]
    if seen.perEuro != nil, !series.isQuote {
      if hasOthers[index] {
        for other in sourcesOfTheDay[index] ?? [] { compareSources(series, seen, with: other.base, other.seen) }
      }
      if let latestInEuros { compareSources(series, seen, with: Self.euro, latestInEuros) }
    }
    if inEuros {
      if let latestInEuros { addOther(index, Self.euro, latestInEuros) }
      ofTheDayInEuros[index] = seen
    } else {
      ofTheDay[series] = seen
      if seen.perEuro != nil { addOther(index, series.base, seen) }
    }
    if untouched && (inEuros || seen.perEuro != nil) { touched.append(index) }
  }

  private mutating func addOther(_ index: Int, _ base: Int32, _ seen: Seen) {
    hasOthers[index] = true
    sourcesOfTheDay[index, default: []].append((base, seen))
  }

  /// (e): two sources of one day more than 2% apart, when either is new.
  private mutating func compareSources(_ series: Series, _ seen: Seen, with base: Int32, _ other: Seen) {
    guard other.source != seen.source, seen.isNew || other.isNew, let perEuro = seen.perEuro,
      let otherPerEuro = other.perEuro, !isAccepted(series, seen),
      Self.apart(perEuro, otherPerEuro, moreThan: Self.sourcesTolerance)
    else { return }
    let otherSeries = Series(unit: series.unit, base: base, isQuote: false)
    findings.append(RateFinding(.sourcesDisagree, row(series, seen), other: row(otherSeries, other)))
  }

  /// A rate given per euro, the series kept by index.
  private static func inEuros(_ series: Series) -> Bool { !series.isQuote && series.base == euro }

  /// Judges a pivot rate of a pegged unit against its peg: `anchorPerEuro` is the
  /// anchor's rate per euro on that day.
  package mutating func judgeBand(_ observation: Observation, anchorPerEuro: DecimalValue?) {
    let (series, seen) = seen(observation)
    judgeBand(series, seen, anchorPerEuro: anchorPerEuro)
  }

  /// `judgeBand` for a rate per euro.
  package mutating func judgeBand(euro unit: Int, _ seen: Seen, anchorPerEuro: DecimalValue?) {
    judgeBand(Series(unit: Int32(unit), base: Self.euro, isQuote: false), seen, anchorPerEuro: anchorPerEuro)
  }

  private mutating func judgeBand(_ series: Series, _ seen: Seen, anchorPerEuro: DecimalValue?) {
    guard seen.isNew, !isAccepted(series, seen), let unit = Currency.at(Int(series.unit)),
      let date = CalendarDate(dayNumber: Int(seen.day)), let peg = rules.pegs.peg(of: unit, on: date),
      let perEuro = seen.perEuro, let anchorPerEuro, anchorPerEuro > .zero,
      let implied = try? (perEuro / anchorPerEuro).rounded(toSignificantDigits: 30)
    else { return }
    if !peg.allows(implied) {
      findings.append(
        RateFinding(
          .outsideBand(peg: peg), row(series, seen), detail: implied.rounded(toSignificantDigits: 6).description))
    }
  }

  /// Adds a finding found elsewhere (a stale rate).
  package mutating func add(_ finding: RateFinding) { findings.append(finding) }

  private func isAccepted(_ series: Series, _ seen: Seen) -> Bool {
    guard !rules.accepted.isEmpty, let unit = Currency.at(Int(series.unit)), let base = Currency.at(Int(series.base))
    else { return false }
    return rules.accepted.contains(
      AcceptedRate(unit: unit, base: base, day: Int(seen.day), source: sources.name(Int(seen.source))))
  }

  private mutating func judge(_ series: Series, _ seen: Seen, after before: Seen?) {
    guard seen.isNew || before?.isNew == true, !isAccepted(series, seen) else { return }
    if seen.value.isOne {
      // (c): exactly 1, unless pegged at 1 or within 0.5% of the previous rate.
      if !rules.pegs.isEmpty, let unit = Currency.at(Int(series.unit)),
        let date = CalendarDate(dayNumber: Int(seen.day)), rules.pegs.peggedAtOne(unit, on: date)
      {
        return
      }
      if let before, !Self.apart(seen.value, before.value, moreThan: Self.exactlyOneTolerance) { return }
      findings.append(RateFinding(.exactlyOne, row(series, seen), other: before.map { row(series, $0) }))
      return
    }
    // (b): a jump from the previous rate within 31 days.
    guard let before, seen.day - before.day <= Self.jumpWindow else { return }
    if Self.apart(seen.value, before.value, moreThanFactor: jumpFactor) {
      findings.append(RateFinding(.jump(maxJump: rules.maxJump), row(series, seen), other: row(series, before)))
    }
  }

  /// Whether the larger of two positive values is more than `factor` times the smaller.
  static func apart(_ one: DecimalValue, _ other: DecimalValue, moreThanFactor factor: DecimalValue) -> Bool {
    DecimalValue.differ(one, other, byMoreThan: factor)
  }

  /// Whether two positive values differ by more than `tolerance` of the smaller.
  static func apart(_ one: DecimalValue, _ other: DecimalValue, moreThan tolerance: DecimalValue) -> Bool {
    guard let factor = try? DecimalValue.one + tolerance else { return false }
    return apart(one, other, moreThanFactor: factor)
  }
}

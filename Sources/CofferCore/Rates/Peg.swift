import CofferText

/// A unit that follows another at a fixed rate (`rates peg AED to USD at 3.6725`): 1
/// `anchor` = `rate` `unit` from `from` to `to`. Within those dates the peg values the
/// unit, and imported rates of it are only checked against the peg, `band` percent either
/// side (SPEC §12).
package struct Peg: Sendable, Equatable {
  package let unit: Currency
  package let anchor: Currency
  package let rate: DecimalValue
  package let band: DecimalValue
  package let from: CalendarDate
  package let to: CalendarDate

  /// The band a peg is checked with unless told: half a percent.
  package static let defaultBand = DecimalValue(uncheckedCoefficient: 5, scale: 1)

  package init(
    unit: Currency, anchor: Currency, rate: DecimalValue, band: DecimalValue = Peg.defaultBand,
    from: CalendarDate = .first, to: CalendarDate = .last
  ) {
    self.unit = unit
    self.anchor = anchor
    self.rate = rate
    self.band = band
    self.from = from
    self.to = to
  }

  package func covers(_ date: CalendarDate) -> Bool { from <= date && date <= to }

  /// Whether `implied` (units of `unit` per one `anchor`) is within the band of the peg's
  /// rate: |implied − rate| ≤ rate × band / 100.
  package func allows(_ implied: DecimalValue) -> Bool {
    guard let difference = try? implied - rate, let allowed = try? rate * band / DecimalValue(100) else { return true }
    let distance = difference < .zero ? (try? DecimalValue.zero - difference) ?? difference : difference
    return distance <= allowed
  }

  /// `AED to USD at 3.6725 band 0.5`, with its dates when it has any: as `rates pegs`
  /// lists it and `dump` writes it.
  package var statement: String {
    var words = "\(unit.code) to \(anchor.code) at \(rate) band \(band)"
    if from != .first { words += " from \(from)" }
    if to != .last { words += " to \(to)" }
    return words
  }
}

/// The pegs a store keeps, looked up by unit and date.
package struct Pegs: Sendable, Equatable {
  package private(set) var all: [Peg] = []

  package init(_ pegs: [Peg] = []) { all = pegs }

  package var isEmpty: Bool { all.isEmpty }

  /// The peg of `unit` in force on `date`.
  package func peg(of unit: Currency, on date: CalendarDate) -> Peg? {
    guard !all.isEmpty else { return nil }
    return all.first { $0.unit == unit && $0.covers(date) }
  }

  /// Whether `unit` is pegged at exactly 1 on `date` (to anything): rule (c) then does
  /// not apply.
  package func peggedAtOne(_ unit: Currency, on date: CalendarDate) -> Bool {
    peg(of: unit, on: date)?.rate == .one
  }

  /// Adds `peg`, replacing one of the same unit starting the same day; nil, or why not:
  /// its dates overlap another peg of the unit's, or it would make a cycle (a unit
  /// following, through its anchors, itself).
  package mutating func add(_ peg: Peg) -> String? {
    let others = all.filter { !($0.unit == peg.unit && $0.from == peg.from) }
    if let overlapping = others.first(where: { $0.unit == peg.unit && $0.from <= peg.to && peg.from <= $0.to }) {
      return tr(
        "{code} is already pegged to {anchor} over those dates ({command} first)",
        [
          "code": peg.unit.code, "anchor": overlapping.anchor.code,
          "command":
            "rates peg remove \(peg.unit.code)\(overlapping.from == .first ? "" : " from \(overlapping.from)")",
        ])
    }
    // Follow the anchors from `peg`'s: reaching its unit again is a cycle. A chain is at
    // most as long as the number of pegs.
    var anchor = peg.anchor
    var chain = [peg.unit.code, anchor.code]
    for _ in 0...others.count {
      if anchor == peg.unit {
        return tr(
          "a peg of {code} to {anchor} makes a cycle ({chain})",
          ["code": peg.unit.code, "anchor": peg.anchor.code, "chain": chain.joined(separator: " → ")])
      }
      guard let next = others.first(where: { $0.unit == anchor && $0.from <= peg.to && peg.from <= $0.to }) else {
        break
      }
      anchor = next.anchor
      chain.append(anchor.code)
    }
    all = (others + [peg]).sorted { ($0.unit.code, $0.from) < ($1.unit.code, $1.from) }
    return nil
  }

  /// Removes the pegs of `unit` (only the one starting on `from`, when given); how many.
  package mutating func remove(_ unit: Currency, from: CalendarDate? = nil) -> Int {
    let before = all.count
    all.removeAll { $0.unit == unit && (from == nil || $0.from == from) }
    return before - all.count
  }
}

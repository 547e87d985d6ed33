import CofferText

/// Something about a stored (or about to be stored) rate that looks wrong (SPEC §12): what
/// `check rates` lists, and what makes an import, `rates set`, `rates quote` or `rates
/// record` refuse its rates unless told `--accept`.
package struct RateFinding: Sendable, Equatable, CustomStringConvertible {
  package enum Kind: Sendable, Equatable {
    /// (a) a held currency whose rate in use is older than `rates max-age`.
    case stale(maxAge: Int)
    /// (b) a rate more than `rates max-jump` percent away from the unit's previous rate
    /// in the same base within 31 days.
    case jump(maxJump: DecimalValue)
    /// (c) a rate of exactly 1 between two units, more than 0.5% from the previous one.
    case exactlyOne
    /// (d) an imported rate of a pegged unit outside its peg's band.
    case outsideBand(peg: Peg)
    /// (e) two imported sources more than 2% apart on one day.
    case sourcesDisagree
  }

  package let kind: Kind
  /// The rate the finding is about: the row `--accept` remembers.
  package let row: RateRow
  /// What it is compared with: the previous rate, the other source's, or (for a peg) the
  /// anchor's rate behind the implied value. nil when there is none.
  package let other: RateRow?
  /// For a band finding, the value implied against the anchor; for a stale rate, its age
  /// in days.
  package let detail: String

  package init(_ kind: Kind, _ row: RateRow, other: RateRow? = nil, detail: String = "") {
    self.kind = kind
    self.row = row
    self.other = other
    self.detail = detail
  }

  package var description: String {
    switch kind {
    case .stale(let maxAge):
      return tr(
        "stale: {code}: the rate in use is of {date}, {days} days old (rates max-age {limit}); source {source}",
        [
          "code": row.unit.code, "date": row.date.description, "days": detail, "limit": String(maxAge),
          "source": row.source,
        ])
    case .jump(let maxJump):
      let ratio = other.map { Self.ratio(row.value, $0.value) } ?? ""
      return tr(
        "jump: {code} {date}: {value} ({source}) after {earlier}, {ratio} times (rates max-jump {limit}%)",
        [
          "code": row.unit.code, "date": row.date.description, "value": row.valueText, "source": row.source,
          "earlier": other.map(Self.earlier) ?? tr("none"), "ratio": ratio, "limit": maxJump.description,
        ])
    case .exactlyOne:
      return tr(
        "exactly 1: {code} {date}: {value} ({source}) after {earlier}: a missing rate read as 1:1?",
        [
          "code": row.unit.code, "date": row.date.description, "value": row.valueText, "source": row.source,
          "earlier": other.map(Self.earlier) ?? tr("no earlier rate"),
        ])
    case .outsideBand(let peg):
      return tr(
        """
        outside band: {code} {date}: {value} ({source}) makes 1 {anchor} = {implied} {code}, outside the peg at \
        {rate} ± {band}%
        """,
        [
          "code": row.unit.code, "date": row.date.description, "value": row.valueText, "source": row.source,
          "anchor": peg.anchor.code, "implied": detail, "rate": peg.rate.description, "band": peg.band.description,
        ])
    case .sourcesDisagree:
      return tr(
        "sources disagree: {code} {date}: {value} ({source}) and {other} are more than 2% apart",
        [
          "code": row.unit.code, "date": row.date.description, "value": row.valueText, "source": row.source,
          "other": other.map { "\($0.valueText) (\($0.source))" } ?? "",
        ])
    }
  }

  /// What an import or a rates command that refuses what the rules found says, after
  /// the findings themselves.
  package static func refusal(_ findings: [RateFinding]) -> String {
    tr(
      "refused: the rates' rules raise {count} finding, listed above; nothing imported (--accept takes them anyway)",
      "refused: the rates' rules raise {count} findings, listed above; nothing imported (--accept takes them anyway)",
      count: findings.count)
  }

  /// The earlier rate a finding compares with: `1.08 on 2026-01-02 (ECB)`.
  private static func earlier(_ other: RateRow) -> String {
    tr(
      "{value} on {date} ({source})",
      ["value": other.valueText, "date": other.date.description, "source": other.source])
  }

  /// How many findings a refusal lists.
  package static let shownAtMost = 20

  /// The larger of two positive values over the smaller, to 2 decimal places, for the
  /// text of a jump.
  private static func ratio(_ one: DecimalValue, _ other: DecimalValue) -> String {
    let (large, small) = one > other ? (one, other) : (other, one)
    // A quotient too large for a decimal: said as a word, not a number.
    guard let quotient = try? large / small else { return tr("many") }
    return quotient.rounded(toPlaces: 2).description
  }
}

/// One stored rate as the rules and `--accept` name it, on `date` from `source`: as a
/// rates file gives it, 1 `base` = `value` `unit` (the ECB's 1 EUR = 1.0801 USD); or, for
/// a quote (`rates set`, `rates quote`), 1 `unit` = `value` `base`.
package struct RateRow: Sendable, Equatable {
  package let unit: Currency
  package let base: Currency
  package let date: CalendarDate
  package let value: DecimalValue
  package let source: String
  package let isQuote: Bool

  package init(
    unit: Currency, base: Currency, date: CalendarDate, value: DecimalValue, source: String, isQuote: Bool = false
  ) {
    self.unit = unit
    self.base = base
    self.date = date
    self.value = value
    self.source = source
    self.isQuote = isQuote
  }

  /// `1.0801 per EUR` (a file's rate of USD), or `7.2 CNY per USD` for a quote.
  package var valueText: String {
    isQuote
      ? tr("{value} {base} per {unit}", ["value": value.description, "base": base.code, "unit": unit.code])
      : tr("{value} per {base}", ["value": value.description, "base": base.code])
  }

  /// What an accepted row is remembered by: its value may not be reused on another day.
  package var key: AcceptedRate { AcceptedRate(unit: unit, base: base, day: date.dayNumber, source: source) }
}

/// A rate accepted past a finding (`--accept`): it raises no finding again.
package struct AcceptedRate: Sendable, Hashable {
  package let unit: Currency
  package let base: Currency
  package let day: Int
  package let source: String

  package init(unit: Currency, base: Currency, day: Int, source: String) {
    self.unit = unit
    self.base = base
    self.day = day
    self.source = source
  }
}

import CofferCore
import CofferText

/// A value's path as `rates why` and `holdings --why` say it (SPEC §12): each leg with
/// its rate, date and source, joined by ×.
///
///     1 XAU = 2,650.30 USD (2026-11-20, manual) × 1 USD = 7.1234 CNY (2026-11-20, ECB:
///     1 EUR = 1.0801 USD = 7.6940 CNY)
enum ValuePathText {
  static func legs(_ path: [ValueLeg]) -> String {
    path.map(leg).joined(separator: " × ")
  }

  static func leg(_ leg: ValueLeg) -> String {
    let head = "1 \(leg.from.code) = \(rate(leg.rate, digits: 6)) \(leg.to.code)"
    switch leg.kind {
    case .quote:
      return head + " (\(leg.date?.description ?? ""), \(leg.source))"
    case .peg(let peg):
      let span =
        peg.from == .first && peg.to == .last
        ? ""
        : ", " + (peg.from == .first ? "" : tr("from {date}", ["date": "\(peg.from)"]))
          + (peg.to == .last ? "" : " " + tr("to {date}", ["date": "\(peg.to)"]))
      return head
        + tr(" (peg: {peg})", ["peg": "1 \(peg.anchor.code) = \(peg.rate) \(peg.unit.code)" + span])
    case .pivot(let from, let to):
      // The two euro rates the cross rate comes from, with their own dates and sources
      // when they differ.
      let rates = [from, to].compactMap { $0 }.filter { $0.currency != Catalog.eur }
      let oneDay = Set(rates.map(\.date)).count <= 1 && Set(rates.map(\.source)).count <= 1
      let euro = rates.map { euroRate -> String in
        let text = "\(Self.rate(euroRate.perEuro, digits: 6)) \(euroRate.currency.code)"
        return oneDay ? text : text + " (\(euroRate.date), \(euroRate.source))"
      }
      let euroText = "1 EUR = " + euro.joined(separator: " = ")
      return head + (oneDay ? " (\(leg.date?.description ?? ""), \(leg.source): \(euroText))" : " (\(euroText))")
    }
  }

  /// A rate to `digits` significant digits (at least its whole part), thousands grouped.
  static func rate(_ value: DecimalValue, digits: Int) -> String {
    // A rate as typed (2,650.30) keeps its digits; a quotient's are cut to `digits`.
    let shown = value.description.count <= 12 ? value : value.rounded(toSignificantDigits: digits)
    let text = shown.description
    let parts = text.split(separator: ".", maxSplits: 1)
    var whole = String(parts[0])
    var negative = ""
    if whole.hasPrefix("-") {
      negative = "-"
      whole.removeFirst()
    }
    var grouped = ""
    for (index, character) in whole.reversed().enumerated() {
      if index > 0 && index % 3 == 0 { grouped.append(",") }
      grouped.append(character)
    }
    return negative + String(grouped.reversed()) + (parts.count > 1 ? "." + parts[1] : "")
  }

  /// What one unit comes to at the end of the path: to the target's minor units, or to 6
  /// significant digits when it is less than one unit.
  static func result(_ factor: DecimalValue, in target: Currency) -> String {
    let shown = factor < .one ? factor.rounded(toSignificantDigits: 6) : factor.rounded(toPlaces: target.minorUnits)
    return rate(shown, digits: 38) + " " + target.code
  }

  /// The path as data, for json.
  static func json(_ path: [ValueLeg]) -> JSONValue {
    .array(
      path.map { leg in
        var fields: [(String, JSONValue)] = [
          ("from", .string(leg.from.code)), ("to", .string(leg.to.code)), ("rate", .string(leg.rate.description)),
          ("date", .string(leg.date?.description)), ("source", .string(leg.source)),
        ]
        switch leg.kind {
        case .quote: fields.append(("kind", .string("quote")))
        case .peg(let peg):
          fields.append(("kind", .string("peg")))
          fields.append(("peg", .string(peg.statement)))
        case .pivot(let from, let to):
          fields.append(("kind", .string("pivot")))
          let euro = [from, to].compactMap { $0 }.filter { $0.currency != Catalog.eur }.map { rate in
            JSONValue.object([
              ("code", .string(rate.currency.code)), ("per_euro", .string(rate.perEuro.description)),
              ("date", .string(rate.date.description)), ("source", .string(rate.source)),
            ])
          }
          fields.append(("euro_rates", .array(euro)))
        }
        return .object(fields)
      })
  }
}

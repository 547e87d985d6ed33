import CofferCore

/// The oldest rate a total or a listing rests on, and the date it was asked about: what
/// the note on age after the output says (SPEC §12, Age), and `oldest_rate` in JSON.
struct RatesBehind {
  let age: RateAge
  let asked: CalendarDate

  init?(_ age: RateAge?, asked: CalendarDate) {
    guard let age else { return nil }
    self.age = age
    self.asked = asked
  }

  var days: Int { age.days(before: asked) }

  /// `oldest_rate`: its date, its age in days before the date asked, and its currencies.
  var json: JSONValue {
    .object([
      ("date", .string(age.date.description)), ("days", .literal(String(days))),
      ("currencies", .array(age.units.map { .string($0.code) })),
    ])
  }

  static func json(_ behind: RatesBehind?) -> JSONValue { behind?.json ?? .null }

  /// The older of two, by days before the date each was asked about (the later row on a tie).
  static func older(_ one: RatesBehind?, _ other: RatesBehind?) -> RatesBehind? {
    guard let one else { return other }
    guard let other else { return one }
    return other.days >= one.days ? other : one
  }
}

import CofferCore

/// What one place holds, each holding valued: the rows `places` and `holdings by place`
/// list, grouped and summed the same way.
struct PlaceGroup {
  /// A currency held at the place, its amount there and that amount's value (nil: no
  /// rate).
  struct Held {
    let currency: Currency
    let amount: DecimalValue
    let value: DecimalValue?
  }

  let place: Place
  var holdings: [Held] = []

  /// The place's value: its holdings' values summed; nil when one has no value.
  var value: DecimalValue? {
    var sum = DecimalValue.zero
    for held in holdings {
      guard let value = held.value, let added = try? sum + value else { return nil }
      sum = added
    }
    return sum
  }

  /// The groups of `held` (each a place and what it holds there), by place, in the
  /// places' order; `alsoListed` adds places that hold nothing.
  static func grouping(_ held: [(Place, Held)], alsoListed: [Place] = []) -> [PlaceGroup] {
    var byPlace: [Place: [Held]] = [:]
    for place in alsoListed { byPlace[place] = [] }
    for (place, holding) in held { byPlace[place, default: []].append(holding) }
    return byPlace.keys.sorted().map { PlaceGroup(place: $0, holdings: byPlace[$0] ?? []) }
  }

  /// The place as JSON: its name, its holdings, and its value under `valueKey`.
  func json(valueKey: String) -> JSONValue {
    .object([
      ("place", .string(place.name)),
      (
        "holdings",
        .array(
          holdings.map {
            .object([
              ("code", .string($0.currency.code)), ("amount", .string($0.amount.description)),
              ("value", .string($0.value?.description)),
            ])
          })
      ),
      (valueKey, .string(value?.description)),
    ])
  }
}

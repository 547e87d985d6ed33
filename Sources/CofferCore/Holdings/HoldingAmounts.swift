/// An amount per holding: by currency index for the unnamed place, where nearly every
/// amount is (a script's `set USD 1200` looks up an array, hashing nothing), and by
/// holding for named places.
package struct HoldingAmounts: Sendable {
  private var unnamed: [DecimalValue?] = Array(repeating: nil, count: Currency.indexCount)
  private var named: [Holding: DecimalValue] = [:]
  /// How many holdings have an amount.
  package private(set) var count = 0

  package init() {}

  package var isEmpty: Bool { count == 0 }

  package subscript(holding: Holding) -> DecimalValue? {
    get { holding.place.isUnnamed ? unnamed[holding.currency.index] : named[holding] }
    set {
      let had: Bool
      if holding.place.isUnnamed {
        had = unnamed[holding.currency.index] != nil
        unnamed[holding.currency.index] = newValue
      } else {
        had =
          (newValue == nil ? named.removeValue(forKey: holding) : named.updateValue(newValue!, forKey: holding)) != nil
      }
      count += (newValue != nil ? 1 : 0) - (had ? 1 : 0)
    }
  }

  /// Keys `place`'s holdings by `place` as it is spelt now. A place renamed in letter case
  /// alone is the same place, so its holdings are equal keys, and a dictionary keeps the
  /// key it was first given: listings would go on showing the old spelling.
  package mutating func respell(_ place: Place) {
    let respelt = named.filter { $0.key.place == place && $0.key.place.name != place.name }
    for (holding, amount) in respelt {
      named.removeValue(forKey: holding)
      named[Holding(holding.currency, at: place)] = amount
    }
  }

  /// Whether any holding of `currency` at a named place has an amount.
  package func hasNamedPlaces(_ currency: Currency) -> Bool {
    !named.isEmpty && named.keys.contains { $0.currency == currency }
  }

  /// The amounts of `currency`'s holdings, in no order: what its sum needs (a store with
  /// places sets each of its holdings as it loads, and sorting them each time cost more
  /// than the rest of the load).
  package func amounts(of currency: Currency) -> [DecimalValue] {
    var found: [DecimalValue] = []
    if let amount = unnamed[currency.index] { found.append(amount) }
    for (holding, amount) in named where holding.currency == currency { found.append(amount) }
    return found
  }

  /// The holdings of `currency` with an amount, the unnamed place first, then by place.
  package func holdings(of currency: Currency) -> [(holding: Holding, amount: DecimalValue)] {
    var found: [(holding: Holding, amount: DecimalValue)] = []
    if let amount = unnamed[currency.index] { found.append((Holding(currency), amount)) }
    if !named.isEmpty {
      found += named.filter { $0.key.currency == currency }.map { ($0.key, $0.value) }.sorted {
        $0.0.place < $1.0.place
      }
    }
    return found
  }

  /// Every holding with an amount, in catalog order, each currency's unnamed place first.
  package var all: [(holding: Holding, amount: DecimalValue)] {
    var found: [(holding: Holding, amount: DecimalValue)] = []
    for (index, amount) in unnamed.enumerated() {
      if let amount, let currency = Currency.at(index) { found.append((Holding(currency), amount)) }
    }
    found += named.map { ($0.key, $0.value) }
    return found.sorted { Holding.precedes($0.holding, $1.holding) }
  }
}

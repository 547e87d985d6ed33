/// Two different currencies, unordered: the key of a pair's quote history.
package struct QuotePair: Hashable, Sendable, Comparable {
  /// The lower catalog index first.
  package let first: Int
  package let second: Int

  package init(_ one: Currency, _ other: Currency) {
    first = min(one.index, other.index)
    second = max(one.index, other.index)
  }

  init(indices one: Int, _ other: Int) {
    first = min(one, other)
    second = max(one, other)
  }

  package func contains(_ currency: Currency) -> Bool {
    currency.index == first || currency.index == second
  }

  package static func < (left: QuotePair, right: QuotePair) -> Bool {
    (left.first, left.second) < (right.first, right.second)
  }
}

/// A currency and a day: what pending balances are coalesced by.
package struct DatedKey: Hashable, Sendable {
  package let currency: Int
  package let day: Int

  package init(currency: Int, day: Int) {
    self.currency = currency
    self.day = day
  }
}

/// A holding and a day: what pending balances are coalesced by.
package struct DatedKey: Hashable, Sendable {
  package let holding: Holding
  package let day: Int

  package init(holding: Holding, day: Int) {
    self.holding = holding
    self.day = day
  }
}

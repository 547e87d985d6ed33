import Testing

@testable import CofferCore

/// How a save walks a holding's stored entries: each balance finds the entry of its own
/// day and the amount carried to it, the balances written before it counted.
@Suite struct StoredEntriesWalkTests {
  @Test func aBalanceFindsItsDaysEntryAndWhatIsCarriedToIt() {
    var walk = StoredEntriesWalk([(10, decimal("1")), (12, decimal("2")), (12, decimal("3")), (20, decimal("4"))])
    #expect(walk.carried == .zero)
    #expect(walk.walk(to: 5) == nil, "before the first entry, nothing is stored")
    #expect(walk.carried == .zero)
    #expect(walk.walk(to: 12) == decimal("3"), "of a day's entries, the last entered")
    #expect(walk.carried == decimal("3"))
    #expect(walk.walk(to: 15) == nil)
    #expect(walk.carried == decimal("3"), "carried from the entry before")
  }

  @Test func aBalanceWrittenIsCarriedUntilALaterStoredEntry() {
    var walk = StoredEntriesWalk([(10, decimal("1")), (20, decimal("4"))])
    _ = walk.walk(to: 10)
    walk.write(decimal("9"))
    #expect(walk.walk(to: 15) == nil)
    #expect(walk.carried == decimal("9"), "the balance written on day 10 replaced the stored one")
    #expect(walk.walk(to: 25) == nil)
    #expect(walk.carried == decimal("4"), "a stored entry of a later day replaces it in turn")
  }
}

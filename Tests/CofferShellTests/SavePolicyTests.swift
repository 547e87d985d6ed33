import CofferCore
import Testing

@testable import CofferShell

/// An interactive line is saved when it committed something: when the pending batch
/// holds a commit it did not hold before the line (SPEC §5), whatever the counters say.
@Suite struct SavePolicyTests {
  private static let today = CalendarDate(year: 2026, month: 11, day: 22)!

  @Test func aNewOrChangedAmountIsANewCommit() throws {
    let ledger = try Ledger(location: .memory, today: Self.today)
    let usd = try #require(Catalog.currency("USD"))
    let empty = ledger.pending
    ledger.commit(DecimalValue(5), of: usd)
    #expect(SavePolicy.holdsNewCommits(ledger.pending, since: empty))
    let five = ledger.pending
    #expect(!SavePolicy.holdsNewCommits(ledger.pending, since: five))
    ledger.commit(DecimalValue(6), of: usd)
    #expect(SavePolicy.holdsNewCommits(ledger.pending, since: five))
  }

  @Test func aBalanceForAPastDateIsACommit() throws {
    let ledger = try Ledger(location: .memory, today: Self.today)
    let gbp = try #require(Catalog.currency("GBP"))
    let before = ledger.pending
    try ledger.commit(DecimalValue(900), of: gbp, on: CalendarDate(year: 2025, month: 1, day: 1)!)
    #expect(SavePolicy.holdsNewCommits(ledger.pending, since: before))
  }

  @Test func aRateOrTheLocalCurrencyIsNoCommit() throws {
    let ledger = try Ledger(location: .memory, today: Self.today)
    let before = ledger.pending
    try ledger.setRate(DecimalValue(7), of: try #require(Catalog.currency("USD")))
    ledger.setLocal(try #require(Catalog.currency("HKD")))
    #expect(!ledger.pending.isEmpty)
    #expect(!SavePolicy.holdsNewCommits(ledger.pending, since: before))
  }

  @Test func editsLeftFromAFailedSaveAreNotNew() throws {
    let ledger = try Ledger(location: .memory, today: Self.today)
    ledger.commit(DecimalValue(5), of: try #require(Catalog.currency("USD")))
    let kept = ledger.pending
    ledger.commit(DecimalValue(3), of: try #require(Catalog.currency("EUR")))
    ledger.commit(DecimalValue(0), of: try #require(Catalog.currency("EUR")))
    // EUR went back to what the store holds: nothing of it is pending.
    #expect(!SavePolicy.holdsNewCommits(ledger.pending, since: kept))
  }
}

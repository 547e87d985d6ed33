import Testing

@testable import CofferCore

/// The balances for past dates a batch keeps: one per holding and day, in date order
/// whatever order they were written in, an edit back to what the store records on that
/// very day leaving nothing to write.
@Suite struct PendingBatchTests {
  let usd = Holding(Catalog.currency("USD")!)
  let wise = Holding(Catalog.currency("USD")!, at: Place(checkedName: "wise"))
  let eur = Holding(Catalog.currency("EUR")!)

  func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  func edit(
    _ holding: Holding, _ day: String, _ amount: String, seen: String = "0", recordedOnDate: Bool = false,
    changesCurrent: Bool = true
  ) -> DatedEdit {
    DatedEdit(
      holding: holding, date: date(day), amount: decimal(amount), seen: decimal(seen),
      recordedOnDate: recordedOnDate, changesCurrent: changesCurrent)
  }

  @Test func balancesWrittenOutOfOrderAreKeptInDateOrderThenCatalogOrder() {
    var batch = PendingBatch()
    batch.set(edit(usd, "2024-03-01", "3"))
    batch.set(edit(usd, "2024-01-01", "1"))
    batch.set(edit(eur, "2024-01-01", "7"))
    batch.set(edit(wise, "2024-01-01", "5"))
    batch.set(edit(usd, "2024-02-01", "2"))
    #expect(batch.datedCount == 5)
    #expect(batch.count == 5)
    let order = batch.dated.map { "\($0.holding.currency.code)@\($0.holding.place.name) \($0.date) \($0.amount)" }
    #expect(
      order == [
        "USD@ 2024-01-01 1", "USD@wise 2024-01-01 5", "EUR@ 2024-01-01 7", "USD@ 2024-02-01 2", "USD@ 2024-03-01 3",
      ])
  }

  @Test func inSaveOrderEachBalanceNamesItsHoldingByItsPlaceAmongTheHoldings() {
    var batch = PendingBatch()
    batch.set(edit(eur, "2024-01-01", "7"))
    batch.set(edit(usd, "2024-02-01", "2"))
    batch.set(edit(wise, "2024-01-01", "5"))
    batch.set(edit(eur, "2023-06-01", "6"))
    let inOrder = batch.datedInOrder
    #expect(inOrder.holdings == [usd, wise, eur], "catalog order, then by place")
    #expect(inOrder.edits.map(\.edit) == batch.dated)
    #expect(inOrder.edits.map { inOrder.holdings[$0.holding] } == batch.dated.map(\.holding))
  }

  @Test func aDayWrittenAgainReplacesItsBalanceAndKeepsTheFirstView() {
    var batch = PendingBatch()
    batch.set(edit(usd, "2024-01-01", "1", seen: "4", recordedOnDate: true))
    batch.set(edit(usd, "2024-01-01", "2", seen: "9", recordedOnDate: false, changesCurrent: false))
    #expect(batch.datedCount == 1)
    let kept = batch.dated(usd, on: date("2024-01-01"))
    #expect(kept?.amount == decimal("2"))
    #expect(kept?.seen == decimal("4"), "the store as first seen is what a save compares with")
    #expect(kept?.recordedOnDate == true)
    #expect(kept?.changesCurrent == false)
  }

  @Test func aDayWrittenBackToWhatTheStoreRecordsThenLeavesNothing() {
    var batch = PendingBatch()
    batch.set(edit(usd, "2024-01-01", "4", seen: "4", recordedOnDate: true))
    #expect(batch.isEmpty, "the store records that very balance already")
    batch.set(edit(usd, "2024-01-01", "1", seen: "4", recordedOnDate: true))
    batch.set(edit(usd, "2024-02-01", "2"))
    batch.set(edit(usd, "2024-01-01", "4", seen: "4", recordedOnDate: true))
    #expect(batch.datedCount == 1)
    #expect(batch.dated(usd, on: date("2024-01-01")) == nil)
    batch.set(edit(usd, "2024-02-01", "0", seen: "0", recordedOnDate: true))
    #expect(batch.datedCount == 1, "only the first edit's view decides: day 2's was not recorded on the day")
    batch.set(edit(usd, "2024-03-01", "0", seen: "0", recordedOnDate: false))
    #expect(batch.datedCount == 2, "a balance of 0 where the store records none on that day is kept")
  }

  @Test func theLatestBalanceOnOrBeforeADateAndWhatComesAfter() {
    var batch = PendingBatch()
    batch.set(edit(usd, "2024-03-01", "3", changesCurrent: true))
    batch.set(edit(usd, "2024-01-01", "1", changesCurrent: false))
    #expect(batch.latestDated(usd, onOrBefore: date("2023-12-31")) == nil)
    #expect(batch.latestDated(usd, onOrBefore: date("2024-01-01"))?.amount == decimal("1"))
    #expect(batch.latestDated(usd, onOrBefore: date("2024-02-15"))?.amount == decimal("1"))
    #expect(batch.latestDated(usd, onOrBefore: date("2024-03-01"))?.amount == decimal("3"))
    #expect(batch.latestDated(usd, onOrBefore: date("2025-01-01"))?.amount == decimal("3"))
    #expect(batch.hasDated(usd, after: date("2024-02-29")))
    #expect(!batch.hasDated(usd, after: date("2024-03-01")))
    #expect(!batch.hasDated(eur, after: date("2000-01-01")))
    #expect(batch.currentDated(usd, today: date("2024-12-31"))?.amount == decimal("3"))
    #expect(batch.hasDated(usd) && !batch.hasDated(wise))
    #expect(batch.decidesCurrent(usd, today: date("2024-12-31")))
  }

  /// A balance ahead of today (a dump's `--ahead`) is not in effect yet: the one before it
  /// still decides the current amount, and comes after an earlier day until today.
  @Test func aBalanceAheadOfTodayLeavesTheOneBeforeItCurrent() {
    var batch = PendingBatch()
    let today = date("2026-11-22")
    batch.set(edit(usd, "2026-06-10", "10", changesCurrent: true))
    batch.set(edit(usd, "2026-12-31", "0", changesCurrent: false))
    #expect(batch.currentDated(usd, today: today)?.amount == decimal("10"))
    #expect(batch.decidesCurrent(usd, today: today))
    #expect(batch.hasDated(usd, after: date("2026-06-01"), through: today))
    #expect(!batch.hasDated(usd, after: date("2026-06-10"), through: today), "only the balance ahead comes after")
    #expect(batch.hasDated(usd, after: date("2026-06-10")), "a move still counts it")
  }

  @Test func aRestoreTakesBackOrPutsBackOneDay() {
    var batch = PendingBatch()
    batch.set(edit(usd, "2024-01-01", "1"))
    batch.set(edit(usd, "2024-02-01", "2"))
    batch.restore(nil, of: usd, on: date("2024-02-01"))
    #expect(batch.datedCount == 1)
    #expect(batch.dated(usd, on: date("2024-02-01")) == nil)
    batch.restore(nil, of: usd, on: date("2024-05-01"))
    #expect(batch.datedCount == 1, "restoring a day that has nothing leaves the others")
    batch.restore(edit(usd, "2024-01-15", "9"), of: usd, on: date("2024-01-15"))
    #expect(batch.dated.map(\.amount) == [decimal("1"), decimal("9")])
    batch.restore(nil, of: usd, on: date("2024-01-01"))
    batch.restore(nil, of: usd, on: date("2024-01-15"))
    #expect(batch.isEmpty)
    #expect(!batch.hasDated && batch.datedHoldings.isEmpty)
  }
}

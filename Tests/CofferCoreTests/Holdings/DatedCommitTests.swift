import Foundation
import Testing

@testable import CofferCore

/// A balance written down for a past date knows, without asking the store, what its
/// holding's latest entry says when the date is on or after it, and asks the store
/// otherwise: the holding's own saves and another session's are both taken into account.
@Suite struct DatedCommitTests {
  let temporary = TemporaryFolder()

  func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  @Test func aBalanceAfterEveryEntryIsTheCurrentAmountAndOneBeforeALaterEntryIsNot() throws {
    let path = temporary.path + "/coffer.db"
    let first = try Ledger(location: .file(path), today: testDay)
    let second = try Ledger(location: .file(path), today: testDay)
    try first.commit(decimal("5"), of: usd, on: date("2026-11-01"))
    #expect(first.portfolio.amount(of: usd) == decimal("5"), "no entry yet: it is the current amount")
    try first.save()
    try first.commit(decimal("6"), of: usd, on: date("2026-11-03"))
    #expect(first.portfolio.amount(of: usd) == decimal("6"), "after the entry this session saved")
    try first.save()

    try second.refresh()
    try second.commit(decimal("8"), of: usd, on: date("2026-11-10"))
    try second.save()

    try first.refresh()
    try first.commit(decimal("7"), of: usd, on: date("2026-11-05"))
    #expect(first.portfolio.amount(of: usd) == decimal("8"), "another session's later entry stays current")
    #expect(first.pending.dated(Holding(usd), on: date("2026-11-05"))?.seen == decimal("6"))
    try first.save()
    let amounts = try first.holdings(on: [date("2026-11-04"), date("2026-11-05"), date("2026-11-10")])
    #expect(amounts.map { $0[Holding(usd)] } == [decimal("6"), decimal("7"), decimal("8")])
  }

  @Test func theSameAmountOnTheDayOfTheLatestEntryWritesNothing() throws {
    let path = temporary.path + "/coffer.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    try ledger.commit(decimal("5"), of: usd, on: date("2026-11-01"))
    try ledger.save()
    #expect(try ledger.commit(decimal("5"), of: usd, on: date("2026-11-01")) == false)
    #expect(ledger.pending.isEmpty)
  }
}

import Foundation
import Testing

@testable import CofferCore

/// A move between places at save time (SPEC §11): one commit of two journal entries,
/// held back whole by another session's save (neither entry written), forced together,
/// and refused at save, writing nothing, when its source holds less by then.
@Suite struct MoveSaveTests {
  let temporary = TemporaryFolder()
  let wise = Place(checkedName: "wise")
  let cash = Place(checkedName: "cash")
  var usdAtWise: Holding { Holding(usd, at: wise) }
  var usdAtCash: Holding { Holding(usd, at: cash) }

  /// A store holding USD@wise 100 and USD@cash 20, and two sessions on it (A and B).
  func twoSessions() throws -> (path: String, a: Ledger, b: Ledger) {
    let path = temporary.path + "/coffer.db"
    let setup = try Ledger(location: .file(path), today: testDay)
    setup.commit(decimal("100"), of: usdAtWise)
    setup.commit(decimal("20"), of: usdAtCash)
    #expect(try setup.save() == 2)
    setup.close()
    let a = try Ledger(location: .file(path), today: testDay)
    let b = try Ledger(location: .file(path), today: testDay)
    return (path, a, b)
  }

  func journal(_ path: String) throws -> [JournalEntry] {
    let reader = try Ledger(location: .file(path), today: testDay)
    defer { reader.close() }
    var entries: [JournalEntry] = []
    try reader.journalInOrder { entries.append($0) }
    return entries
  }

  @Test func aMoveMetByAnotherSessionsSaveIsHeldWholeAndForcedTogether() throws {
    let (path, a, b) = try twoSessions()
    try a.move(decimal("30"), of: usd, from: wise, to: cash, on: testDay)
    #expect(a.portfolio.amount(of: usdAtWise) == decimal("70"))
    #expect(a.portfolio.amount(of: usdAtCash) == decimal("50"))
    #expect(a.pending.moves.count == 1)

    b.commit(decimal("50"), of: usdAtWise)
    #expect(try b.save() == 1)
    let afterB = try journal(path)
    #expect(afterB.count == 3, "the two set up, and B's")

    try a.refresh()
    do {
      try a.save()
      Issue.record("expected a conflict")
    } catch {
      guard case .conflict(let conflicts) = error else {
        Issue.record("expected a conflict, got \(error)")
        return
      }
      #expect(conflicts.map(\.holding) == [usdAtWise], "only the source changed")
      #expect(conflicts.first?.theirs == decimal("50"))
      #expect(conflicts.first?.ours == decimal("70"), "what the move would have left at wise")
    }
    #expect(try journal(path) == afterB, "neither entry of the move was written")
    #expect(a.pending.moves.count == 1, "the move is still pending, whole")
    #expect(a.counters.saves == 0)

    // Forced: both entries, together, on the amounts the store holds now.
    try a.save(force: true)
    #expect(a.pending.isEmpty)
    #expect(a.counters.saves == 1)
    let entries = try journal(path)
    #expect(entries.count == 5)
    let moved = Array(entries.suffix(2))
    #expect(moved.map(\.move) == [.from, .to])
    #expect(moved.map(\.holding) == [usdAtWise, usdAtCash])
    #expect(moved[1].id == moved[0].id + 1, "one after the other")
    #expect(moved.map(\.effective) == [testDay, testDay])
    #expect(moved[0].old == decimal("50") && moved[0].new == decimal("20"), "B's 50 less the 30 moved")
    #expect(moved[1].old == decimal("20") && moved[1].new == decimal("50"))
    #expect(a.portfolio.amount(of: usdAtWise) == decimal("20"))
    #expect(a.portfolio.amount(of: usdAtCash) == decimal("50"))
    let reopened = try Ledger(location: .file(path), today: testDay)
    #expect(reopened.portfolio.amount(of: usdAtWise) == decimal("20"))
    #expect(reopened.portfolio.amount(of: usdAtCash) == decimal("50"))
    #expect(reopened.portfolio.amount(of: usd) == decimal("70"), "B's 50 at wise and 20 at cash")
  }

  @Test func aMoveWhoseSourceHoldsLessBySaveTimeIsRefusedWritingNeitherEntry() throws {
    let (path, a, b) = try twoSessions()
    try a.move(decimal("30"), of: usd, from: wise, to: cash, on: testDay)
    b.commit(decimal("10"), of: usdAtWise)
    #expect(try b.save() == 1)
    let afterB = try journal(path)

    try a.refresh()
    #expect(throws: StoreError.self) { try a.save() }
    #expect(try journal(path) == afterB)
    do {
      try a.save(force: true)
      Issue.record("expected the move to be refused")
    } catch {
      guard case .moveRefused(_, let reason) = error else {
        Issue.record("expected moveRefused, got \(error)")
        return
      }
      #expect(reason.contains("USD@wise holds 10"), "\(reason)")
      #expect(error.description.contains("nothing was written, and the move is dropped"))
    }
    #expect(try journal(path) == afterB, "neither entry of the move was written")
    #expect(a.counters.saves == 0)
    // The move is gone from the batch: it no longer holds back a save of other edits.
    #expect(a.pending.moves.isEmpty)
    try a.refresh()
    #expect(a.portfolio.amount(of: usdAtWise) == decimal("10"), "the store's amount, the move undone")
    a.commit(decimal("5"), of: usdAtCash)
    #expect(try a.save() == 1)
    let reopened = try Ledger(location: .file(path), today: testDay)
    #expect(reopened.portfolio.amount(of: usdAtWise) == decimal("10"))
    #expect(reopened.portfolio.amount(of: usdAtCash) == decimal("5"))
  }
}

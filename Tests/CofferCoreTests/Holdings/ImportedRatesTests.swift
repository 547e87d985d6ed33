import Testing

@testable import CofferCore

/// The ledger stores a batch of parsed rates in one transaction and puts them in use;
/// a stop stores none of them.
@Suite struct ImportedRatesTests {
  static let batch = [
    Rate(currency: usd, perEuro: decimal("1.25"), date: testDay, source: "test"),
    Rate(currency: jpy, perEuro: decimal("160.5"), date: testDay, source: "test"),
  ]

  @Test func storedRatesAreInUseAndStoringThemAgainChangesNothing() throws {
    let ledger = try memoryLedger()
    var progressed: [(Int, Int)] = []
    #expect(try ledger.storeImportedRates(Self.batch, progress: { progressed.append(($0, $1)) }) == .stored(changed: 2))
    #expect(ledger.portfolio.currentRate(of: usd)?.perEuro == decimal("1.25"))
    #expect(ledger.portfolio.currentRate(of: jpy)?.source == "test")
    #expect(progressed.first?.1 == 2)
    #expect(try ledger.storeImportedRates(Self.batch) == .stored(changed: 0))
  }

  @Test func aStopRollsTheBatchBack() throws {
    let ledger = try memoryLedger()
    let before = ledger.portfolio.currentRate(of: usd)
    #expect(try ledger.storeImportedRates(Self.batch, shouldStop: { true }) == .stopped)
    #expect(ledger.portfolio.currentRate(of: usd) == before)
    #expect(try ledger.store.history(of: usd, from: testDay, to: testDay).allSatisfy { $0.source != "test" })
  }
}

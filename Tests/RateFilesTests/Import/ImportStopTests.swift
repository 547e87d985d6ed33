import Foundation
import Testing
import XMLAndZip

@testable import CofferCore
@testable import RateFiles

/// A long import stops when asked, and stores nothing.
@Suite struct ImportStopTests {
  let temporary = TemporaryFolder()

  @Test func anImportStoppedPartWayStoresNothing() throws {
    let path = temporary.path + "/coffer.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    let start = try #require(CalendarDate("1999-01-01"))
    let before = try ledger.store.history(of: usd, from: start, to: testDay)
    let zip = [UInt8](try fixture("eurofxref-hist.zip"))
    var asked = 0
    var progressed = 0
    do {
      _ = try ledger.importRates(
        from: zip, name: "hist.zip", xmlAndZip: LocalXMLAndZipReader(),
        shouldStop: {
          asked += 1
          return asked > 3000
        }, progress: { done, _ in progressed = done })
      Issue.record("the import was not stopped")
    } catch {
      #expect(error.description == "interrupted; nothing imported")
    }
    // It was stopped while writing days, which were rolled back.
    #expect(progressed > 0)
    #expect(try ledger.store.history(of: usd, from: start, to: testDay) == before)
    #expect(
      try Ledger(location: .file(path), today: testDay).store.history(of: usd, from: start, to: testDay) == before)
    // Not stopped, the same import goes through.
    let report = try ledger.importRates(from: zip, name: "hist.zip", xmlAndZip: LocalXMLAndZipReader())
    #expect(report.days == 7126)
  }

  @Test func aStoppedHelperIsReportedAsTheInterruption() throws {
    let ledger = try Ledger(location: .memory, today: testDay)
    let xml = [UInt8](try fixture("ecb-daily-2024-06-28.xml"))
    do {
      _ = try ledger.importRates(
        from: xml, name: "daily.xml", xmlAndZip: RatesHelper(shouldStop: { true }), shouldStop: { true })
      Issue.record("the import was not stopped")
    } catch {
      #expect(error.description == "interrupted; nothing imported")
    }
  }
}

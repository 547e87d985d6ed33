import Foundation
import Testing

/// A signal while the coffer-rates helper works stops the import at once, and nothing
/// is imported.
@Suite struct RatesStopTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/bounds.db"
  }

  @Test func aSignalWhileTheHelperReadsStopsTheImportAtOnce() throws {
    // ECB XML of 25 years of 30 rates a day (9 MB): the helper takes a while to read it.
    var xml = """
      <?xml version='1.0' encoding='UTF-8'?>
      <gesmes:Envelope xmlns:gesmes='http://www.gesmes.org/xml/2002-08-01' \
      xmlns='http://www.ecb.int/vocabulary/2002-08-01/eurofxref'><Cube>

      """
    let codes =
      "USD JPY BGN CZK DKK GBP HUF PLN RON SEK CHF ISK NOK TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR"
      .split(separator: " ")
    for year in 1970..<1995 {
      for month in 1...12 {
        for day in 1...28 {
          xml += "<Cube time='\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)'>"
          for (index, code) in codes.enumerated() { xml += "<Cube currency='\(code)' rate='1.\(index + 1)'/>" }
          xml += "</Cube>\n"
        }
      }
    }
    xml += "</Cube></gesmes:Envelope>\n"
    let path = try coffer.write("long.xml", xml)
    let before = try coffer.run(["--db", database, "-c", "rates USD JPY --format csv"])
    let live = try coffer.start(["--db", database, "-c", "rates import \(path)"])
    waitUntil("the coffer-rates helper to start") {
      !children(of: live.process.processIdentifier, named: "coffer-rates").isEmpty
    }
    let signalled = ContinuousClock.now
    kill(live.process.processIdentifier, SIGTERM)
    let status = live.finish()
    #expect(ContinuousClock.now - signalled < .milliseconds(500))
    #expect(live.stderr == "<command>:1:14: error: import interrupted; rates unchanged\n")
    #expect(status == 128 + SIGTERM)
    #expect(try coffer.run(["--db", database, "-c", "rates USD JPY --format csv"]) == before)
  }
}

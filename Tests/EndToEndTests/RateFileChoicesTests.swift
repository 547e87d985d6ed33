import Foundation
import Testing

/// A rates file that leaves a choice open (a key given twice, a currency in two cases, a
/// day twice, several files in one zip) is refused naming what and where, never read as
/// one of its possibilities; a zip inside a zip is refused at once, however deep.
@Suite struct RateFileChoicesTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/choices.db"
  }

  func importing(_ name: String, _ contents: String) throws -> Outcome {
    try coffer.write(name, contents)
    return try coffer.run(["--db", database, "-c", "rates import \(name)"])
  }

  func refused(_ name: String, _ reason: String) -> Outcome {
    Outcome(stdout: "", stderr: "<command>:1:14: error: \(name): \(reason); nothing imported\n", status: 1)
  }

  /// Runs Python to write a zip; `entries` is a Python expression of (name, bytes) pairs.
  func zip(_ name: String, _ entries: String) throws -> String {
    let path = coffer.home + "/" + name
    let script = """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
          for entry, data in \(entries): z.writestr(entry, data)
      """
    let python = try coffer.run(["python3", "-c", script, path], binary: "/usr/bin/env")
    #expect(python.status == 0, "\(python)")
    return path
  }

  @Test func jsonWithAKeyTwiceACurrencyInTwoCasesOrABaseRateNotOneIsRefusedNamingTheKey() throws {
    #expect(
      try importing("dup.json", #"{"base":"EUR","date":"2026-11-01","rates":{"USD":1.1,"USD":1.3}}"#)
        == refused(
          "dup.json",
          #"byte 53: the key "USD" appears twice in one object (first at byte 43): which value is meant cannot be told"#
        ))
    #expect(
      try importing("case.json", #"{"base":"EUR","date":"2026-11-01","rates":{"usd":1.1,"USD":1.3}}"#)
        == refused(
          "case.json", #"byte 53: "USD" and "usd" (byte 43) are the same currency: which rate is meant cannot be told"#)
    )
    // An escape spells the same key.
    #expect(
      try importing("escaped.json", #"{"base":"EUR","date":"2026-11-01","rates":{"USD":1.1,"\u0055SD":1.3}}"#)
        == refused(
          "escaped.json",
          #"byte 53: the key "USD" appears twice in one object (first at byte 43): which value is meant cannot be told"#
        ))
    #expect(
      try importing("base.json", #"{"base":"EUR","base":"USD","date":"2026-11-01","rates":{"USD":1.1}}"#)
        == refused(
          "base.json",
          #"byte 14: the key "base" appears twice in one object (first at byte 1): which value is meant cannot be told"#
        ))
    #expect(
      try importing("self.json", #"{"base":"USD","date":"2026-11-01","rates":{"USD":1.3,"EUR":0.9,"CNY":7}}"#)
        == refused("self.json", "byte 43: the rate of the base USD is 1.3: a base's rate against itself is 1"))
    #expect(
      try importing("both.json", #"{"base":"EUR","base_code":"USD","date":"2026-11-01","rates":{"USD":1.1}}"#)
        == refused("both.json", #"JSON: both "base" and "base_code" are given: which is the base cannot be told"#))
    // Nothing of them was imported; a file whose base rate is 1 is read as before.
    #expect(
      try importing("fine.json", #"{"base":"USD","date":"2026-11-01","rates":{"USD":1,"EUR":0.8,"CNY":7.2}}"#)
        == Outcome(
          stdout: "imported 2 rates for 2 currencies over 1 day (JSON; 2 new or changed)\n", stderr: "", status: 0))
    #expect(try coffer.run(["--db", database, "-c", "print rate(USD)"]).stdout == "7.2\n")
  }

  @Test func csvAndXMLWithARateTwiceAreRefusedNamingTheLines() throws {
    #expect(
      try importing("dup.csv", "date,code,rate\n2026-11-01,USD,1.1\n2026-11-01,usd,1.3\n")
        == refused(
          "dup.csv",
          "line 3: a second rate for USD in EUR on 2026-11-01 (the first is on line 2): which is meant cannot be told"))
    #expect(
      try importing("self.csv", "date,code,rate,base\n2026-11-01,USD,1.2,USD\n")
        == refused("self.csv", "line 2: the rate of USD against itself is 1.2: it can only be 1"))
    #expect(
      try importing(
        "bases.csv", "date,code,rate,base\n2026-11-01,USD,1.1,EUR\n2026-11-01,EUR,0.9,GBP\n2026-11-01,USD,1.2,GBP\n")
        == refused(
          "bases.csv", "2026-11-01: two rates for USD on 2026-11-01, in EUR and in GBP: which is meant cannot be told"))
    #expect(
      try importing("wide.csv", "Date,USD,JPY,\n2026-10-30,1.1,160,\n2026-10-30,1.2,161,\n")
        == refused(
          "wide.csv", "line 3: 2026-10-30 again (its first row is line 2): which rates are meant cannot be told"))
    let envelope = #"<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01">"#
    #expect(
      try importing(
        "dup.xml",
        envelope + "\n<Cube><Cube time=\"2026-10-30\"><Cube currency=\"USD\" rate=\"1.1\"/>\n"
          + "<Cube currency=\"USD\" rate=\"1.2\"/></Cube></Cube></gesmes:Envelope>\n")
        == refused("dup.xml", "line 3: a second rate for USD on 2026-10-30: which is meant cannot be told"))
    #expect(
      try importing(
        "days.xml",
        envelope + "\n<Cube><Cube time=\"2026-10-30\"><Cube currency=\"USD\" rate=\"1.1\"/></Cube>\n"
          + "<Cube time=\"2026-10-30\"><Cube currency=\"JPY\" rate=\"160\"/></Cube></Cube></gesmes:Envelope>\n")
        == refused(
          "days.xml", "line 3: Cube time=2026-10-30 again (first on line 2): which rates are meant cannot be told"))
    // A problem found in the XML is named, not reported as "malformed XML".
    #expect(
      try importing("date.xml", envelope + "<Cube time=\"2026-13-01\"></Cube></gesmes:Envelope>")
        == refused("date.xml", "line 1: bad date '2026-13-01' in Cube time="))
  }

  @Test func aZipWithSeveralRatesFilesIsRefusedNamingThemAndOtherEntriesAreNamedAsPassedOver() throws {
    let csv = #"b"date,code,rate\n2026-11-01,USD,1.1\n2026-11-01,CNY,8\n""#
    let json = #"b'{"base":"EUR","date":"2026-11-02","rates":{"USD":1.2,"CNY":8}}'"#
    let two = try zip("two.zip", "[('a.csv', \(csv)), ('notes.txt', b'hello'), ('b/c.json', \(json))]")
    #expect(
      try coffer.run(["--db", database, "-c", "rates import \(two)"])
        == refused("two.zip", "two.zip: the zip holds 2 rates files (a.csv, b/c.json); unpack it and import each one"))
    let one = try zip("one.zip", "[('README.txt', b'rates of the day'), ('a.csv', \(csv))]")
    #expect(
      try coffer.run(["--db", database, "-c", "rates import \(one); rates USD --format csv"])
        == Outcome(
          stdout: """
            imported 2 rates for 2 currencies over 1 day (CSV; 2 new or changed); passed over 1 entry of the zip that is not rates: README.txt
            code,rate,local,date,source,stale
            USD,7.2727272727,CNY,2026-11-01,one.zip,true

            """, stderr: "", status: 0))
  }

  /// A damaged zip (its directory pointing past its end, found by the rates fuzzer) once
  /// killed the coffer-rates helper (SIGILL); it is refused, named as damaged.
  @Test func aDamagedZipIsRefusedAsDamaged() throws {
    let bytes = try #require(
      Data(
        base64Encoded:
          "UEsDBBQAAAAIAAAAdl1JY2BTUwAAAG4AAAASAAAAZXVyb2Z4cmVmLWhpc3QuY3N2c0ksSdUJDXbR8QqI1HFy99NxjgzQcY7y1uEyMjAy0zU00DU20DHUMzQ0N9IxNDfUszQB8ixNTS10/PQddYxM9QyMTBFqjSw/i81MwbJoCg11uABQSwECFAMUAAAACAAAAHZdSWNgU1MAAABuAAAAEgAAAAAAAAAAAAAAgAEAAGUAAHVyb2Z4cmVmLWhpc3QuY3N2UEsFBgAAAAABAAEAQAAAAIMAAAAAAA=="
      ))
    try coffer.write("damaged.zip", bytes)
    #expect(
      try coffer.run(["--db", database, "-c", "rates import damaged.zip"])
        == refused(
          "damaged.zip",
          "entry \\u{0}urofxref-hist.csv: the zip is damaged: \\u{0}urofxref-hist.csv's bytes lie outside the archive"))
  }

  /// An element name that is not UTF-8 (found by the rates fuzzer) once killed the
  /// coffer-rates helper inside FoundationXML; it is refused at its byte.
  @Test func xmlThatIsNotUTF8IsRefusedAtItsByte() throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: CofferProcess.fixtures + "/ecb-daily-2024-06-28.xml"))
    let at = try #require(bytes.range(of: Data("<Cube time".utf8)))
    bytes.replaceSubrange(at, with: Data("<Cub".utf8) + Data([0xFF, 0xFF]) + Data("e time".utf8))
    try coffer.write("name.xml", bytes)
    #expect(
      try coffer.run(["--db", database, "-c", "rates import name.xml"])
        == refused("name.xml", "byte \(at.lowerBound + 4): not UTF-8 text: rates XML is read as UTF-8"))
  }

  /// The 4,000-deep zip once took 68 s and 861 MB (a helper run and a copy per level);
  /// now the first zip found inside is refused, in one helper run, within 400 MB.
  @Test func aZipNested4000DeepIsRefusedAtOnce() throws {
    let path = coffer.home + "/nested.zip"
    let script = """
      import io, sys, zipfile
      data, name = b"date,code,rate\\n2026-11-01,USD,1.1\\n", "rates.csv"
      for level in range(4000):
          buffer = io.BytesIO()
          with zipfile.ZipFile(buffer, 'w', zipfile.ZIP_STORED) as z: z.writestr(name, data)
          data, name = buffer.getvalue(), "level-%d.zip" % level
      open(sys.argv[1], 'wb').write(data)
      """
    let python = try coffer.run(["python3", "-c", script, path], binary: "/usr/bin/env")
    #expect(python.status == 0, "\(python)")
    let started = ContinuousClock.now
    let outcome = try coffer.run(
      [
        "-c", "ulimit -v 400000; exec \"$0\" \"$@\"", CofferProcess.binary, "--db", database, "-c",
        "rates import \(path)",
      ],
      binary: "/bin/sh")
    #expect(
      outcome
        == refused(
          "nested.zip",
          "entry level-3998.zip: a zip inside the zip is not read (only a rates file inside one zip is); unpack it and import what it holds"
        ))
    #expect(ContinuousClock.now - started < .seconds(10))
  }
}

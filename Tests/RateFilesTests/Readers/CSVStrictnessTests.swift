import CofferCore
import Foundation
import Testing
import XMLAndZip

@testable import RateFiles

/// CSV rates files cut short, shifted or misspelt are refused with their line; they never
/// import a wrong rate.
@Suite struct CSVStrictnessTests {
  /// The ECB history CSV, unpacked from the zip in the fixtures.
  static let history: [UInt8] = {
    guard let zip = try? fixture("eurofxref-hist.zip"), let files = try? LocalXMLAndZipReader().files(inZip: zip),
      let csv = files.first(where: { $0.path == "eurofxref-hist.csv" })
    else { return [] }
    return [UInt8](csv.data)
  }()

  static func readBytes(_ bytes: [UInt8]) throws(RateFileError) -> RateFile {
    try RateFileReader.read(Data(bytes), name: "cut.csv", xmlAndZip: LocalXMLAndZipReader())
  }

  /// A rate cell of up to 19 digits is read in the same pass that checks it: it must read
  /// as the general reading of digits reads it, for every cell the check lets through,
  /// and refuse the rest, at every length up to and past 19 digits.
  @Test func aRateCellReadsAsItsDigitsDo() throws {
    var generator = SplitMix(seed: 0x5EED_CE11)
    let alphabet = Array("0123456789._-e ".utf8)
    var cells = ["0", "0.0", "00.10", "9999999999999999999", "99999999999999999999", "0.0000000000000000001", "1."]
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 24)
      cells.append(
        String(
          decoding: (0..<length).map { _ in
            generator.next() % 5 == 0
              ? alphabet[Int(generator.next() % UInt64(alphabet.count))] : UInt8(48 + generator.next() % 10)
          }, as: UTF8.self))
    }
    let lines = try CSVLines(Array((cells.joined(separator: "\n") + "\n").utf8))
    var cellRange: [Range<Int>] = []
    for (index, text) in cells.enumerated() {
      lines.cells(ofLine: index, into: &cellRange)
      guard cellRange.count == 1 else { continue }
      let read = lines.rate(cellRange[0])
      // What the check lets through, once the cell is trimmed of blanks: digits, at most
      // one point between them.
      let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " "))
      let bytes = Array(trimmed.utf8)
      let points = bytes.filter { $0 == UInt8(ascii: ".") }.count
      let wellFormed =
        !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") } && points <= 1
        && bytes.first != UInt8(ascii: ".") && bytes.last != UInt8(ascii: ".")
      let expected = wellFormed ? (try DecimalValue.parseDigits(trimmed)).flatMap { $0.isZero ? nil : $0 } : nil
      #expect(read?.coefficient == expected?.coefficient && read?.scale == expected?.scale, "\(text)")
    }
  }

  @Test func theRealFilesEndWithANewline() throws {
    #expect(Self.history.last == 0x0A)
    #expect(try fixture("ecb-daily-2026-10-30.csv").last == 0x0A)
  }

  @Test func theDailyCSVCutInsideItsLastNumberIsRefused() throws {
    // `…, 71.143, …` cut after its 7: PHP once came in as 7.
    let cut = Array(try fixture("ecb-daily-2026-10-30.csv").prefix(380))
    #expect(String(decoding: cut.suffix(3), as: UTF8.self) == ", 7")
    #expect(throws: RateFileError("the file ends inside this row (no newline after it): cut short?", line: 2)) {
      try Self.readBytes(cut)
    }
  }

  @Test func theHistoryCutInsideItsLastRowIsRefused() throws {
    // The last row is 1999-01-04 with USD 1.1789; cut just after "1.1".
    let lastRow = try #require(Self.history.dropLast().lastIndex(of: 0x0A)) + 1
    let cut = Array(Self.history.prefix(lastRow + "1999-01-04,1.1".utf8.count))
    #expect(throws: RateFileError("the file ends inside this row (no newline after it): cut short?", line: 7127)) {
      try Self.readBytes(cut)
    }
  }

  @Test(arguments: [
    ("Date,USD,JPY,\n2024-01-02,1.1,150,\n2024-01-03,1.1,2,150,\n", "line 3: 5 cells where the header has 4"),
    ("Date,USD,JPY,\n2024-01-02,1.1,\n", "line 2: 3 cells where the header has 4"),
    ("Date,USD,JPY\n2024-01-02,1.1,150,\n", "line 2: 4 cells where the header has 3"),
    ("Date,USD,JPY,\n2024-01-02,1.1,150,9\n", "line 2: '9' after the last column"),
    ("Date, USD, JPY, \n30 Octember 2026, 1.1, 150, \n", "line 2: bad date '30 Octember 2026'"),
    ("Date, USD, JPY, \n31 November 2026, 1.1, 150, \n", "line 2: bad date '31 November 2026'"),
    ("Date, USD, JPY, \n30 Oct. 2026, 1.1, 150, \n", "line 2: bad date '30 Oct. 2026'"),
    ("Date,USD,JPY,\n2024-01-02,1.1,,\n", "line 2: no rate for JPY (an empty cell; N/A marks a missing rate)"),
    ("Date,USD,JPY,\n2024-01-02,1.,150,\n", "line 2: bad rate '1.' for USD"),
    ("Date,USD,JPY,\n2024-01-02,.5,150,\n", "line 2: bad rate '.5' for USD"),
    ("Date,USD,JPY,\n2024-01-02,1_000,150,\n", "line 2: bad rate '1_000' for USD"),
    ("Date,USD,JPY,\n2024-01-02,1e3,150,\n", "line 2: bad rate '1e3' for USD"),
    ("Date,USD,JPY,\n2024-01-02,0,150,\n", "line 2: bad rate '0' for USD"),
    ("Date,USD,JPY,\n2024-01-02,1.1,n/a,\n", "line 2: bad rate 'n/a' for JPY"),
    // A column outside the catalog is not imported, but must still hold numbers.
    ("Date,USD,ISK,\n2024-01-02,1.1,x,\n", "line 2: bad rate 'x' for ISK"),
    ("Date,USD,US D,\n2024-01-02,1.1,2,\n", "line 1: 'US D' in the header is not a currency code"),
    ("Date,USD,USD,\n2024-01-02,1.1,2,\n", "line 1: USD heads two columns"),
    ("Date,USD,JPY,\n", "line 1: no rows after the header"),
    ("Date,\n2024-01-02,\n", "line 1: the header names no currency after Date"),
    ("date,code,rate\n1,5\n", "line 2: expected date,code,rate: 2 cells where the header has 3"),
    ("date,code,rate\n2024-01-02,1,5\n", "line 2: '1' is not a currency code"),
    ("date,code,rate\n2024-01-02,USD,5,EUR\n", "line 2: expected date,code,rate: 4 cells where the header has 3"),
    ("date,code,rate\n2024-01-32,USD,5\n", "line 2: bad date '2024-01-32' (expected YYYY-MM-DD)"),
    ("date,code,rate\n2024-01-02,USD,5.5.5\n", "line 2: bad rate '5.5.5' for USD"),
    ("date,code,rate\n2024-01-02,XAU,abc\n", "line 2: bad rate 'abc' for XAU"),
    ("date,code,rate,base\n2024-01-02,USD,5,E\n", "line 2: 'E' is not a currency code"),
    ("date,code,rate,when\n2024-01-02,USD,5,x\n", "line 1: expected the header date,code,rate or date,code,rate,base"),
    (
      "date,code,rate\n2024-01-02,USD,1.1\n2024-01-03,USD,1.2",
      "line 3: the file ends inside this row (no newline after it): cut short?"
    ),
  ])
  func malformedRowsNameTheirLine(text: String, error: String) {
    #expect(readError(text)?.description == error)
  }

  @Test func wellFormedVariantsAreRead() throws {
    // CRLF line ends, blank lines, a byte-order mark and blanks after the last newline.
    let crlf = try read("\u{FEFF}Date,USD,JPY,\r\n2024-01-02,1.1,N/A,\r\n\r\n2024-01-03,1.2,150,\r\n  ")
    #expect(crlf.quotes.map(\.value) == [decimal("1.1"), decimal("1.2"), decimal("150")])
    let long = try read("date,code,rate,base\n2024-01-02,usd,1.1,\n2024-01-02,JPY,75,usd\n")
    #expect(long.quotes.map(\.base) == ["EUR", "USD"])
    #expect(long.quotes.map(\.code) == ["USD", "JPY"])
    let abbreviated = try read("Date, USD, \n3 Nov 2026, 1.1, \n")
    #expect(abbreviated.quotes.first?.date == CalendarDate("2026-11-03"))
  }

  @Test func theJSONStampIsReadStrictly() throws {
    func json(_ stamp: String) -> String {
      #"{"base_code":"USD","time_last_update_utc":"\#(stamp)","conversion_rates":{"USD":1,"EUR":0.9}}"#
    }
    #expect(try read(json("Wed, 24 Jun 2026 00:00:02 +0000")).quotes.first?.date == CalendarDate("2026-06-24"))
    for bad in [
      "Wed, 24 Junk 2026 00:00:02 +0000", "Thu, 24 Jun 2026 00:00:02 +0000", "Wed, 24 Jun 2026",
      "Wed, 31 Jun 2026 00:00:02 +0000",
      "Wed, 24 Jun 2026 24:00:02 +0000", "Wed 24 Jun 2026 00:00:02 +0000", "24 June 2026",
    ] {
      #expect(readError(json(bad))?.place == "JSON", "\(bad)")
    }
  }

  /// Every cut is refused naming a line, or reads exactly the first rows of the whole
  /// file, with their true values.
  func checkCuts(of whole: [UInt8], at positions: some Sequence<Int>) throws {
    let truth = try Self.readBytes(whole).quotes
    var refused = 0
    var prefixes = 0
    for position in positions {
      let cut = Array(whole.prefix(position))
      do {
        let quotes = try Self.readBytes(cut).quotes
        #expect(quotes.count <= truth.count && quotes[...] == truth.prefix(quotes.count), "cut at byte \(position)")
        prefixes += 1
      } catch {
        // Only the empty file (cut at 0) has no line to name.
        #expect(
          error.place.hasPrefix("line ") || (position == 0 && error.place == "byte 0"),
          "cut at byte \(position): \(error)")
        refused += 1
      }
    }
    #expect(refused > 0 && prefixes > 0)
  }

  @Test func theDailyCSVCutAnywhereNeverImportsAWrongRate() throws {
    let whole = [UInt8](try fixture("ecb-daily-2026-10-30.csv"))
    try checkCuts(of: whole, at: 0...whole.count)
  }

  @Test func theHistoryCutAnywhereNeverImportsAWrongRate() throws {
    let whole = Self.history
    #expect(whole.count > 1_000_000)
    // Every byte of the last two rows and of the header and first row, then a sample
    // elsewhere. (A cut that reads the whole file takes a while in a debug build.)
    var lineStarts = [0]
    for (index, byte) in whole.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
    let tail = lineStarts[lineStarts.count - 3]...whole.count
    let head = 0...lineStarts[2]
    var generator = SplitMix(seed: 20_261_030)
    let sample = (0..<100).map { _ in Int(generator.next() % UInt64(whole.count)) }
    // And some line boundaries, which must import the rows before them.
    let boundaries = (0..<2).map { _ in lineStarts[Int(generator.next() % UInt64(lineStarts.count))] }
    try checkCuts(of: whole, at: Array(tail) + Array(head) + sample + boundaries)
  }
}

/// A small seeded generator, so a failing cut can be found again.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

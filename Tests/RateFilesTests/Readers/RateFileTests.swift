import CofferCore
import Foundation
import Testing
import XMLAndZip

@testable import RateFiles

func fixture(_ name: String) throws -> Data {
  // Tests/Fixtures, above this file's folder (Tests/RateFilesTests/Readers).
  var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while url.lastPathComponent != "Tests" && url.path != "/" { url.deleteLastPathComponent() }
  return try Data(contentsOf: url.appendingPathComponent("Fixtures/" + name))
}

func read(_ text: String, name: String = "test") throws(RateFileError) -> RateFile {
  try RateFileReader.read(Data(text.utf8), name: name, xmlAndZip: LocalXMLAndZipReader())
}

func readError(_ text: String) -> RateFileError? {
  do {
    _ = try read(text)
    return nil
  } catch {
    return error
  }
}

@Suite struct RateFileTests {
  @Test func ecbDailyXML() throws {
    let file = try RateFileReader.read(
      try fixture("ecb-daily-2024-06-28.xml"), name: "daily.xml", xmlAndZip: LocalXMLAndZipReader())
    #expect(file.format == "ECB XML")
    let usd = try #require(file.quotes.first { $0.code == "USD" })
    #expect(usd == QuotedRate(date: CalendarDate("2024-06-28")!, code: "USD", base: "EUR", value: decimal("1.0705")))
    #expect(file.quotes.count == 30)
  }

  @Test func ecbDailyCSVWithLongDatesAndSpaces() throws {
    let file = try RateFileReader.read(
      try fixture("ecb-daily-2026-10-30.csv"), name: "daily.csv", xmlAndZip: LocalXMLAndZipReader())
    #expect(file.format == "ECB CSV")
    // 29 columns: RON and ISK are outside the catalog and only noted.
    #expect(file.quotes.count == 27)
    #expect(file.unknownCodes == ["RON", "ISK"])
    let gbp = try #require(file.quotes.first { $0.code == "GBP" })
    #expect(gbp.date == CalendarDate("2026-10-30"))
    #expect(gbp.value == decimal("0.83380"))
  }

  @Test func ecbHistoryZipWithGapsAndOldCurrencies() throws {
    let file = try RateFileReader.read(
      try fixture("eurofxref-hist.zip"), name: "eurofxref-hist.zip", xmlAndZip: LocalXMLAndZipReader())
    #expect(file.format == "ECB CSV")
    let dates = Set(file.quotes.map(\.date))
    #expect(dates.count == 7126)
    #expect(dates.min() == CalendarDate("1999-01-04"))
    #expect(dates.max() == CalendarDate("2026-10-30"))
    let pivoted = try RateImport.pivot(file, source: "ECB")
    let (rates, skipped) = (pivoted.rates.allRates, pivoted.skipped)
    // 28 catalog currencies besides EUR (RUB until 2022 among them); discontinued
    // columns (CYP, ROL, …) and ISK, which Coffer does not hold, are skipped.
    #expect(Set(rates.map(\.currency)).count == 28)
    #expect(skipped.contains("CYP") && skipped.contains("ROL") && skipped.contains("ISK"))
    let may3 = try #require(rates.first { $0.currency.code == "USD" && $0.date == CalendarDate("2010-05-03") })
    #expect(may3.perEuro == decimal("1.3238"))
    // N/A cells are absent, not zero: RUB stops in 2022.
    #expect(rates.filter { $0.currency.code == "RUB" }.map(\.date).max()! < CalendarDate("2022-04-01")!)
  }

  /// The ECB history's quotes are kept as euro quotes and pivoted on a way of their own:
  /// it must give what the way of every other file gives for the same quotes, with and
  /// without `only`, and fail on the same rate with the same words.
  @Test func euroQuotesArePivotedAsEveryOtherFilesQuotesAre() throws {
    let history = try RateFileReader.read(
      try fixture("eurofxref-hist.zip"), name: "eurofxref-hist.zip", xmlAndZip: LocalXMLAndZipReader())
    #expect(history.euroQuotes.count == 176_961)
    let plain = RateFile(format: history.format, quotes: history.quotes, unknownCodes: history.unknownCodes)
    #expect(plain.euroQuotes.isEmpty && plain.quotes.count == history.euroQuotes.count)
    for only in [[], [try #require(Catalog.currency("USD")), try #require(Catalog.currency("JPY"))]] {
      let fast = try RateImport.pivot(history, source: "ECB", only: only)
      let general = try RateImport.pivot(plain, source: "ECB", only: only)
      #expect(fast.rates.allRates == general.rates.allRates)
      #expect(fast.skipped == general.skipped && fast.leftOut == general.leftOut)
      #expect(fast.rates.count == general.rates.count && fast.rates.dayCount == general.rates.dayCount)
      #expect(fast.rates.currencyCount == (only.isEmpty ? 28 : 2))
    }
    let eur = try #require(Catalog.currency("EUR"))
    let usd = try #require(Catalog.currency("USD"))
    let day = try #require(CalendarDate("2024-01-02"))
    let tooLarge = try #require(try DecimalValue(parsing: "1" + String(repeating: "0", count: 20)))
    let euroQuotes = [
      EuroQuote(value: decimal("1"), date: day, currency: eur), EuroQuote(value: tooLarge, date: day, currency: usd),
    ]
    func pivotError(_ file: RateFile) -> String? {
      do {
        _ = try RateImport.pivot(file, source: "ECB")
        return nil
      } catch {
        return error.description
      }
    }
    let fastError = pivotError(RateFile(format: "ECB CSV", euroQuotes: euroQuotes))
    #expect(fastError == pivotError(RateFile(format: "ECB CSV", quotes: euroQuotes.map(\.quotedRate))))
    #expect(fastError?.contains("rate of USD on 2024-01-02") == true)
  }

  @Test func exchangeRateAPIJSONIsConvertedThroughItsOwnEuroRate() throws {
    let file = try RateFileReader.read(
      try fixture("rates-usd-2024-03-13.json"), name: "usd.json", xmlAndZip: LocalXMLAndZipReader())
    #expect(file.format == "ExchangeRate-API JSON")
    let pivoted = try RateImport.pivot(file, source: "ExchangeRate-API")
    let (rates, skipped) = (pivoted.rates.allRates, pivoted.skipped)
    #expect(Set(rates.map(\.currency)).count == 41)
    #expect(!skipped.contains("USD"))
    let usd = try #require(rates.first { $0.currency.code == "USD" })
    #expect(usd.date == CalendarDate("2024-03-13"))
    // r(USD) = 1 / (EUR per USD) = 1 / 0.9155, to 30 digits.
    #expect(usd.perEuro == (try decimal("1") / decimal("0.9155")).rounded(toSignificantDigits: 30))
  }

  /// ExchangeRate-API's open endpoint (open.er-api.com) names the map `rates`, not
  /// `conversion_rates`, beside the same `base_code` and `time_last_update_utc`.
  @Test func exchangeRateAPIOpenEndpointJSONIsReadWithItsRatesMap() throws {
    let file = try read(
      """
      {"result": "success", "provider": "https://www.exchangerate-api.com",
       "time_last_update_unix": 1719532801, "time_last_update_utc": "Fri, 28 Jun 2024 00:00:01 +0000",
       "time_next_update_utc": "Sat, 29 Jun 2024 00:32:11 +0000", "base_code": "USD",
       "rates": {"USD": 1, "EUR": 0.934, "AED": 3.6725, "XAU": 0.0004}}
      """)
    #expect(file.format == "ExchangeRate-API JSON")
    #expect(file.quotes.allSatisfy { $0.base == "USD" && $0.date == CalendarDate("2024-06-28") })
    let pivoted = try RateImport.pivot(file, source: "ExchangeRate-API")
    let (rates, skipped) = (pivoted.rates.allRates, pivoted.skipped)
    #expect(skipped == ["XAU"])
    let aed = try #require(rates.first { $0.currency.code == "AED" })
    // r(AED) = AED per USD ÷ EUR per USD, to 30 digits.
    #expect(aed.perEuro == (try decimal("3.6725") / decimal("0.934")).rounded(toSignificantDigits: 30))
    #expect(
      rates.first { $0.currency.code == "USD" }?.perEuro
        == (try decimal("1") / decimal("0.934")).rounded(toSignificantDigits: 30))
  }

  @Test func exchangeRateAPIErrorAnswerSaysWhy() throws {
    #expect(
      readError(#"{"result": "error", "error-type": "unsupported-code"}"#)?.description
        == "JSON: the answer is an error (unsupported-code), not rates")
    // Elsewhere `result` is just another member, whatever it holds.
    #expect(
      try read(#"{"result": 7, "base": "EUR", "date": "2024-01-02", "rates": {"USD": 1.1}}"#).quotes.map(\.code)
        == ["USD"])
    // Without its date the map is refused, whichever key holds it.
    #expect(
      readError(#"{"base_code": "EUR", "rates": {"USD": 1.1}}"#)?.description
        == #"JSON: expected a time_last_update_utc such as "Wed, 24 Jun 2026 00:00:02 +0000""#)
  }

  /// Any valid JSON is read, its numbers exactly: exponents, the floats Python's json
  /// module writes, long decimals, surrogate pairs in strings.
  @Test func jsonNumbersAreReadExactlyWhateverTheirForm() throws {
    func rate(of code: String, in text: String) throws -> DecimalValue? {
      try read(text).quotes.first { $0.code == code }?.value
    }
    let document = #"""
      {"base": "EUR", "date": "2024-01-02", "note": "\ud83d\ude00 caf\u00e9", "rates": {
        "USD": 1.1e0, "JPY": 1.5E+2, "GBP": 8.5e-1, "CHF": 3.3333333333333335e-05,
        "CNY": 133.73000000000000000000000000001, "SEK": 2.38e-05, "NOK": 0.1}}
      """#
    #expect(try rate(of: "USD", in: document) == decimal("1.1"))
    #expect(try rate(of: "JPY", in: document) == decimal("150"))
    #expect(try rate(of: "GBP", in: document) == decimal("0.85"))
    #expect(try rate(of: "CHF", in: document) == decimal("0.000033333333333333335"))
    #expect(try rate(of: "CNY", in: document) == decimal("133.73000000000000000000000000001"))
    #expect(try rate(of: "SEK", in: document) == decimal("0.0000238"))
    #expect(try rate(of: "NOK", in: document) == decimal("0.1"))
  }

  @Test func jsonThatCannotBeReadExactlyNamesItsPlace() {
    let head = #"{"base": "EUR", "date": "2024-01-02", "rates": "#
    // Where the USD rate's number starts in `head + {"USD": …`.
    let number = head.utf8.count + #"{"USD": "#.utf8.count
    // JSONDecoder would round these into a Decimal without a word: refused by their text.
    #expect(
      readError(head + #"{"USD": 12345678901234567890123456789012345678901234567890}}"#)?.description
        == "byte \(number): a number with 49 significant digits: a rate holds at most 38 exactly")
    #expect(
      readError(head + #"{"USD": 1.0000000000000000000000000000000000000000001}}"#)?.description
        == "byte \(number): a number with 44 significant digits: a rate holds at most 38 exactly")
    #expect(
      readError(head + #"{"USD": 0.1000000000000000000000000000000000000001e3}}"#)?.place == "byte \(number)")
    // Decimal holds these exactly; a rate cannot.
    let cannotBeHeld =
      "JSON: the rate of USD cannot be held exactly: a rate has at most 38 significant digits and 60 decimal places"
    #expect(readError(head + #"{"USD": 1e-61}}"#)?.description == cannotBeHeld)
    #expect(readError(head + #"{"USD": 1e44}}"#)?.description == cannotBeHeld)
    #expect(readError(head + #"{"USD": 1e400}}"#)?.place == "JSON")
    #expect(
      readError(head + #"{"USD": 1}} extra"#)?.description.hasPrefix("byte \(number + 4): not valid JSON") == true)
    #expect(readError(head + #"{"USD": -1}}"#)?.description == "JSON: bad rate -1 for USD")
    #expect(readError(head + #"["USD"]}"#)?.description == "JSON: the rates are not an object")
    #expect(readError(#"{"base": "EUR", "date": "2024-01-02", "rates": {"USD": "\ud83d"}}"#)?.place == "JSON")
    #expect(
      readError(#"{"base": "EUR", "date": "2024-01-02", "rates": {"\ud83d": 1}}"#)?.description
        == #"JSON: not valid JSON: a \u escape is half a surrogate pair, without its other half"#)
  }

  /// Up to 38 significant digits are read exactly, however the number places its point;
  /// long digit runs that are not numbers (in strings) are no concern.
  @Test func jsonNumbersOfUpTo38DigitsAreKept() throws {
    let document = #"""
      {"base": "EUR", "date": "2024-01-02", "note": "a\"12345678901234567890123456789012345678901234567890",
       "rates": {"USD": 0.12345678901234567890123456789012345678, "JPY": 1.5000000000000000000000000000000000000000000000,
       "GBP": 12345678901234567890123456789012345678e-40, "CHF": 100000000000000000000000000000000000000000000e-44}}
      """#
    let quotes = try read(document).quotes
    func rate(_ code: String) -> DecimalValue? { quotes.first { $0.code == code }?.value }
    #expect(rate("USD") == decimal("0.12345678901234567890123456789012345678"))
    #expect(rate("JPY") == decimal("1.5"))
    #expect(rate("GBP") == decimal("0.0012345678901234567890123456789012345678"))
    #expect(rate("CHF") == decimal("1"))
  }

  /// A document cut anywhere is refused, and the error names the byte where it stops.
  @Test func jsonCutShortAnywhereNamesItsEnd() throws {
    let whole = #"{"base": "EUR", "date": "2024-01-02", "rates": {"USD": 1.1e0, "JPY": 3.3333333333333335e-05}}"#
    let bytes = Array(whole.utf8)
    for length in 1..<bytes.count {
      let error = readError(String(decoding: bytes[..<length], as: UTF8.self))
      #expect(error?.place.hasPrefix("byte ") == true, "cut at \(length): \(String(describing: error))")
    }
    #expect(
      readError(#"{"base": "EUR", "date": "2024-01-02", "rates": {"USD": 1."#)?.description
        == "byte 57: the JSON ends before it is complete: cut short?")
  }

  @Test func baseDateRatesJSONAndLongCSV() throws {
    let json = try read(#"{"base": "USD", "date": "2024-01-02", "rates": {"EUR": 0.5, "CNY": 3.5, "XAU": 0.0004}}"#)
    let pivoted = try RateImport.pivot(json, source: "j")
    let (rates, skipped) = (pivoted.rates.allRates, pivoted.skipped)
    #expect(skipped == ["XAU"])
    #expect(rates.map(\.perEuro) == [decimal("7")])
    #expect(rates.first?.date == CalendarDate("2024-01-02"))

    let csv = try read("date,code,rate,base\n2024-01-02,EUR,0.5,USD\n2024-01-02,JPY,75,USD\n2024-01-03,JPY,160,\n")
    let pivotedCSV = try RateImport.pivot(csv, source: "c")
    #expect(pivotedCSV.rates.allRates.map(\.perEuro) == [decimal("150"), decimal("160")])
  }

  @Test(arguments: [
    ("", "byte 0: the file is empty"),
    ("   \n", "byte 0: the file is empty"),
    (
      "hello,world\n1,2\n",
      "line 1: unrecognised rates file: expected ECB XML, JSON with a base and rates, or CSV whose header starts with Date"
    ),
    ("Date,USD,JPY,\n2024-01-02,1.1,abc,\n", "line 2: bad rate 'abc' for JPY"),
    ("Date,USD,\n2024-01-02,1.1,\n2024-13-01,1.2,\n", "line 3: bad date '2024-13-01'"),
    ("Date,USD,\n2024-01-02,-1.1,\n", "line 2: bad rate '-1.1' for USD"),
    ("date,code,rate\n2024-01-02,USD\n", "line 2: expected date,code,rate: 2 cells where the header has 3"),
    (
      "{\"base\": \"EUR\", \"date\": \"2024-01-02\", \"rates\": {\"USD\": 1.1,}",
      "byte 60: the JSON ends before it is complete: cut short?"
    ),
    (
      "{\"base\": \"EUR\", \"date\": \"2024-01-02\", \"rates\": {\"USD\": \"x\"}}",
      "JSON: the rate of USD is not a number"
    ),
    (
      "{\"hello\": 1}",
      "JSON: unrecognised JSON: expected {\"base_code\", \"conversion_rates\" or \"rates\", …} or {\"base\", \"date\", \"rates\"}"
    ),
  ])
  func brokenFilesNameTheirPlace(text: String, error: String) {
    #expect(readError(text)?.description == error)
  }

  @Test func truncatedXMLNamesItsLine() throws {
    let whole = String(decoding: try fixture("ecb-daily-2024-06-28.xml"), as: UTF8.self)
    let truncated = String(whole.prefix(whole.count / 2))
    let error = try #require(readError(truncated))
    #expect(error.place.hasPrefix("line "))
    #expect(error.message.hasPrefix("truncated XML: <") || error.message.hasPrefix("malformed XML"))
    // A syntax error inside the document: an attribute without its closing quote.
    let broken = readError(whole.replacingOccurrences(of: "rate='171.94'", with: "rate='171.94"))
    #expect(broken?.message.hasPrefix("malformed XML") == true, "\(String(describing: broken))")
    // The quote opened on line 10 runs on; the parser stops on line 11.
    #expect(broken?.place == "line 11")
    #expect(readError("<?xml version='1.0'?><root/>")?.description.contains("no rates found") == true)
  }

  @Test func zipWithNothingUsableSaysWhatItHeld() throws {
    // A zip holding one text file (made with Python's zipfile, stored uncompressed).
    let zip = Data(
      base64Encoded:
        "UEsDBBQAAAAAAAAAIQAgMDo2BgAAAAYAAAAJAAAAbm90ZXMudHh0aGVsbG8KUEsBAhQDFAAAAAAAAAAhACAwOjYGAAAABgAAAAkAAAAAAAAAAAAAAIABAAAAAG5vdGVzLnR4dFBLBQYAAAAAAQABADcAAAAtAAAAAAA="
    )!
    #expect(throws: RateFileError.self) {
      try RateFileReader.read(zip, name: "notes.zip", xmlAndZip: LocalXMLAndZipReader())
    }
    do {
      _ = try RateFileReader.read(zip, name: "notes.zip", xmlAndZip: LocalXMLAndZipReader())
    } catch {
      #expect(
        error.description.hasPrefix(
          "notes.zip: the zip holds no usable rates file (notes.txt: line 1: unrecognised rates file"))
    }
  }
}

/// The answers of the `coffer-rates` helper survive the trip through its pipe.
@Suite struct HelperWireTests {
  @Test func quotesRoundTripExactly() throws {
    let quotes = [
      QuotedRate(date: CalendarDate("2024-06-28")!, code: "USD", base: "EUR", value: decimal("1.0705")),
      QuotedRate(
        date: CalendarDate("1999-01-04")!, code: "JPY", base: "EUR", value: decimal("133.73000000000000000000000000001")
      ),
    ]
    #expect(try HelperWire.decodeQuotes(HelperWire.encode(quotes)) == quotes)
    #expect(try HelperWire.decodeQuotes(Data()) == [])
  }

  @Test func anUnexpectedAnswerIsAnErrorNotAWrongNumber() {
    #expect(throws: RateFileError.self) { try HelperWire.decodeQuotes(Data("2024-06-28 USD EUR 1.07x\n".utf8)) }
    #expect(throws: RateFileError.self) { try HelperWire.decodeQuotes(Data("2024-06-28 USD 1.07\n".utf8)) }
  }

  @Test func errorsKeepTheirPlace() {
    let error = RateFileError("truncated XML: <Cube> is not closed", line: 15)
    #expect(HelperWire.decodeError(HelperWire.encode(error)) == error)
    #expect(HelperWire.decodeError("something odd\n").description == "coffer-rates: something odd")
  }
}

/// Running the helper: input in, output and errors out, however large, and the status.
@Suite struct ChildProcessTests {
  @Test func feedsAndCollectsMoreThanAPipeHolds() throws {
    let input = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    let result = try ChildProcess.run(["sh", "-c", "cat; echo done >&2; exit 3"], input: input)
    #expect(result.output == input)
    #expect(String(decoding: result.errors, as: UTF8.self) == "done\n")
    #expect(result.status == 3)
  }

  @Test func aProgramThatStopsReadingOrIsKilledIsReported() throws {
    let stopped = try ChildProcess.run(["sh", "-c", "exit 0"], input: Data(count: 1_000_000))
    #expect(stopped.status == 0)
    #expect(try ChildProcess.run(["sh", "-c", "kill -TERM $$"], input: nil).status == 128 + SIGTERM)
    #expect(throws: ChildProcess.Failure.cannotStart(reason: "No such file or directory")) {
      try ChildProcess.run(["no-such-program-coffer"], input: nil)
    }
  }
}

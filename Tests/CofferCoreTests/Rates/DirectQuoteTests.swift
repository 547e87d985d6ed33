import Foundation
import GRDB
import Testing

@testable import CofferCore

/// The valuation rule (SPEC §6): a direct quote between C and L, or the cross rate
/// through the euro dated by its older leg; the later date wins, the quote on a tie.
@Suite struct DirectQuoteTests {
  let temporary = TemporaryFolder()

  private let gbp = Catalog.currency("GBP")!
  private let aed = Catalog.currency("AED")!

  private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  private func rate(_ currency: Currency, _ value: String, _ day: String, _ source: String = "ECB") -> Rate {
    Rate(currency: currency, perEuro: decimal(value), date: date(day), source: source)
  }

  private func quote(_ currency: Currency, _ value: String, in other: Currency, _ day: String) -> Quote {
    Quote(currency: currency, quotedIn: other, value: decimal(value), date: date(day), source: "manual")
  }

  /// CNY 8 and USD 1.1 per euro on 2024-01-10; a quote of USD in CNY on 2024-01-05.
  private var book: RateBook {
    RateBook(
      [rate(cny, "8", "2024-01-10"), rate(usd, "1.1", "2024-01-10"), rate(cny, "7.9", "2024-01-01")],
      quotes: [quote(usd, "7.3", in: cny, "2024-01-05")])
  }

  @Test func theFresherOfQuoteAndCrossRateWinsAndTheQuoteOnATie() throws {
    // Before the cross rate's legs exist, the quote is all there is.
    let early = try book.valuation(of: usd, in: cny, on: date("2024-01-06")).get()
    #expect(early.factor == decimal("7.3") && early.kind == .direct && early.date == date("2024-01-06") - 1)
    // From 2024-01-10 the cross rate (both legs that day) is newer.
    let later = try book.valuation(of: usd, in: cny, on: date("2024-01-10")).get()
    #expect(later.kind == .cross && later.date == date("2024-01-10") && later.source == "ECB")
    #expect(later.factor == (try decimal("8") / decimal("1.1")).rounded(toSignificantDigits: 30))
    // A quote on the cross rate's own date wins.
    var tie = book
    tie.record(quote(usd, "7.25", in: cny, "2024-01-10"))
    #expect(try tie.valuation(of: usd, in: cny, on: date("2024-01-20")).get().factor == decimal("7.25"))
  }

  @Test func aCrossRateIsAsOldAsItsOlderLeg() throws {
    // USD's leg is from 2024-01-10, CNY's only from 2024-01-01 when asked on 2024-01-09.
    var older = RateBook([rate(cny, "7.9", "2024-01-01"), rate(usd, "1.1", "2024-01-08", "usd.json")])
    #expect(try older.valuation(of: usd, in: cny, on: date("2024-01-09")).get().date == date("2024-01-01"))
    #expect(try older.valuation(of: usd, in: cny, on: date("2024-01-09")).get().source == "ECB")
    // So a quote from 2024-01-05 is fresher than that cross rate, though USD's leg is newer.
    older.record(quote(usd, "7.3", in: cny, "2024-01-05"))
    #expect(try older.valuation(of: usd, in: cny, on: date("2024-01-09")).get().factor == decimal("7.3"))
    // The euro is the pivot: it never dates a cross rate.
    let inEuro = try older.valuation(of: usd, in: Catalog.eur, on: date("2024-01-09")).get()
    #expect(inEuro.date == date("2024-01-08") && inEuro.source == "usd.json")
  }

  @Test func aQuoteCountsEitherWayRound() throws {
    let inverse = try book.valuation(of: cny, in: usd, on: date("2024-01-06")).get()
    #expect(inverse.kind == .direct)
    #expect(inverse.factor == (try DecimalValue.one / decimal("7.3")).rounded(toSignificantDigits: 30))
    // A later quote of the pair typed the other way round replaces it.
    var turned = book
    turned.record(quote(cny, "0.14", in: usd, "2024-01-07"))
    #expect(
      try turned.valuation(of: usd, in: cny, on: date("2024-01-08")).get().factor.rounded(toPlaces: 10)
        == decimal("7.1428571429"))
    #expect(try turned.valuation(of: cny, in: usd, on: date("2024-01-08")).get().factor == decimal("0.14"))
  }

  @Test func theMissingRateIsNamedTheLocalOneWhenItIs() throws {
    let noLocal = RateBook([rate(usd, "1.1", "2024-01-10")])
    #expect(noLocal.valuation(of: usd, in: cny, on: date("2024-01-10")) == .failure(.noLocalRate(cny)))
    #expect(book.valuation(of: aed, in: cny, on: date("2024-01-10")) == .failure(.noRate([aed])))
    // A quote needs no euro rate at all.
    var quoted = noLocal
    quoted.record(quote(aed, "1.95", in: cny, "2024-01-02"))
    #expect(try quoted.valuation(of: aed, in: cny, on: date("2024-01-10")).get().factor == decimal("1.95"))
  }

  @Test func aQuoteSurvivesOtherRatesLocalChangesAndOlderImports() throws {
    let path = temporary.path + "/quotes.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    try ledger.setRate(decimal("0.3333333333"), of: usd)
    try ledger.setRate(decimal("0.3333333333"), of: Catalog.eur)
    ledger.setLocal(usd)
    ledger.setLocal(cny)
    try ledger.save()
    _ = try ledger.storeImportedRates([rate(usd, "1.05", "2020-01-02"), rate(cny, "7.7", "2020-01-02")])
    let reopened = try Ledger(location: .file(path), today: testDay)
    for portfolio in [ledger.portfolio, reopened.portfolio] {
      #expect(try portfolio.displayRate(of: usd) == decimal("0.3333333333"))
      #expect(try portfolio.displayRate(of: Catalog.eur) == decimal("0.3333333333"))
    }
    // Newer imported data supersedes it.
    _ = try reopened.storeImportedRates([rate(usd, "1.2", "2026-11-22"), rate(cny, "8.4", "2026-11-22")])
    #expect(try reopened.portfolio.displayRate(of: usd) == decimal("0.3333333333"), "a tie keeps the quote")
    let tomorrow = try Ledger(location: .file(path), today: CalendarDate(dayNumber: testDay.dayNumber + 1)!)
    _ = try tomorrow.storeImportedRates([rate(usd, "1.2", "2026-11-23"), rate(cny, "8.4", "2026-11-23")])
    #expect(try tomorrow.portfolio.displayRate(of: usd) == decimal("7"))
    #expect(try tomorrow.portfolio.valuation(of: usd).get().source == "ECB")
  }

  @Test func snapshotsKeepQuotesExactlyAndDamageIsNamed() throws {
    var sources = SourceNames()
    var snapshot = RateSnapshot()
    let rowDay = date("2026-11-22").dayNumber
    snapshot.rates[usd.index] = .init(perEuro: decimal("1.1172"), day: rowDay - 23, source: sources.number(of: "ECB"))
    for held in [
      RateSnapshot.HeldQuote(
        currency: usd.index, quotedIn: cny.index, value: decimal("0.3333333333"), day: rowDay,
        source: sources.number(of: "manual")),
      RateSnapshot.HeldQuote(
        currency: cny.index, quotedIn: gbp.index, value: decimal("12345678901234.123456789012345678"),
        day: rowDay - 400, source: sources.number(of: "manual")),
    ] {
      snapshot.quotes[held.pair] = held
    }
    let blob = SnapshotCoding.encode(snapshot, day: rowDay, sources: sources)
    #expect(blob.first == SnapshotCoding.formatWithChecksum)
    var names = SourceNames()
    let decoded = try blob.withUnsafeBytes { try SnapshotCoding.decode($0, day: rowDay, sources: &names) }
    #expect(
      decoded.allQuotes(sources: names).map { "\($0.currency) \($0.value) \($0.quotedIn) \($0.date)" } == [
        "USD 0.3333333333 CNY 2026-11-22", "CNY 12345678901234.123456789012345678 GBP 2025-10-18",
      ])
    #expect(decoded.allRates(sources: names).map(\.perEuro) == [decimal("1.1172")])
    // Cut anywhere, or with a byte too many, it is damage, never a wrong quote.
    for bytes in (0..<blob.count).map({ Array(blob.prefix($0)) }) + [blob + [0]] {
      var names = SourceNames()
      #expect(throws: DamagedSnapshot.self) {
        _ = try bytes.withUnsafeBytes { try SnapshotCoding.decode($0, day: rowDay, sources: &names) }
      }
    }
    // Without quotes a row is written as before quotes existed.
    snapshot.quotes = [:]
    #expect(SnapshotCoding.encode(snapshot, day: rowDay, sources: sources).first == SnapshotCoding.formatWithChecksum)
  }
}

extension CalendarDate {
  fileprivate static func - (date: CalendarDate, days: Int) -> CalendarDate {
    CalendarDate(dayNumber: date.dayNumber - days)!
  }
}

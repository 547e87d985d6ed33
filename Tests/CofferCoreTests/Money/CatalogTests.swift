import Testing

@testable import CofferCore

@Suite struct CatalogTests {
  @Test func holdsTheFortyTwoCurrenciesInOrder() {
    let order = """
      CNY USD EUR JPY GBP HKD MOP TWD KRW SGD AUD NZD CAD CHF SEK NOK DKK PLN CZK HUF RUB TRY ILS AED SAR QAR \
      KWD INR PKR NPR THB MYR IDR PHP VND KHR MNT BND RSD BRL MXN ZAR
      """
    #expect(Catalog.all.map(\.code) == order.split(separator: " ").map(String.init))
    #expect(Catalog.all.enumerated().allSatisfy { $0.offset == $0.element.index })
  }

  @Test func minorUnitsFollowISO4217() {
    let units = Dictionary(uniqueKeysWithValues: Catalog.all.map { ($0.code, $0.minorUnits) })
    #expect(units["JPY"] == 0 && units["KRW"] == 0 && units["VND"] == 0)
    #expect(units["KWD"] == 3)
    // ICU says 0 for IDR; ISO 4217 says 2.
    #expect(units["IDR"] == 2)
    #expect(Catalog.all.filter { $0.minorUnits == 2 }.count == 38)
  }

  @Test func looksUpCodesInAnyCase() {
    #expect(Catalog.currency("usd")?.code == "USD")
    #expect(Catalog.currency("Jpy")?.index == 3)
    #expect(Catalog.currency("XYZ") == nil)
    #expect(Catalog.currency("US") == nil)
    #expect(Catalog.currency("USDX") == nil)
    #expect(Catalog.currency("U$D") == nil)
  }

  @Test func everyCurrencyHasNamesAndASymbol() {
    for currency in Catalog.all {
      #expect(!currency.englishName.isEmpty && !currency.chineseName.isEmpty && !currency.symbol.isEmpty)
      #expect(!currency.traditionalChineseName.isEmpty)
    }
  }

  @Test func compiledInSnapshotCoversEveryCurrencyWithItsOwnDateAndSource() throws {
    let book = RateBook.compiledIn
    let day = try #require(CalendarDate("2026-11-22"))
    for currency in Catalog.all {
      let rate = try #require(book.rate(of: currency, on: day), "no rate for \(currency.code)")
      #expect(rate.perEuro > .zero)
    }
    #expect(book.rate(of: try #require(Catalog.currency("USD")), on: day)?.source == "ECB")
    #expect(book.rate(of: try #require(Catalog.currency("USD")), on: day)?.date.description == "2026-10-30")
    #expect(book.rate(of: try #require(Catalog.currency("TWD")), on: day)?.source == "ExchangeRate-API")
    #expect(book.rate(of: try #require(Catalog.currency("TWD")), on: day)?.date.description == "2026-06-24")
    #expect(book.rate(of: Catalog.eur, on: day)?.perEuro == .one)
  }
}

import Foundation
import Testing

@testable import CofferCore

/// The prices `rates export` writes: a currency's value in the local one, as `rate_at`
/// gives it, on each date it changed (and only then).
@Suite struct PriceHistoryTests {
  private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  private func rate(_ currency: Currency, _ value: String, _ day: String) -> Rate {
    Rate(currency: currency, perEuro: decimal(value), date: date(day), source: "ECB")
  }

  /// CNY 8 per euro from 2024-01-01 and 8.4 from 2024-01-08; USD 1.1, then 1.2 from
  /// 2024-01-05; GBP from 2024-01-06 only; a quote of USD in CNY typed on 2024-01-10.
  private var book: RateBook {
    RateBook(
      [
        rate(cny, "8", "2024-01-01"), rate(usd, "1.1", "2024-01-01"), rate(usd, "1.2", "2024-01-05"),
        rate(cny, "8.4", "2024-01-08"), rate(gbp, "0.85", "2024-01-06"),
        // The same value again on a later date: no new price.
        rate(usd, "1.2", "2024-01-09"),
      ],
      quotes: [Quote(currency: usd, quotedIn: cny, value: decimal("7.1"), date: date("2024-01-10"), source: "manual")])
  }

  private let gbp = Catalog.currency("GBP")!

  private func lines(_ prices: [PriceHistory.Price]) -> [String] {
    prices.map { "\($0.date) \($0.currency.code) \($0.value)" }
  }

  @Test func aLinePerDateOnWhichTheValueChangedRoundedAsRateAtIs() {
    let prices = PriceHistory.changes(of: [usd, gbp, Catalog.eur], in: cny, book: book, from: nil, to: nil)
    #expect(
      lines(prices) == [
        "2024-01-01 USD 7.2727272727", "2024-01-01 EUR 8", "2024-01-05 USD 6.6666666667",
        "2024-01-06 GBP 9.4117647059", "2024-01-08 USD 7", "2024-01-08 EUR 8.4", "2024-01-08 GBP 9.8823529412",
        "2024-01-10 USD 7.1",
      ])
    // Each one is what rate_at would say on its date.
    for price in prices {
      let valuation = try? book.valuation(of: price.currency, in: cny, on: price.date).get()
      #expect(valuation?.factor.rounded(toPlaces: 10) == price.value)
    }
  }

  @Test func fromStartsWithTheValueInEffectAndToEndsTheRange() {
    let prices = PriceHistory.changes(
      of: [usd, gbp], in: cny, book: book, from: date("2024-01-03"), to: date("2024-01-07"))
    #expect(
      lines(prices) == ["2024-01-03 USD 7.2727272727", "2024-01-05 USD 6.6666666667", "2024-01-06 GBP 9.4117647059"])
    // The local currency itself has no price; nothing before any rate.
    #expect(PriceHistory.changes(of: [cny], in: cny, book: book, from: nil, to: nil).isEmpty)
    #expect(PriceHistory.changes(of: [usd], in: cny, book: book, from: nil, to: date("2023-12-31")).isEmpty)
  }
}

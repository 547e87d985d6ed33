import Testing

@testable import CofferCore

/// `total in C`: the holdings valued in another currency, the local one unchanged.
@Suite struct ExpressedInTests {
  // 1 EUR = 8 CNY = 1.25 USD = 160 JPY (simpleRates).
  private func portfolio() -> Portfolio {
    let portfolio = Portfolio(local: cny, rates: simpleRates(), today: testDay, counters: Counters())
    portfolio.setAmount(decimal("100"), of: usd)
    portfolio.setAmount(decimal("1600"), of: jpy)
    portfolio.setAmount(decimal("80"), of: cny)
    return portfolio
  }

  @Test func theTotalInAnotherCurrencyIsTheSameAnswer() throws {
    let portfolio = portfolio()
    // In CNY: 640 + 80 + 80 = 800. In USD: 100 + 1600 × 1.25 / 160 + 80 × 1.25 / 8 = 125.
    #expect(try portfolio.total().get().value == decimal("800"))
    let inUSD = try portfolio.total(in: usd).get()
    #expect(inUSD.value == decimal("125"))
    #expect(inUSD.local == usd && inUSD.holdings == 3)
    // JPY has no minor units: 125 USD × 128 = 16,000 JPY.
    #expect(try portfolio.total(in: jpy).get().value == decimal("16000"))
    #expect(portfolio.local == cny, "the local currency is unchanged")
    #expect(try portfolio.value(of: jpy, in: usd) == decimal("12.5"))
    #expect(try portfolio.value(of: usd, in: usd) == decimal("100"))
  }

  @Test func aRateYouSetCountsAsInTheTotal() throws {
    let portfolio = portfolio()
    // 1 USD = 10 CNY, set by hand: in CNY the USD holding is 1000; in JPY it goes through
    // CNY (1 JPY = 0.05 CNY): 1 USD = 10 / 0.05 = 200 JPY, dated by its older leg.
    portfolio.record(Quote(currency: usd, quotedIn: cny, value: decimal("10"), date: testDay, source: "manual"))
    #expect(try portfolio.total().get().value == decimal("1160"))
    #expect(try portfolio.valuation(of: usd, in: jpy).get().factor == decimal("200"))
    #expect(try portfolio.valuation(of: usd, in: jpy).get().date == CalendarDate(year: 2026, month: 11, day: 20))
    // 1160 CNY = 23,200 JPY: the same answer in JPY.
    #expect(try portfolio.total(in: jpy).get().value == decimal("23200"))
  }

  @Test func aHoldingWithNoRateIsLeftOutAndATargetWithNoneFails() throws {
    let portfolio = portfolio()
    let gbp = Catalog.currency("GBP")!
    portfolio.setAmount(decimal("5"), of: gbp)
    let partial = try portfolio.total(in: usd).get()
    #expect(partial.missing == [gbp] && partial.value == decimal("125"))
    #expect(portfolio.total(in: gbp) == .failure(.noRate([gbp])))
  }
}

extension Result where Success == Total, Failure == PortfolioError {
  fileprivate static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.failure(let one), .failure(let other)): one == other
    default: false
    }
  }
}

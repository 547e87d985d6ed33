import Testing

@testable import CofferCore

/// How old the rates behind a total are (SPEC §12, Age): the oldest leg, its currencies,
/// and the note when it is older than max-age.
@Suite struct RateAgeTests {
  private let usd = Catalog.currency("USD")!
  private let jpy = Catalog.currency("JPY")!
  private let aed = Catalog.currency("AED")!
  private let cny = Catalog.cny
  private let eur = Catalog.eur

  private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }
  private func value(_ text: String) -> DecimalValue { try! DecimalValue.parseDigits(text)! }
  private func rate(_ currency: Currency, _ perEuro: String, _ day: String) -> Rate {
    Rate(currency: currency, perEuro: value(perEuro), date: date(day), source: "ECB")
  }

  private func portfolio(_ book: RateBook, today: String = "2026-11-27", counters: Counters = Counters()) -> Portfolio {
    Portfolio(local: cny, rates: book, today: date(today), counters: counters)
  }

  @Test func theOldestLegNamesItsCurrenciesTheLocalOneIncluded() throws {
    let book = RateBook([
      rate(cny, "7.4", "2026-06-24"), rate(usd, "1.1", "2026-11-20"), rate(jpy, "170", "2026-06-24"),
    ])
    let held = portfolio(book)
    held.setAmount(value("100"), of: Holding(usd))
    held.setAmount(value("5000"), of: Holding(jpy))
    let age = try held.total().get().oldestRate
    #expect(age == RateAge(date: date("2026-06-24"), units: [cny, jpy]))
    #expect(age?.note(before: date("2026-11-27"), maxAge: 7) == "rates as old as 2026-06-24 (156 days) for CNY, JPY")
    // Within max-age, or with the note off, nothing is said.
    #expect(age?.note(before: date("2026-06-30"), maxAge: 7) == nil)
    #expect(age?.note(before: date("2026-11-27"), maxAge: 0) == nil)
  }

  @Test func unitsOfTheOldestDateAreKeptByIndexEachOnceAndAnOlderDateStartsAgain() {
    var age: RateAge?
    for unit in [usd, aed, jpy, usd, cny] { RateAge.add(unit, date("2026-06-24"), to: &age) }
    RateAge.add(eur, date("2026-06-25"), to: &age)
    #expect(age == RateAge(date: date("2026-06-24"), units: [aed, usd, cny, jpy].sorted { $0.index < $1.index }))
    RateAge.add(eur, date("2026-06-23"), to: &age)
    #expect(age == RateAge(date: date("2026-06-23"), units: [eur]))
  }

  @Test func onlyTheLocalCurrencyHeldRestsOnNoRate() throws {
    let held = portfolio(RateBook([rate(cny, "7.4", "2020-01-02")]))
    held.setAmount(value("100"), of: Holding(cny))
    #expect(try held.total().get().oldestRate == nil)
    // The euro is valued by the local currency's rate alone.
    held.setAmount(value("1"), of: Holding(eur))
    #expect(try held.total().get().oldestRate == RateAge(date: date("2020-01-02"), units: [cny]))
  }

  @Test func aQuotesDateCountsForBothItsUnits() throws {
    var book = RateBook([rate(cny, "7.4", "2026-11-26"), rate(usd, "1.1", "2026-11-26")])
    book.record(Quote(currency: aed, quotedIn: usd, value: value("0.2723"), date: date("2026-01-05"), source: "manual"))
    let held = portfolio(book)
    held.setAmount(value("100"), of: Holding(aed))
    held.setAmount(value("1"), of: Holding(usd))
    #expect(try held.total().get().oldestRate == RateAge(date: date("2026-01-05"), units: [usd, aed]))
  }

  @Test func theAgeIsComputedWithTheTotalAndReadAgainForNothing() throws {
    let counters = Counters()
    let held = portfolio(
      RateBook([rate(cny, "7.4", "2026-06-24"), rate(usd, "1.1", "2026-06-24")]), counters: counters)
    held.setAmount(value("100"), of: Holding(usd))
    _ = held.total()
    _ = held.total()
    #expect(counters.totalRecomputes == 1)
    // A newer rate moves the age with the total.
    held.record(rate(usd, "1.2", "2026-11-26"))
    #expect(try held.total().get().oldestRate == RateAge(date: date("2026-06-24"), units: [cny]))
    held.record(rate(cny, "7.5", "2026-11-26"))
    #expect(try held.total().get().oldestRate == RateAge(date: date("2026-11-26"), units: [cny, usd]))
    #expect(counters.totalRecomputes == 3)
  }

  @Test func theAgeFollowsWhichCurrenciesAreHeldNotHowMuch() throws {
    let book = RateBook([
      rate(cny, "7.4", "2026-11-26"), rate(usd, "1.1", "2026-11-20"), rate(jpy, "170", "2026-06-24"),
    ])
    let held = portfolio(book)
    held.setAmount(value("100"), of: Holding(usd))
    let usdAge = RateAge(date: date("2026-11-20"), units: [usd])
    #expect(try held.total().get().oldestRate == usdAge)
    // Another amount of a currency held: the same rates behind the total.
    held.setAmount(value("200"), of: Holding(usd))
    #expect(try held.total().get().oldestRate == usdAge)
    // A currency held anew brings its rate in, and gives it back when it holds nothing.
    held.setAmount(value("5000"), of: Holding(jpy))
    #expect(try held.total().get().oldestRate == RateAge(date: date("2026-06-24"), units: [jpy]))
    held.setAmount(.zero, of: Holding(jpy))
    #expect(try held.total().get().oldestRate == usdAge)
    // Another local currency: USD is valued by no rate, and nothing else is held.
    held.setLocal(usd)
    #expect(try held.total().get().oldestRate == nil)
  }

  @Test func aTotalInAnotherCurrencyNamesTheLegsItTakes() throws {
    let book = RateBook([
      rate(cny, "7.4", "2026-11-26"), rate(usd, "1.1", "2026-11-26"), rate(jpy, "170", "2026-01-02"),
    ])
    let held = portfolio(book)
    held.setAmount(value("100"), of: Holding(usd))
    held.setAmount(value("5000"), of: Holding(jpy))
    #expect(try held.total(in: usd).get().oldestRate == RateAge(date: date("2026-01-02"), units: [jpy]))
  }
}

import Testing

@testable import CofferCore

let testDay = CalendarDate(year: 2026, month: 11, day: 22)!
let usd = Catalog.currency("USD")!
let jpy = Catalog.currency("JPY")!
let kwd = Catalog.currency("KWD")!
let cny = Catalog.cny

/// A book with round numbers: 1 EUR = 8 CNY = 1.25 USD = 160 JPY.
func simpleRates() -> RateBook {
  let day = CalendarDate(year: 2026, month: 11, day: 20)!
  return RateBook([
    Rate(currency: Catalog.eur, perEuro: decimal("1"), date: day, source: "test"),
    Rate(currency: cny, perEuro: decimal("8"), date: day, source: "test"),
    Rate(currency: usd, perEuro: decimal("1.25"), date: day, source: "test"),
    Rate(currency: jpy, perEuro: decimal("160"), date: day, source: "test"),
  ])
}

@Suite struct PortfolioTests {
  @Test func totalIsComputedOnlyWhenReadAfterAChange() throws {
    let counters = Counters()
    let portfolio = Portfolio(local: cny, rates: simpleRates(), today: testDay, counters: counters)
    portfolio.setAmount(decimal("100"), of: usd)
    #expect(try portfolio.total().get().value == decimal("640"))
    #expect(try portfolio.total().get().value == decimal("640"))
    #expect(counters.totalReads == 2)
    #expect(counters.totalRecomputes == 1)
    // Setting the same amount again is no change.
    #expect(!portfolio.setAmount(decimal("100.00"), of: usd))
    _ = portfolio.total()
    #expect(counters.totalRecomputes == 1)
    portfolio.setAmount(decimal("1600"), of: jpy)
    #expect(try portfolio.total().get().value == decimal("720"))
    #expect(counters.totalRecomputes == 2)
    // A rate change invalidates; so does a new local currency.
    portfolio.record(Rate(currency: usd, perEuro: decimal("1.6"), date: testDay, source: "manual"))
    #expect(try portfolio.total().get().value == decimal("580"))
    portfolio.setLocal(usd)
    #expect(try portfolio.total().get().value == decimal("116"))
    #expect(counters.totalRecomputes == 4)
  }

  @Test func totalSumsUnroundedValuesAndRoundsOnce() throws {
    // Each of three values is 0.005 CNY exactly: rounding each would give 0.03, rounding
    // the sum once gives 0.02 (0.015 → half away from zero).
    let day = CalendarDate(year: 2026, month: 11, day: 20)!
    let gbp = Catalog.currency("GBP")!
    let book = RateBook([
      Rate(currency: cny, perEuro: decimal("1"), date: day, source: "t"),
      Rate(currency: usd, perEuro: decimal("200"), date: day, source: "t"),
      Rate(currency: gbp, perEuro: decimal("200"), date: day, source: "t"),
      Rate(currency: Catalog.eur, perEuro: decimal("1"), date: day, source: "t"),
      Rate(currency: Catalog.currency("HKD")!, perEuro: decimal("200"), date: day, source: "t"),
    ])
    let portfolio = Portfolio(local: cny, rates: book, today: testDay, counters: Counters())
    for code in ["USD", "GBP", "HKD"] { portfolio.setAmount(decimal("1"), of: Catalog.currency(code)!) }
    #expect(try portfolio.value(of: usd) == decimal("0.01"))
    #expect(try portfolio.total().get().value == decimal("0.02"))
  }

  @Test func heldCurrencyWithoutARateIsLeftOutAndNamed() throws {
    let portfolio = Portfolio(local: cny, rates: simpleRates(), today: testDay, counters: Counters())
    portfolio.setAmount(decimal("100"), of: usd)
    portfolio.setAmount(decimal("5"), of: kwd)
    let total = try portfolio.total().get()
    #expect(total.value == decimal("640"))
    #expect(total.holdings == 2, "every currency held, with a rate or not")
    #expect(total.missing == [kwd])
    #expect(throws: PortfolioError.noRate([kwd])) { try portfolio.value(of: kwd) }
  }

  @Test func ratesAreLocalUnitsPerUnitRoundedToTenPlaces() throws {
    let portfolio = Portfolio(local: jpy, rates: simpleRates(), today: testDay, counters: Counters())
    #expect(try portfolio.displayRate(of: usd) == decimal("128"))
    #expect(try portfolio.displayRate(of: cny) == decimal("20"))
    portfolio.setLocal(usd)
    #expect(try portfolio.displayRate(of: jpy) == decimal("0.0078125"))
    #expect(try portfolio.displayRate(of: cny) == decimal("0.15625"))
    #expect(try portfolio.convert(decimal("3"), from: usd, to: cny).rounded(toPlaces: 2) == decimal("19.2"))
  }

  @Test func rateOnADateIsTheLatestOnOrBeforeIt() throws {
    var book = RateBook()
    for (day, value) in [(3, "1.1"), (1, "1.0"), (5, "1.3")] {
      book.record(
        Rate(currency: usd, perEuro: decimal(value), date: CalendarDate(year: 2026, month: 1, day: day)!, source: "t"))
    }
    #expect(book.rate(of: usd, on: CalendarDate(year: 2026, month: 1, day: 4)!)?.perEuro == decimal("1.1"))
    #expect(book.rate(of: usd, on: CalendarDate(year: 2026, month: 1, day: 5)!)?.perEuro == decimal("1.3"))
    #expect(book.rate(of: usd, on: CalendarDate(year: 2025, month: 12, day: 31)!) == nil)
  }

  @Test func amountRulesFollowMinorUnits() {
    #expect(AmountRules.problem(with: decimal("12.34"), for: usd) == nil)
    #expect(AmountRules.problem(with: decimal("1200.00"), for: jpy) == nil)
    #expect(AmountRules.problem(with: decimal("12.30"), for: jpy) == "JPY has no minor units; 12.3 has 1")
    #expect(AmountRules.problem(with: decimal("12.5"), for: jpy) == "JPY has no minor units; 12.5 has 1")
    #expect(AmountRules.problem(with: decimal("1.234"), for: kwd) == nil)
    #expect(AmountRules.problem(with: decimal("1.2345"), for: kwd) == "KWD allows 3 decimal places; 1.2345 has 4")
    #expect(AmountRules.problem(with: decimal("-1"), for: usd) == "an amount cannot be negative")
    #expect(AmountRules.problem(with: decimal("999999999999999.99"), for: usd) == nil)
    #expect(
      AmountRules.problem(with: decimal("1000000000000000"), for: usd)
        == "an amount has at most 15 integer digits; this one has 16")
  }
}

@Suite struct ValueSeriesTests {
  @Test func valuesAtEachDateARateChangedCarryingRatesForward() throws {
    let d = { (day: Int) in CalendarDate(year: 2026, month: 1, day: day)! }
    let book = RateBook([
      Rate(currency: cny, perEuro: decimal("8"), date: d(1), source: "t"),
      Rate(currency: usd, perEuro: decimal("1"), date: d(1), source: "t"),
      Rate(currency: usd, perEuro: decimal("2"), date: d(5), source: "t"),
    ])
    let points = try ValueSeries.points(
      amounts: [(usd, decimal("10"))], local: cny, book: book, from: d(1), to: d(31))
    #expect(points.map(\.date) == [d(1), d(5)])
    #expect(points.map(\.value) == [decimal("80"), decimal("40")])
  }

  /// A value too large for a decimal is said as an overflow: no point of the series is
  /// dropped in silence, and no valuation passes for a missing rate.
  @Test func anOverflowFailsTheSeriesRatherThanDroppingPoints() throws {
    let d = { (day: Int) in CalendarDate(year: 2026, month: 1, day: day)! }
    let book = RateBook([
      Rate(currency: cny, perEuro: decimal("1000000000000"), date: d(1), source: "t"),
      Rate(currency: usd, perEuro: decimal("0.000000000001"), date: d(1), source: "t"),
    ])
    let huge = decimal("999999999999999999999999")
    #expect(throws: PortfolioError.arithmetic(.overflow)) {
      try ValueSeries.points(amounts: [(usd, huge)], local: cny, book: book, from: d(1), to: d(31))
    }
    #expect(throws: PortfolioError.arithmetic(.overflow)) {
      try ValueSeries.points(
        dates: [d(2)], amounts: [[.zero, huge] + Array(repeating: .zero, count: Catalog.count - 2)], local: cny,
        book: book)
    }
  }

  @Test func dayNumbersRoundTrip() {
    for text in ["1970-01-01", "1999-01-04", "2000-02-29", "2026-11-22", "1969-12-31"] {
      let date = CalendarDate(text)!
      #expect(CalendarDate(dayNumber: date.dayNumber) == date)
    }
    #expect(CalendarDate(dayNumber: 0)?.description == "1970-01-01")
  }

  /// Every date of the calendar, in order: each follows the one before, compares as its
  /// day number does, and reads back from its parts (and, every 1,009th, its text).
  @Test func everyDateFollowsTheOneBeforeAndKeepsItsParts() {
    var previous = CalendarDate(dayNumber: CalendarDate.dayNumbers.lowerBound)!
    var outOfOrder: [String] = []
    for dayNumber in CalendarDate.dayNumbers.dropFirst() {
      let date = CalendarDate(dayNumber: dayNumber)!
      if !(previous < date) || date < previous || previous == date
        || CalendarDate(year: date.year, month: date.month, day: date.day) != date
        || (dayNumber % 1009 == 0 && CalendarDate(date.description)?.dayNumber != dayNumber)
      {
        outOfOrder.append("\(previous) \(date)")
      }
      previous = date
    }
    #expect(outOfOrder == [])
    #expect(previous == CalendarDate.last)
  }

  @Test func datesAreWrittenWithEveryDigitFromTheFirstDayToTheLast() {
    #expect(CalendarDate.first.description == "0001-01-01")
    #expect(CalendarDate.last.description == "9999-12-31")
    var dayNumber = CalendarDate.dayNumbers.lowerBound
    while dayNumber <= CalendarDate.dayNumbers.upperBound {
      let date = CalendarDate(dayNumber: dayNumber)!
      let padded = [(date.year, 4), (date.month, 2), (date.day, 2)].map { value, width in
        String(repeating: "0", count: width - String(value).count) + String(value)
      }
      #expect(date.description == padded.joined(separator: "-"))
      #expect(CalendarDate(date.description) == date)
      dayNumber += 997
    }
  }

  @Test func aPartialTotalNamesWhatIsMissing() {
    let codes = ["USD", "JPY", "KWD"].compactMap { Catalog.currency($0) }
    let total = { (missing: [Currency], local: Bool) in
      Total(local: Catalog.cny, value: .zero, holdings: 0, missing: missing, localRateMissing: local)
    }
    #expect(total(Array(codes.prefix(1)), false).missingRates == "no rate for USD")
    #expect(total(codes, false).missingRates == "no rate for USD, JPY, KWD")
    #expect(total(Catalog.all, false).missingRates == "no rate for " + Catalog.all.map(\.code).joined(separator: ", "))
    #expect(total(codes, true).missingRates == "no CNY (local) rate")
  }
}

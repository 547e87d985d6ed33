import Testing

@testable import CofferCore

/// The rates' rules (SPEC §12): the checker's findings, pegs and the fixed order of a
/// value's path.
@Suite struct RateTrustTests {
  private let usd = Catalog.currency("USD")!
  private let aed = Catalog.currency("AED")!
  private let cny = Catalog.cny
  private let eur = Catalog.eur
  private let sgd = Catalog.currency("SGD")!
  private let bnd = Catalog.currency("BND")!

  private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }
  private func value(_ text: String) -> DecimalValue { try! DecimalValue.parseDigits(text)! }

  private func observation(_ unit: Currency, _ text: String, _ day: String, source: String = "ECB", isNew: Bool = true)
    -> RateChecker.Observation
  {
    RateChecker.Observation(
      RateRow(unit: unit, base: eur, date: date(day), value: value(text), source: source), perEuro: value(text),
      isNew: isNew)
  }

  private func findings(_ observations: [RateChecker.Observation], rules: RateChecker.Rules = .init())
    -> [RateFinding]
  {
    var checker = RateChecker(rules: rules)
    for observation in observations { checker.observe(observation) }
    return checker.findings
  }

  @Test func aJumpBeyondMaxJumpWithin31DaysIsAFinding() {
    let found = findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "11", "2026-01-05")])
    #expect(found.count == 1)
    #expect(found.first?.kind == .jump(maxJump: DecimalValue(50)))
    #expect(found.first?.description.contains("USD 2026-01-05") == true)
    // 1.36 times (TRY's largest real move) is not; nor is a jump after more than 31 days.
    #expect(findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "1.496", "2026-01-05")]).isEmpty)
    #expect(findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "11", "2026-02-05")]).isEmpty)
    // Down as well as up.
    #expect(findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "0.011", "2026-01-05")]).count == 1)
    // Exactly at the rule's edge: 1.5 times is not more than 50% away; a digit past it is.
    #expect(findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "1.65", "2026-01-05")]).isEmpty)
    #expect(findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "1.6500001", "2026-01-05")]).count == 1)
    #expect(findings([observation(usd, "1.65", "2026-01-02"), observation(usd, "1.1", "2026-01-05")]).isEmpty)
    #expect(findings([observation(usd, "1.6500001", "2026-01-02"), observation(usd, "1.1", "2026-01-05")]).count == 1)
    // Another max-jump: 10% (1.1 times).
    let tight = RateChecker.Rules(maxJump: DecimalValue(10))
    #expect(
      findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "1.21", "2026-01-05")], rules: tight).isEmpty)
    #expect(
      findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "1.2101", "2026-01-05")], rules: tight).count
        == 1)
  }

  @Test func onlyComparisonsWithSomethingNewAreJudgedAtTheDoor() {
    let old = [observation(usd, "1.1", "2026-01-02", isNew: false), observation(usd, "11", "2026-01-05", isNew: false)]
    #expect(findings(old).isEmpty)
    // The stored rate after a new one that jumps is named too.
    let inserted = [
      observation(usd, "1.1", "2026-01-02", isNew: false), observation(usd, "11", "2026-01-05"),
      observation(usd, "1.1", "2026-01-06", isNew: false),
    ]
    #expect(findings(inserted).map(\.row.date) == [date("2026-01-05"), date("2026-01-06")])
  }

  @Test func exactlyOneIsAFindingUnlessCloseToThePreviousRateOrPeggedAtOne() {
    #expect(
      findings([observation(usd, "1.1", "2026-01-02"), observation(usd, "1", "2026-01-05")]).map(\.kind) == [
        .exactlyOne
      ])
    #expect(findings([observation(usd, "1", "2026-01-05")]).map(\.kind) == [.exactlyOne])
    // USD at parity on 2022-08-31 came within 0.5% of the day before.
    #expect(findings([observation(usd, "1.0029", "2022-08-30"), observation(usd, "1", "2022-08-31")]).isEmpty)
    var pegs = Pegs()
    #expect(pegs.add(Peg(unit: bnd, anchor: sgd, rate: .one)) == nil)
    #expect(findings([observation(bnd, "1", "2026-01-05")], rules: .init(pegs: pegs)).isEmpty)
  }

  @Test func acceptedRowsRaiseNothing() {
    let jump = observation(usd, "11", "2026-01-05")
    let rules = RateChecker.Rules(accepted: [jump.row.key])
    #expect(findings([observation(usd, "1.1", "2026-01-02"), jump], rules: rules).isEmpty)
  }

  @Test func twoSourcesMoreThanTwoPercentApartOnOneDay() {
    let found = findings([
      observation(usd, "1.10", "2026-01-05"), observation(usd, "1.20", "2026-01-05", source: "other"),
    ])
    #expect(found.map(\.kind) == [.sourcesDisagree])
    #expect(
      findings([observation(usd, "1.10", "2026-01-05"), observation(usd, "1.11", "2026-01-05", source: "other")])
        .isEmpty)
  }

  @Test func aPeggedUnitOutsideItsBand() {
    var pegs = Pegs()
    #expect(pegs.add(Peg(unit: aed, anchor: usd, rate: value("3.6725"))) == nil)
    var checker = RateChecker(rules: .init(pegs: pegs))
    // 1 EUR = 1.1 USD: AED at 4.0398 is the peg; 4.4 is 8.9% away.
    checker.judgeBand(observation(aed, "4.0398", "2026-01-05"), anchorPerEuro: value("1.1"))
    #expect(checker.findings.isEmpty)
    checker.judgeBand(observation(aed, "4.4", "2026-01-05"), anchorPerEuro: value("1.1"))
    #expect(checker.findings.count == 1)
  }

  @Test func aPegThatWouldMakeACycleIsRefused() {
    var pegs = Pegs()
    #expect(pegs.add(Peg(unit: aed, anchor: usd, rate: value("3.6725"))) == nil)
    #expect(pegs.add(Peg(unit: usd, anchor: aed, rate: value("0.2723")))?.contains("cycle") == true)
    #expect(pegs.all.count == 1)
  }

  @Test func aPegValuesItsUnitAndThePathShowsIt() throws {
    var book = RateBook([
      Rate(currency: usd, perEuro: value("1.1"), date: date("2026-01-02"), source: "ECB"),
      Rate(currency: cny, perEuro: value("7.7"), date: date("2026-01-02"), source: "ECB"),
      // An imported AED rate far from the peg: the peg decides.
      Rate(currency: aed, perEuro: value("5"), date: date("2026-01-02"), source: "ECB"),
    ])
    var pegs = Pegs()
    #expect(pegs.add(Peg(unit: aed, anchor: usd, rate: value("3.6725"))) == nil)
    book.pegs = pegs
    let valuation = try book.valuation(of: aed, in: cny, on: date("2026-01-05")).get()
    // 1 AED = 1/3.6725 USD, 1 USD = 7 CNY.
    #expect(valuation.factor.rounded(toPlaces: 6) == value("1.906059"))
    #expect(valuation.path.count == 2)
    #expect(valuation.date == date("2026-01-02"))
    // The target's peg: 1 USD in AED is the peg's rate.
    let inAED = try book.valuation(of: usd, in: aed, on: date("2026-01-05")).get()
    #expect(inAED.factor == value("3.6725"))
  }

  @Test func aQuoteToAnotherUnitThenThatUnitsValue() throws {
    var book = RateBook(
      [
        Rate(currency: usd, perEuro: value("1.1"), date: date("2026-01-02"), source: "ECB"),
        Rate(currency: cny, perEuro: value("7.7"), date: date("2026-01-02"), source: "ECB"),
      ])
    book.record(Quote(currency: sgd, quotedIn: usd, value: value("0.75"), date: date("2026-01-03"), source: "manual"))
    let valuation = try book.valuation(of: sgd, in: cny, on: date("2026-01-05")).get()
    #expect(valuation.factor == value("5.25"))
    #expect(valuation.path.map(\.to) == [usd, cny])
    // Dated by its oldest leg.
    #expect(valuation.date == date("2026-01-02"))
  }
}

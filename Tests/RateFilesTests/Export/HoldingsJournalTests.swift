import CofferCore
import Foundation
import RateFiles
import Testing

/// The journal `holdings export` writes, line by line: the order, the accounts, the
/// quoting of codes, a move as one transaction, where the amounts held since before any
/// date go, and beancount's pads and balances.
@Suite struct HoldingsJournalTests {
  private static let gold = AddedUnits.register(
    AddedUnits.Definition(code: "XAU2", name: "Gold grams", minorUnits: 3, symbol: ""))!

  private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  private func unit(_ code: String) -> Currency { Catalog.currency(code) ?? Self.gold }

  private func entry(
    _ id: Int64, _ day: String, _ code: String, at place: String = "", old: String = "0", _ new: String,
    move: JournalEntry.Move = .none
  ) -> JournalEntry {
    JournalEntry(
      id: id, entered: EntryTime(seconds: 1_790_000_000 + id, offsetMinutes: 0)!, effective: date(day),
      currency: unit(code), place: Place(checkedName: place), old: decimal(old), new: decimal(new), move: move)
  }

  /// The lines after the header (which ends with the list of places).
  private func body(_ journal: HoldingsJournal) -> [String] {
    Array(journal.lines.drop { $0.hasPrefix(";") }.dropFirst())
  }

  private func ledger(
    _ entries: [JournalEntry], firstPrices: [String: String] = [:], local: String = "CNY"
  ) -> HoldingsJournal {
    HoldingsJournal(
      entries: entries, local: unit(local),
      firstPrices: Dictionary(uniqueKeysWithValues: firstPrices.map { (unit($0.key), date($0.value)) }), format: .ledger
    )
  }

  private func beancount(
    _ entries: [JournalEntry], firstPrices: [String: String] = [:], local: String = "CNY"
  ) -> HoldingsJournal {
    HoldingsJournal(
      entries: entries, local: unit(local),
      firstPrices: Dictionary(uniqueKeysWithValues: firstPrices.map { (unit($0.key), date($0.value)) }),
      format: .beancount)
  }

  @Test func ledgerWritesEachEntryAsABalanceAssignmentByDateThenId() {
    // Given newest first, as the journal reads them; two of one day written by id.
    let journal = ledger([
      entry(4, "2025-03-01", "USD", at: "wise", "900"),
      entry(3, "2025-03-01", "USD", at: "wise", "1000"),
      entry(1, "2025-03-01", "EUR", "5.5"),
      entry(2, "2025-01-01", "USD", at: "wise", "1200"),
    ])
    #expect(
      body(journal) == [
        "2025-01-01 USD balance", "    Assets:Coffer:wise  = 1200 USD", "    Equity:Coffer", "",
        "2025-03-01 EUR balance", "    Assets:Coffer  = 5.5 EUR", "    Equity:Coffer", "",
        "2025-03-01 USD balance", "    Assets:Coffer:wise  = 1000 USD", "    Equity:Coffer", "",
        "2025-03-01 USD balance", "    Assets:Coffer:wise  = 900 USD", "    Equity:Coffer",
      ])
  }

  @Test func ledgerHeaderListsThePlacesAndTheirAccounts() {
    let journal = ledger([entry(1, "2025-01-01", "USD", at: "N26 joint", "1"), entry(2, "2025-01-01", "USD", "2")])
    let header = journal.lines.prefix { $0.hasPrefix(";") }
    #expect(header.suffix(2) == [";   (no place) → Assets:Coffer", ";   \"N26 joint\" → Assets:Coffer:N26 joint"])
  }

  @Test func aMoveIsOneTransactionWithTwoAssignments() {
    let journal = ledger([
      entry(1, "2025-01-01", "USD", at: "wise", "1200"),
      entry(2, "2025-07-01", "USD", at: "wise", old: "1200", "1000", move: .from),
      entry(3, "2025-07-01", "USD", at: "招商银行", "200", move: .to),
    ])
    #expect(
      body(journal).suffix(4) == [
        "2025-07-01 USD move", "    Assets:Coffer:wise  = 1000 USD", "    Assets:Coffer:招商银行  = 200 USD",
        "    Equity:Coffer",
      ])
  }

  @Test func aCodeWithDigitsIsQuotedForLedgerAndNotForBeancount() {
    let entries = [entry(1, "2025-02-01", "XAU2", at: "vault", "10.5")]
    #expect(body(ledger(entries))[1] == "    Assets:Coffer:vault  = 10.5 \"XAU2\"")
    #expect(body(beancount(entries)).contains("2025-02-02 balance Assets:Coffer:Vault 10.5 XAU2"))
    #expect(LedgerCommodity.written("USD") == "USD")
    #expect(LedgerCommodity.written("X2") == "\"X2\"")
  }

  @Test func heldSinceBeforeAnyDateIsWrittenTheDayBeforeItsFirstPrice() {
    let journal = ledger(
      [
        entry(1, "0001-01-01", "USD", at: "wise", "50"), entry(2, "0001-01-01", "CNY", "1000"),
        entry(3, "0001-01-01", "GBP", "7"), entry(4, "2026-01-01", "USD", at: "wise", "60"),
      ],
      firstPrices: ["USD": "2005-04-01"])
    // USD the day before its first price; CNY (local, worth 1 on every date) and GBP (no
    // price) on ledger's first day.
    #expect(
      body(journal).filter { !$0.hasPrefix(" ") && !$0.isEmpty } == [
        "1400-01-01 CNY held since before any date", "1400-01-01 GBP held since before any date",
        "2005-03-31 USD held since before any date", "2026-01-01 USD balance",
      ])
    // beancount: the local currency on its first day, 0001-01-01.
    let lines = body(beancount([entry(2, "0001-01-01", "CNY", "1000")]))
    #expect(lines.contains("0001-01-01 pad Assets:Coffer:Unnamed Equity:Coffer"))
    #expect(lines.contains("0001-01-02 balance Assets:Coffer:Unnamed 1000 CNY"))
  }

  @Test func heldSinceBeforeAnyDateComesBeforeItsUnitsFirstOtherEntry() {
    // The first price is later than an entry at another place: the opening amount must
    // still come first, and a move on the opening day stays one transaction.
    let journal = ledger(
      [
        entry(1, "0001-01-01", "USD", at: "wise", "50"),
        entry(2, "0001-01-01", "USD", at: "wise", old: "50", "30", move: .from),
        entry(3, "0001-01-01", "USD", at: "cash", "20", move: .to),
        entry(4, "2010-06-15", "USD", at: "bank", "5"),
      ],
      firstPrices: ["USD": "2020-01-01"])
    #expect(
      body(journal).filter { !$0.hasPrefix(" ") && !$0.isEmpty } == [
        "2010-06-14 USD held since before any date", "2010-06-14 USD move", "2010-06-15 USD balance",
      ])
  }

  @Test func beancountPadsOnTheDayAndAssertsOnTheNext() {
    let journal = beancount([
      entry(1, "2025-01-01", "USD", at: "wise", "1200"),
      entry(2, "2025-07-01", "USD", at: "wise", old: "1200", "1000", move: .from),
      entry(3, "2025-07-01", "USD", at: "招商银行", "200", move: .to),
    ])
    #expect(
      body(journal) == [
        "2025-01-01 open Equity:Coffer", "2025-01-01 open Assets:Coffer:Wise", "2025-07-01 open Assets:Coffer:招商银行",
        "", "2025-01-01 pad Assets:Coffer:Wise Equity:Coffer", "2025-01-02 balance Assets:Coffer:Wise 1200 USD",
        "", "; moved 200 USD from \"wise\" to \"招商银行\"", "2025-07-01 pad Assets:Coffer:Wise Equity:Coffer",
        "2025-07-02 balance Assets:Coffer:Wise 1000 USD", "", "2025-07-01 pad Assets:Coffer:招商银行 Equity:Coffer",
        "2025-07-02 balance Assets:Coffer:招商银行 200 USD",
      ])
  }

  @Test func beancountWritesADayOfAnAccountOnceWithAPadOnlyWhenSomethingChanged() {
    let journal = beancount([
      entry(1, "2025-01-01", "USD", "100"),
      // Two entries of one day: the last stands; EUR in the same account shares the pad.
      entry(2, "2025-02-01", "USD", "300"), entry(3, "2025-02-01", "EUR", "5"), entry(4, "2025-02-01", "USD", "200"),
      // The same amount again: a pad would add nothing, which beancount refuses.
      entry(5, "2025-03-01", "USD", "200"),
      // Back to where the day began: nothing changed by the end of the day.
      entry(6, "2025-04-01", "EUR", "9"), entry(7, "2025-04-01", "EUR", "5"),
    ])
    #expect(
      body(journal).filter { !$0.contains(" open ") } == [
        "", "2025-01-01 pad Assets:Coffer:Unnamed Equity:Coffer", "2025-01-02 balance Assets:Coffer:Unnamed 100 USD",
        "", "2025-02-01 pad Assets:Coffer:Unnamed Equity:Coffer", "2025-02-02 balance Assets:Coffer:Unnamed 200 USD",
        "2025-02-02 balance Assets:Coffer:Unnamed 5 EUR", "", "2025-03-02 balance Assets:Coffer:Unnamed 200 USD",
        "", "2025-04-02 balance Assets:Coffer:Unnamed 5 EUR",
      ])
  }

  @Test func beancountHeaderListsTheMappingAndEachAccountIsOpenedOnItsFirstDay() {
    let journal = beancount([
      entry(1, "2025-01-01", "USD", at: "n26 joint", "1"), entry(2, "2025-03-01", "USD", at: "N26-joint", "2"),
      entry(3, "2025-02-01", "USD", at: "unnamed", "3"), entry(4, "2025-04-01", "USD", "4"),
    ])
    let header = journal.lines.prefix { $0.hasPrefix(";") }
    #expect(
      header.suffix(4) == [
        ";   (no place) → Assets:Coffer:Unnamed", ";   \"n26 joint\" → Assets:Coffer:N26-joint",
        ";   \"N26-joint\" → Assets:Coffer:N26-joint-2", ";   \"unnamed\" → Assets:Coffer:Unnamed-2",
      ])
    #expect(
      body(journal).prefix(5) == [
        "2025-01-01 open Equity:Coffer", "2025-01-01 open Assets:Coffer:N26-joint",
        "2025-02-01 open Assets:Coffer:Unnamed-2", "2025-03-01 open Assets:Coffer:N26-joint-2",
        "2025-04-01 open Assets:Coffer:Unnamed",
      ])
  }

  @Test func anEmptyHistoryIsTheHeaderAlone() {
    #expect(ledger([]).lines.allSatisfy { $0.hasPrefix(";") })
    #expect(ledger([]).dates == nil)
  }
}

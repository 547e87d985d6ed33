import Testing

@testable import CofferCore

/// The compact rows of a balance file read back as the balances appended, whatever
/// their amount or place, and reorder in place.
@Suite struct WrittenBalancesTests {
  let wise = Place(checkedName: "wise")

  func balance(_ amount: String, _ day: String, place: Place = .unnamed, line: Int) -> WrittenBalance {
    WrittenBalance(currency: usd, date: CalendarDate(day)!, amount: decimal(amount), place: place, line: line)
  }

  @Test func rowsReadBackAsAppended() {
    let appended = [
      balance("12.50", "2026-11-01", line: 2),
      balance("1234567890123456789012345.5", "2026-11-02", place: wise, line: 3),
      balance("0", "2026-11-03", place: wise, line: 4),
    ]
    var balances = WrittenBalances()
    for balance in appended { balances.append(balance) }
    #expect(Array(balances) == appended)
    #expect(balances[0].amount.description == "12.5")
    #expect(balances.areOfTheSameHolding(1, 2))
    #expect(!balances.areOfTheSameHolding(0, 1))
  }

  @Test func rowsReorderInPlace() {
    let appended = (0..<6).map { balance(String($0), "2026-11-0\($0 + 1)", line: $0 + 2) }
    var balances = WrittenBalances()
    for balance in appended { balances.append(balance) }
    let positions = [3, 0, 5, 1, 2, 4]
    balances.reorder(positions)
    #expect(Array(balances) == positions.map { appended[$0] })
  }
}

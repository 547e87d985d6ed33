/// A balance read from a file for `holdings import`: what `set C@PLACE AMOUNT at DATE`
/// says, with the line it came from.
///
/// Near plain data (the currency kept as its index; a place name of up to 15 bytes is
/// held inline by `String`): an import sorts and copies half a million of these.
package struct WrittenBalance: Sendable, Equatable {
  package let currencyIndex: Int
  package let date: CalendarDate
  package let amount: DecimalValue
  /// The place as the ledger lists it (or a new one), already resolved: a row that named
  /// none went where a write of its bare code goes.
  package let place: Place
  package let line: Int

  package init(currency: Currency, date: CalendarDate, amount: DecimalValue, place: Place = .unnamed, line: Int) {
    currencyIndex = currency.index
    self.date = date
    self.amount = amount
    self.place = place
    self.line = line
  }

  /// The catalog's currency, or a unit added in a store this process has read.
  package var currency: Currency { Currency.at(currencyIndex) ?? Catalog.all[0] }

  package var holding: Holding { Holding(currency, at: place) }

  /// Grouped by currency (catalog order, then added units), each by place, then by date.
  package static func byHoldingAndDate(_ lhs: WrittenBalance, _ rhs: WrittenBalance) -> Bool {
    if lhs.currencyIndex != rhs.currencyIndex { return lhs.currencyIndex < rhs.currencyIndex }
    if lhs.place != rhs.place { return lhs.place < rhs.place }
    return lhs.date.dayNumber < rhs.date.dayNumber
  }

  /// Whether the two are for the same currency at the same place.
  package func isOfTheSameHolding(as other: WrittenBalance) -> Bool {
    currencyIndex == other.currencyIndex && place == other.place
  }
}

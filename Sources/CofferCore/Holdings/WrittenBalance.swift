/// A balance read from a file for `holdings import`: what `set C AMOUNT at DATE` says,
/// with the line it came from.
///
/// Plain data (the currency kept as its catalog index): an import sorts and copies half a
/// million of these, and a copy is then a copy of bytes.
package struct WrittenBalance: Sendable, Equatable {
  package let currencyIndex: Int
  package let date: CalendarDate
  package let amount: DecimalValue
  package let line: Int

  package init(currency: Currency, date: CalendarDate, amount: DecimalValue, line: Int) {
    currencyIndex = currency.index
    self.date = date
    self.amount = amount
    self.line = line
  }

  package var currency: Currency { Catalog.all[currencyIndex] }

  /// Grouped by currency (in catalog order), each by date.
  package static func byCurrencyAndDate(_ lhs: WrittenBalance, _ rhs: WrittenBalance) -> Bool {
    (lhs.currencyIndex, lhs.date.dayNumber) < (rhs.currencyIndex, rhs.date.dayNumber)
  }

  /// Whether the two are for the same currency.
  package func isOfTheSameCurrency(as other: WrittenBalance) -> Bool {
    currencyIndex == other.currencyIndex
  }
}

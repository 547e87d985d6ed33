/// A balance read from a file for `holdings import`: what `set C AMOUNT at DATE` says,
/// with the line it came from.
package struct WrittenBalance: Sendable, Equatable {
  package let currency: Currency
  package let date: CalendarDate
  package let amount: DecimalValue
  package let line: Int

  package init(currency: Currency, date: CalendarDate, amount: DecimalValue, line: Int) {
    self.currency = currency
    self.date = date
    self.amount = amount
    self.line = line
  }
}

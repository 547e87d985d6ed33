/// One stored rate: how many units of a currency one euro bought on a date, and who said so.
package struct Rate: Sendable, Equatable {
  package let currency: Currency
  /// r(C): units of `currency` per 1 EUR, the pivot every rate is stored against.
  package let perEuro: DecimalValue
  package let date: CalendarDate
  package let source: String

  package init(currency: Currency, perEuro: DecimalValue, date: CalendarDate, source: String) {
    self.currency = currency
    self.perEuro = perEuro
    self.date = date
    self.source = source
  }
}

extension Rate: Dated {}

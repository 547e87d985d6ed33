/// A rate as its source gave it when that was in another base than the euro: 1 `base` =
/// `value` `currency` on `date` (SPEC §12: each stored rate keeps its base). EUR's own
/// value in the base is one too: it is what turns the others into euros.
package struct RateAsGiven: Sendable, Equatable {
  package let currency: Currency
  package let base: Currency
  package let value: DecimalValue
  package let date: CalendarDate
  package let source: String

  package init(currency: Currency, base: Currency, value: DecimalValue, date: CalendarDate, source: String) {
    self.currency = currency
    self.base = base
    self.value = value
    self.date = date
    self.source = source
  }
}

/// A direct quote: 1 `currency` = `value` units of `quotedIn`, kept exactly as typed.
///
/// `rates set C RATE` records one between C and the local currency of the moment. It is
/// not converted to the euro pivot, so nothing else moves it: another rate set, a change
/// of local currency and back, or an import of older data all leave it as it was (see
/// `RateBook.valuation` for how it competes with the cross rate through the euro).
package struct Quote: Sendable, Equatable, Dated {
  package let currency: Currency
  package let quotedIn: Currency
  package let value: DecimalValue
  package let date: CalendarDate
  package let source: String

  package init(currency: Currency, quotedIn: Currency, value: DecimalValue, date: CalendarDate, source: String) {
    self.currency = currency
    self.quotedIn = quotedIn
    self.value = value
    self.date = date
    self.source = source
  }

  /// The pair a quote is between, whichever way round it was typed: a quote of USD in
  /// CNY and a later one of CNY in USD are two quotes of the same pair, the later wins.
  package var pair: QuotePair { QuotePair(currency, quotedIn) }
}

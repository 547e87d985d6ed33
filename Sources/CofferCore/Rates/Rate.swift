/// One stored rate: how many units of a currency one euro bought on a date, and who said so.
public struct Rate: Sendable, Equatable {
  public let currency: Currency
  /// r(C): units of `currency` per 1 EUR, the pivot every rate is stored against.
  public let perEuro: DecimalValue
  public let date: CalendarDate
  public let source: String

  public init(currency: Currency, perEuro: DecimalValue, date: CalendarDate, source: String) {
    self.currency = currency
    self.perEuro = perEuro
    self.date = date
    self.source = source
  }

  /// Rates older than this many days are shown as stale.
  public static let staleAfterDays = 7

  public func isStale(on today: CalendarDate) -> Bool {
    today.dayNumber - date.dayNumber > Self.staleAfterDays
  }
}

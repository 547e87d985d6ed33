/// A balance written down for a past date and not yet saved: `set USD 900 at 2025-01-01`.
package struct DatedEdit: Sendable, Equatable {
  package let currency: Currency
  package let date: CalendarDate
  package var amount: DecimalValue
  /// The amount of the currency on `date` as the store held it when the edit was first
  /// made: a save that finds another amount there meets another session's entry (a
  /// conflict, as for today's amounts).
  package let seen: DecimalValue
  /// Whether `seen` comes from an entry effective on `date` itself.
  package let recordedOnDate: Bool
  /// Whether no entry of the currency is effective after `date`, so this balance is also
  /// the current amount.
  package var changesCurrent: Bool

  package init(
    currency: Currency, date: CalendarDate, amount: DecimalValue, seen: DecimalValue, recordedOnDate: Bool,
    changesCurrent: Bool
  ) {
    self.currency = currency
    self.date = date
    self.amount = amount
    self.seen = seen
    self.recordedOnDate = recordedOnDate
    self.changesCurrent = changesCurrent
  }
}

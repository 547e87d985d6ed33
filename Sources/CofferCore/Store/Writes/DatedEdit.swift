/// A balance written down for a past date and not yet saved: `set USD 900 at 2025-01-01`.
package struct DatedEdit: Sendable, Equatable {
  package let holding: Holding
  package let date: CalendarDate
  package var amount: DecimalValue
  /// The amount of the holding on `date` as the store held it when the edit was first
  /// made: a save that finds another amount there meets another session's entry (a
  /// conflict, as for today's amounts).
  package let seen: DecimalValue
  /// Whether `seen` comes from an entry effective on `date` itself.
  package let recordedOnDate: Bool
  /// Whether no entry of the holding is effective after `date`, so this balance is also
  /// the current amount.
  package var changesCurrent: Bool

  package init(
    holding: Holding, date: CalendarDate, amount: DecimalValue, seen: DecimalValue, recordedOnDate: Bool,
    changesCurrent: Bool
  ) {
    self.holding = holding
    self.date = date
    self.amount = amount
    self.seen = seen
    self.recordedOnDate = recordedOnDate
    self.changesCurrent = changesCurrent
  }

  package var currency: Currency { holding.currency }
}

/// A `move` not yet saved: `amount` of `currency` taken from one place to another on
/// `date`. Saved as two journal entries in one transaction, or held back whole.
package struct PendingMove: Sendable, Equatable {
  package let currency: Currency
  package let from: Place
  package let to: Place
  package let amount: DecimalValue
  package let date: CalendarDate
  /// The amounts at the two places on `date` when the move was made: a save that finds
  /// others meets another session's change (a conflict, unless forced).
  package let seenFrom: DecimalValue
  package let seenTo: DecimalValue

  package init(
    currency: Currency, from: Place, to: Place, amount: DecimalValue, date: CalendarDate, seenFrom: DecimalValue,
    seenTo: DecimalValue
  ) {
    self.currency = currency
    self.from = from
    self.to = to
    self.amount = amount
    self.date = date
    self.seenFrom = seenFrom
    self.seenTo = seenTo
  }

  package var source: Holding { Holding(currency, at: from) }
  package var destination: Holding { Holding(currency, at: to) }

  /// Whether the move takes from or gives to `holding`.
  package func touches(_ holding: Holding) -> Bool { holding == source || holding == destination }
}

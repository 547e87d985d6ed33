/// Where a move takes the focus.
package enum SheetMove: Sendable, Equatable {
  /// The next or previous row, wrapping; from no focus, the first or last.
  case next, previous
  case first, last
  /// A page of `rows` down (positive) or up, stopping at the first and last rows.
  case page(Int)
  /// A currency's field: its own, or (held at named places) its first place's.
  case to(Currency)
  /// One place's field of a currency.
  case toPlace(Holding)
  /// No field (`blur`).
  case none
}

/// Where a move takes the focus.
package enum SheetMove: Sendable, Equatable {
  /// The next or previous row, wrapping; from no focus, the first or last.
  case next, previous
  case first, last
  /// A page of `rows` down (positive) or up, stopping at the first and last rows.
  case page(Int)
  case to(Currency)
  /// No field (`blur`).
  case none
}

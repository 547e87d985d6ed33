/// What one unit of a currency is worth in another on a date, and what that rests on.
package struct Valuation: Sendable, Equatable {
  /// Units of the target currency per one unit of the valued one, unrounded (to 30
  /// significant digits when it is a quotient).
  package let factor: DecimalValue
  /// The date of the information used: a direct quote's date, or a cross rate's older
  /// leg. nil when a currency is valued in itself.
  package let date: CalendarDate?
  /// Where that information came from (`manual`, `ECB`, a file or URL's name).
  package let source: String
  package let kind: Kind

  package enum Kind: Sendable, Equatable {
    /// A currency in itself: always 1.
    case same
    /// A direct quote between the two currencies.
    case direct
    /// Through the euro pivot: r(target) ÷ r(valued).
    case cross
  }

  package func isStale(on today: CalendarDate) -> Bool {
    guard let date else { return false }
    return today.dayNumber - date.dayNumber > Rate.staleAfterDays
  }

  /// Significant digits kept of a ratio of two rates. A quotient is exact only to its
  /// last digit, so a rate entered as 1 ÷ RATE comes back as RATE ± 10^-37; rounding the
  /// ratio to 30 digits (the spec asks for at least 30) takes that noise out before any
  /// rounding to cents can see it.
  package static let ratioDigits = 30
}

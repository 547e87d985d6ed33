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
  /// How the value was reached, leg by leg (SPEC §12): what `rates why` and `holdings
  /// --why` show. Empty for a currency valued in itself.
  package var path: [ValueLeg] = []

  package init(factor: DecimalValue, date: CalendarDate?, source: String, kind: Kind, path: [ValueLeg] = []) {
    self.factor = factor
    self.date = date
    self.source = source
    self.kind = kind
    self.path = path
  }

  package enum Kind: Sendable, Equatable {
    /// A currency in itself: always 1.
    case same
    /// A direct quote between the two currencies.
    case direct
    /// Through the euro pivot: r(target) ÷ r(valued).
    case cross
    /// Through a peg, or a recorded quote to another unit, then that unit's value.
    case chained
  }

  /// Older than `maxAge` days before `today` (`rates max-age`; 0: never stale).
  package func isStale(on today: CalendarDate, maxAge: Int) -> Bool {
    guard let date, maxAge > 0 else { return false }
    return today.dayNumber - date.dayNumber > maxAge
  }

  /// Significant digits kept of a ratio of two rates. A quotient is exact only to its
  /// last digit, so a rate entered as 1 ÷ RATE comes back as RATE ± 10^-37; rounding the
  /// ratio to 30 digits (the spec asks for at least 30) takes that noise out before any
  /// rounding to cents can see it.
  package static let ratioDigits = 30
}

/// One leg of a value's path: 1 `from` = `rate` `to`, from a quote, a peg or the euro
/// pivot (whose two euro rates it keeps).
package struct ValueLeg: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    /// A recorded quote (`rates set`, `rates quote`), either way round.
    case quote
    /// A peg: 1 anchor = RATE unit.
    case peg(Peg)
    /// The cross rate through the euro: r(to) ÷ r(from), from these two euro rates (nil
    /// for the euro itself).
    case pivot(from: Rate?, to: Rate?)
  }

  package let from: Currency
  package let to: Currency
  package let rate: DecimalValue
  /// The leg's date (a pivot's older euro rate's); nil for a peg, which holds on every
  /// date within its own.
  package let date: CalendarDate?
  package let source: String
  package let kind: Kind

  package init(from: Currency, to: Currency, rate: DecimalValue, date: CalendarDate?, source: String, kind: Kind) {
    self.from = from
    self.to = to
    self.rate = rate
    self.date = date
    self.source = source
    self.kind = kind
  }

  /// The same leg read the other way round: 1 `to` = 1/`rate` `from`.
  package func inverted() throws(DecimalError) -> ValueLeg {
    let inverse = try (DecimalValue.one / rate).rounded(toSignificantDigits: Valuation.ratioDigits)
    let invertedKind: Kind
    switch kind {
    case .pivot(let fromRate, let toRate): invertedKind = .pivot(from: toRate, to: fromRate)
    case .quote, .peg: invertedKind = kind
    }
    return ValueLeg(from: to, to: from, rate: inverse, date: date, source: source, kind: invertedKind)
  }

  /// The currencies whose own rates this leg rests on, with their dates: both of a
  /// pivot's (the euro's never), a quote's two, none for a peg.
  package var datedUnits: [(unit: Currency, date: CalendarDate)] {
    switch kind {
    case .quote: return date.map { [(from, $0), (to, $0)] } ?? []
    case .peg: return []
    case .pivot(let fromRate, let toRate):
      return [fromRate, toRate].compactMap { $0 }.filter { $0.currency != Catalog.eur }.map { ($0.currency, $0.date) }
    }
  }
}

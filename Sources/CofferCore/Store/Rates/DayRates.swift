/// One day's stored rates as a `RateBook` holds them until a rate is recorded in it:
/// the snapshot's one rate a currency, looked up where it was read. A class, so that a
/// book that holds one copies a single reference.
final class DayRates: Sendable {
  let snapshot: RateSnapshot
  let sources: SourceNames

  init(snapshot: RateSnapshot, sources: SourceNames) {
    self.snapshot = snapshot
    self.sources = sources
  }

  /// `currency`'s rate when it is dated on or before day `dayNumber` (the rule of
  /// `RateLookup`, for a history of one rate).
  func held(_ currency: Currency, onOrBefore dayNumber: Int) -> RateSnapshot.Held? {
    guard let held = snapshot.rates[currency.index], CalendarDate.dayNumbers.contains(held.day),
      held.day <= dayNumber
    else { return nil }
    return held
  }

  func rate(of currency: Currency, on date: CalendarDate) -> Rate? {
    guard let held = held(currency, onOrBefore: date.dayNumber), let since = CalendarDate(dayNumber: held.day)
    else { return nil }
    return Rate(currency: currency, perEuro: held.perEuro, date: since, source: sources.name(held.source))
  }

  /// `currency`'s rates as a history: its one rate, or none.
  func rates(of currency: Currency) -> [Rate] {
    rate(of: currency, on: CalendarDate.last).map { [$0] } ?? []
  }
}

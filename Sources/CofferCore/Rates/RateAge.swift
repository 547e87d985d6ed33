import CofferText

/// How old the rates behind a total or a listing are (SPEC §12, Age): the date of the
/// oldest leg they rest on, and the currencies whose rates carry that date, the local
/// currency's own included.
package struct RateAge: Sendable, Equatable {
  package private(set) var date: CalendarDate
  /// In the order the units are in (by index), each once.
  package private(set) var units: [Currency]

  package init(date: CalendarDate, units: [Currency]) {
    self.date = date
    self.units = units
  }

  /// Whole days from `date` to `asked`.
  package func days(before asked: CalendarDate) -> Int {
    asked.dayNumber - date.dayNumber
  }

  /// The note printed after a total or a listing whose rates are older than `maxAge` days
  /// before the date asked (`rates as old as 2026-06-24 (156 days) for AED, SAR`); nil
  /// when they are not, or when `maxAge` is 0 (the note is off).
  package func note(before asked: CalendarDate, maxAge: Int) -> String? {
    let days = days(before: asked)
    guard maxAge > 0, days > maxAge else { return nil }
    return tr(
      "rates as old as {date} ({days} days) for {currencies}",
      ["date": date.description, "days": String(days), "currencies": units.map(\.code).listed()])
  }

  /// Takes in a unit's rate of `date`: an older one replaces what was kept, one as old
  /// joins it.
  package static func add(_ unit: Currency, _ date: CalendarDate, to age: inout RateAge?) {
    // Only the date is read from what is kept: a copy of it would hold its units, and the
    // append below would then copy them all.
    guard let keptDate = age?.date, date >= keptDate else {
      age = RateAge(date: date, units: [unit])
      return
    }
    if date == keptDate { age!.join(unit) }
  }

  /// Puts `unit` among the units, in index order, once. A total takes its units in that
  /// order, so the place is mostly the end.
  private mutating func join(_ unit: Currency) {
    if let last = units.last, last.index < unit.index {
      units.append(unit)
    } else if !units.contains(unit) {
      units.insert(unit, at: units.firstIndex { $0.index > unit.index } ?? units.endIndex)
    }
  }

  /// Takes in every dated leg of a value's path.
  package static func add(_ valuation: Valuation, to age: inout RateAge?) {
    for leg in valuation.path {
      for (unit, date) in leg.datedUnits { add(unit, date, to: &age) }
    }
  }
}

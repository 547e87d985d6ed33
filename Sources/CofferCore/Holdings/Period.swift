/// Calendar periods for `total by month|quarter|year`: each ends on its last day.
package enum Period: String, Sendable, CaseIterable {
  case month, quarter, year

  /// The last day of the period holding `date`.
  package func end(containing date: CalendarDate) -> CalendarDate {
    let lastMonth: Int
    switch self {
    case .month: lastMonth = date.month
    case .quarter: lastMonth = (date.month + 2) / 3 * 3
    case .year: lastMonth = 12
    }
    return CalendarDate(year: date.year, month: lastMonth, day: CalendarDate.daysIn(month: lastMonth, year: date.year))
      ?? date
  }

  /// The period ends from the one holding `from` up to (not including) `to`, then `to`:
  /// the dates `total by` has a row for.
  package func rowDates(from: CalendarDate, to: CalendarDate) -> [CalendarDate] {
    var dates: [CalendarDate] = []
    var end = self.end(containing: from)
    while end < to {
      dates.append(end)
      guard let next = CalendarDate(dayNumber: end.dayNumber + 1) else { break }
      end = self.end(containing: next)
    }
    dates.append(to)
    return dates
  }
}

import CofferText

/// The damage found in a stored snapshot that cannot be read.
struct DamagedSnapshot: Error, CustomStringConvertible {
  let day: Int
  let detail: String

  var description: String {
    let date = CalendarDate(dayNumber: day).map(\.description) ?? tr("day {day}", ["day": String(day)])
    return tr("the stored rates of {date} are damaged ({detail})", ["date": date, "detail": detail])
  }

  /// The damaged row, as `check` and every read name it.
  var damage: StoreDamage {
    StoreDamage(
      table: "rate_day", row: Int64(day), key: CalendarDate(dayNumber: day)?.description,
      problem: tr("the stored rates are damaged ({detail})", ["detail": detail]))
  }
}

import CofferText

/// One holding that two sessions changed: the value saved by the other, and ours; for a
/// balance written down for a past date, that date.
package struct SaveConflict: Sendable {
  package let holding: Holding
  package let theirs: DecimalValue
  package let ours: DecimalValue
  package var date: CalendarDate? = nil
  /// Its place was renamed or removed by the other session (`theirs` is then what the
  /// store holds under the old name).
  package var placeGone = false

  package var currency: Currency { holding.currency }
}

extension SaveConflict {
  /// `USD = 77 (yours: 50), EUR@wise on 2025-12-31 = 3 (yours: 4)`: what each side saved,
  /// as every report of a conflict names it.
  package static func named(_ conflicts: [SaveConflict]) -> String {
    conflicts.map { conflict in
      if let date = conflict.date, conflict.placeGone {
        tr(
          "{holding} on {date}: its place was renamed or removed (yours: {ours})",
          ["holding": conflict.holding.description, "date": date.description, "ours": conflict.ours.description])
      } else if let date = conflict.date {
        tr(
          "{holding} on {date} = {theirs} (yours: {ours})",
          [
            "holding": conflict.holding.description, "date": date.description, "theirs": conflict.theirs.description,
            "ours": conflict.ours.description,
          ])
      } else {
        tr(
          "{holding} = {theirs} (yours: {ours})",
          [
            "holding": conflict.holding.description, "theirs": conflict.theirs.description,
            "ours": conflict.ours.description,
          ])
      }
    }
    .listed()
  }
}

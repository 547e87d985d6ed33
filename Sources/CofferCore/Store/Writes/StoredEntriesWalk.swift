import GRDB

/// A holding's stored entries over some days, walked oldest first by a save that writes
/// balances for past dates among them: at each day, the entry of that very day and the
/// amount carried to it, the balances the save wrote before it counted. One read a
/// holding instead of seeks a balance.
struct StoredEntriesWalk {
  private let entries: [(day: Int, amount: DecimalValue)]
  private var next = 0
  /// The amount in effect on the day walked to: the latest stored entry on or before it,
  /// or a balance written since for a day after that entry's.
  private(set) var carried = DecimalValue.zero

  init(_ entries: [(day: Int, amount: DecimalValue)]) {
    self.entries = entries
  }

  /// A walk for each holding of `edits`, over the days of its edits, read inside a write;
  /// `spelled` gives a holding as the store spells its place, which the read asks for.
  static func reading(
    _ db: Database, around edits: [DatedEdit], spelled: (Holding) -> Holding
  ) throws -> [Holding: StoredEntriesWalk] {
    var days: [Holding: ClosedRange<CalendarDate>] = [:]
    for edit in edits {
      let known = days[edit.holding]
      days[edit.holding] =
        min(known?.lowerBound ?? edit.date, edit.date)...max(known?.upperBound ?? edit.date, edit.date)
    }
    var walks: [Holding: StoredEntriesWalk] = [:]
    for (holding, range) in days {
      walks[holding] = StoredEntriesWalk(try Store.entries(db, of: spelled(holding), around: range))
    }
    return walks
  }

  /// Walks on to `day` (never back): the amount of the stored entry effective that very
  /// day (of a day's, the last entered), if there is one.
  mutating func walk(to day: Int) -> DecimalValue? {
    var onDay: DecimalValue?
    while next < entries.count && entries[next].day <= day {
      carried = entries[next].amount
      if entries[next].day == day { onDay = entries[next].amount }
      next += 1
    }
    return onDay
  }

  /// A balance written on the day walked to: it is carried from there on.
  mutating func write(_ amount: DecimalValue) {
    carried = amount
  }
}

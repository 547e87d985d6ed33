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

  /// A walk for each of `dated`'s holdings (by its index there), over the days of its
  /// balances, read inside a write; `spelled` gives a holding as the store spells its
  /// place, which the read asks for.
  static func reading(
    _ db: Database, of dated: DatedInOrder, spelled: (Holding) -> Holding
  ) throws -> [StoredEntriesWalk] {
    // The balances go oldest first: a holding's first is its earliest, its last its latest.
    var first = [CalendarDate?](repeating: nil, count: dated.holdings.count)
    var last = first
    for (holding, edit) in dated.edits {
      if first[holding] == nil { first[holding] = edit.date }
      last[holding] = edit.date
    }
    return try dated.holdings.indices.map { holding in
      guard let from = first[holding], let to = last[holding] else { return StoredEntriesWalk([]) }
      return StoredEntriesWalk(try Store.entries(db, of: spelled(dated.holdings[holding]), around: from...to))
    }
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

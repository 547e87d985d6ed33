/// Edits committed in memory and not yet saved, coalesced: one entry per holding for
/// today's amounts, one per holding and date for balances written down for a past date,
/// and the moves between places.
package struct PendingBatch: Sendable {
  /// Today's new amount per holding (by currency index at the unnamed place: a commit is
  /// on the hot path of a script).
  private var slots = HoldingAmounts()
  /// Balances for past dates, by holding and day: a script or a dump may write down
  /// hundreds of thousands, so every lookup here is a hash or a binary search.
  private var datedEdits: [DatedKey: DatedEdit] = [:]
  /// Per holding, the days of its balances, ascending.
  private var datedDays: [Holding: [Int]] = [:]
  /// Moves between places, in the order made.
  package private(set) var moves: [PendingMove] = []
  /// Direct quotes recorded since the last save (`rates set`), in the order set.
  package private(set) var quotes: [Quote] = []
  /// Euro rates recorded since the last save (`rates record`, as a dump writes them), in
  /// the order recorded.
  package private(set) var rates: [Rate] = []
  /// How some of `rates` were given: in another base than the euro (`rates record …
  /// base B`), with EUR's own value in that base.
  package private(set) var asGiven: [RateAsGiven] = []
  /// A new local currency, if it changed.
  package private(set) var local: Currency?

  package init() {}

  package var isEmpty: Bool {
    slots.isEmpty && datedEdits.isEmpty && moves.isEmpty && quotes.isEmpty && rates.isEmpty && local == nil
  }

  /// How many unsaved edits the status line shows (a move is one).
  package var count: Int {
    slots.count + datedEdits.count + moves.count + quotes.count + rates.count + (local == nil ? 0 : 1)
  }

  /// Balances for past dates, oldest first (in catalog order, then by place, within a day).
  package var dated: [DatedEdit] {
    // Sorted as pairs of integers, a day and a holding's rank, not as edits: a dump's
    // save sorts ten thousand, and moving edits about cost more than writing them.
    let holdings = datedDays.keys.sorted(by: Holding.precedes)
    var order: [(day: Int, holding: Int)] = []
    order.reserveCapacity(datedEdits.count)
    for (rank, holding) in holdings.enumerated() {
      for day in datedDays[holding] ?? [] { order.append((day, rank)) }
    }
    order.sort { $0.day != $1.day ? $0.day < $1.day : $0.holding < $1.holding }
    return order.compactMap { datedEdits[DatedKey(holding: holdings[$0.holding], day: $0.day)] }
  }

  /// How many balances for past dates there are.
  package var datedCount: Int { datedEdits.count }

  /// Whether there is any balance for a past date.
  package var hasDated: Bool { !datedEdits.isEmpty }

  /// Whether the holding has a balance for a past date.
  package func hasDated(_ holding: Holding) -> Bool { !(datedDays[holding]?.isEmpty ?? true) }

  /// The holdings with a balance for a past date.
  package var datedHoldings: [Holding] { Array(datedDays.keys) }

  /// Whether a pending dated balance is of a holding `matching`: asked without making
  /// `datedHoldings` (a `holdings import` asks it for every row it reads).
  package func hasDatedHolding(where matching: (Holding) -> Bool) -> Bool {
    datedDays.keys.contains(where: matching)
  }

  /// The holding's balance with the latest date on or before `date`, if any.
  package func latestDated(_ holding: Holding, onOrBefore date: CalendarDate) -> DatedEdit? {
    guard let days = datedDays[holding] else { return nil }
    // The first day after `date`; the one before it is the answer.
    var low = 0
    var high = days.count
    while low < high {
      let middle = (low + high) / 2
      if days[middle] <= date.dayNumber { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    return datedEdits[DatedKey(holding: holding, day: days[low - 1])]
  }

  /// Whether the holding has a balance for a day after `date`.
  package func hasDated(_ holding: Holding, after date: CalendarDate) -> Bool {
    (datedDays[holding]?.last ?? .min) > date.dayNumber
  }

  /// Today's new amounts, in catalog order (each currency's unnamed place first).
  package var amounts: [(holding: Holding, amount: DecimalValue)] {
    slots.all
  }

  /// Today's new amount of a holding, if it has one.
  package func amount(of holding: Holding) -> DecimalValue? {
    slots[holding]
  }

  /// The pending balance of a holding for a past date, if there is one.
  package func dated(_ holding: Holding, on date: CalendarDate) -> DatedEdit? {
    datedEdits[DatedKey(holding: holding, day: date.dayNumber)]
  }

  /// Today's amount of a holding; `savedAmount` is what the store holds, nil when it is
  /// to be written whatever it is.
  mutating func set(_ amount: DecimalValue, of holding: Holding, savedAmount: DecimalValue?) {
    // Setting a holding back to what the store holds leaves nothing to write.
    slots[holding] = amount == savedAmount ? nil : amount
  }

  /// Adds a move (the caller has checked it).
  mutating func add(_ move: PendingMove) {
    moves.append(move)
  }

  /// Keeps only the moves `keep` says: after a save, those it held back.
  mutating func keepMoves(where keep: (PendingMove) -> Bool) {
    moves.removeAll { !keep($0) }
  }

  /// Whether a pending move takes from or gives to the holding.
  package func hasMove(touching holding: Holding) -> Bool {
    !moves.isEmpty && moves.contains { $0.touches(holding) }
  }

  /// Records a balance for a past date, replacing an unsaved one of the same currency and
  /// date. One the store already records for that very date leaves nothing to write. Any
  /// other is kept, even when it equals the amount carried to that date from an earlier
  /// one: a balance written down is a fact of that day, which an earlier balance written
  /// later must not carry over (a save writes it only when it changes something then).
  mutating func set(_ edit: DatedEdit) {
    let key = DatedKey(holding: edit.holding, day: edit.date.dayNumber)
    if var existing = datedEdits[key] {
      if edit.amount == existing.seen && existing.recordedOnDate {
        remove(key)
      } else {
        // The first edit's view of the store stays what a save compares with.
        existing.amount = edit.amount
        existing.changesCurrent = edit.changesCurrent
        datedEdits[key] = existing
      }
    } else if !(edit.amount == edit.seen && edit.recordedOnDate) {
      keep(edit)
    }
  }

  /// Puts a holding's pending balance for a date back as it was (nil: none).
  mutating func restore(_ edit: DatedEdit?, of holding: Holding, on date: CalendarDate) {
    let key = DatedKey(holding: holding, day: date.dayNumber)
    if let edit {
      keep(edit)
    } else if datedEdits[key] != nil {
      remove(key)
    }
  }

  private mutating func remove(_ key: DatedKey) {
    datedEdits[key] = nil
    datedDays[key.holding]?.removeAll { $0 == key.day }
    if datedDays[key.holding]?.isEmpty == true { datedDays[key.holding] = nil }
  }

  /// Whether a pending edit decides the holding's current amount: today's, the
  /// latest-dated past one when nothing later is recorded, or a move.
  package func decidesCurrent(_ holding: Holding) -> Bool {
    slots[holding] != nil || currentDated(holding) != nil || hasMove(touching: holding)
  }

  /// The holding's latest-dated balance, when it is also the current amount.
  package func currentDated(_ holding: Holding) -> DatedEdit? {
    guard let day = datedDays[holding]?.last,
      let edit = datedEdits[DatedKey(holding: holding, day: day)], edit.changesCurrent
    else { return nil }
    return edit
  }

  /// Adds a quote, replacing an unsaved one of the same pair and date (as the store
  /// would).
  mutating func add(_ quote: Quote) {
    quotes.removeAll { $0.pair == quote.pair && $0.date == quote.date }
    quotes.append(quote)
  }

  /// Adds an imported rate; a later one of the same currency and day replaces it when
  /// saved, as the store would.
  mutating func add(_ rate: Rate) {
    rates.append(rate)
  }

  mutating func add(_ given: RateAsGiven) {
    asGiven.append(given)
  }

  mutating func setLocal(_ currency: Currency) {
    local = currency
  }

  /// Keeps a balance as it is (also one a save could not write: a conflict).
  mutating func keep(_ edit: DatedEdit) {
    let key = DatedKey(holding: edit.holding, day: edit.date.dayNumber)
    if datedEdits.updateValue(edit, forKey: key) == nil {
      // Scripts mostly write balances in date order: the common insert is at the end.
      var days = datedDays.removeValue(forKey: key.holding) ?? []
      var index = days.count
      while index > 0 && days[index - 1] > key.day { index -= 1 }
      days.insert(key.day, at: index)
      datedDays[key.holding] = days
    }
  }
}

/// Edits committed in memory and not yet saved, coalesced: one entry per holding for
/// today's amounts, one per holding and date for balances written down for a past date,
/// and the moves between places.
package struct PendingBatch: Sendable {
  /// Today's new amount per holding (by currency index at the unnamed place: a commit is
  /// on the hot path of a script).
  private var slots = HoldingAmounts()
  /// Balances for past dates, per holding (a holding with none has no entry): a script
  /// or a dump may write down hundreds of thousands, so a holding is found by one hash
  /// and its list is changed in place.
  private var datedByHolding: [Holding: DatedList] = [:]
  /// How many balances for past dates there are.
  package private(set) var datedCount = 0
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
    slots.isEmpty && datedByHolding.isEmpty && moves.isEmpty && quotes.isEmpty && rates.isEmpty && local == nil
  }

  /// How many unsaved edits the status line shows (a move is one).
  package var count: Int {
    slots.count + datedCount + moves.count + quotes.count + rates.count + (local == nil ? 0 : 1)
  }

  /// Balances for past dates, oldest first (in catalog order, then by place, within a day).
  package var dated: [DatedEdit] { datedInOrder.edits.map(\.edit) }

  /// `dated`, each balance with its holding's index in `holdings`: a save of many (a
  /// dump's saves ten thousand) keeps what it knows of each holding in an array by that
  /// index rather than in a dictionary it hashes a holding into three times a balance.
  package var datedInOrder: DatedInOrder {
    // Sorted as pairs of a date and a holding's rank, not as edits: moving edits about
    // cost more than writing them.
    let holdings = datedByHolding.keys.sorted(by: Holding.precedes)
    let lists = holdings.map { datedByHolding[$0] ?? DatedList() }
    var order: [(date: CalendarDate, holding: Int)] = []
    order.reserveCapacity(datedCount)
    for (rank, list) in lists.enumerated() {
      for day in list.days { order.append((day, rank)) }
    }
    order.sort { $0.date != $1.date ? $0.date < $1.date : $0.holding < $1.holding }
    return DatedInOrder(
      holdings: holdings,
      edits: order.compactMap { key in lists[key.holding].edits[key.date].map { (key.holding, $0) } })
  }

  /// Whether there is any balance for a past date.
  package var hasDated: Bool { !datedByHolding.isEmpty }

  /// Whether the holding has a balance for a past date.
  package func hasDated(_ holding: Holding) -> Bool { datedByHolding[holding] != nil }

  /// The holdings with a balance for a past date.
  package var datedHoldings: [Holding] { Array(datedByHolding.keys) }

  /// Whether a pending dated balance is of a holding `matching`: asked without making
  /// `datedHoldings` (a `holdings import` asks it for every row it reads).
  package func hasDatedHolding(where matching: (Holding) -> Bool) -> Bool {
    datedByHolding.keys.contains(where: matching)
  }

  /// The holding's balance with the latest date on or before `date`, if any.
  package func latestDated(_ holding: Holding, onOrBefore date: CalendarDate) -> DatedEdit? {
    guard let list = datedByHolding[holding] else { return nil }
    let (index, found) = list.position(of: date)
    guard found || index > 0 else { return nil }
    return list.edits[list.days[found ? index : index - 1]]
  }

  /// Whether the holding has a balance for a day after `date`.
  package func hasDated(_ holding: Holding, after date: CalendarDate) -> Bool {
    datedByHolding[holding]?.days.last.map { $0 > date } ?? false
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
    datedByHolding[holding]?.edits[date]
  }

  /// Today's amount of a holding; `savedAmount` is what the store holds, nil when it is
  /// to be written whatever it is.
  mutating func set(_ amount: DecimalValue, of holding: Holding, savedAmount: DecimalValue?) {
    // Setting a holding back to what the store holds leaves nothing to write.
    slots[holding] = amount == savedAmount ? nil : amount
  }

  /// Puts a holding's amount for today back as it was (nil: none).
  mutating func restoreToday(_ amount: DecimalValue?, of holding: Holding) {
    slots[holding] = amount
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
    let unchanged = edit.amount == edit.seen && edit.recordedOnDate
    guard let slot = slot(of: edit.holding) else {
      if !unchanged { insert(edit, at: nil) }
      return
    }
    guard let existing = datedByHolding.values[slot].edits[edit.date] else {
      if !unchanged { insert(edit, at: slot) }
      return
    }
    if edit.amount == existing.seen && existing.recordedOnDate {
      remove(edit.date, at: slot)
    } else {
      // The first edit's view of the store stays what a save compares with.
      datedByHolding.values[slot].update(edit.date, amount: edit.amount, changesCurrent: edit.changesCurrent)
    }
  }

  /// Puts a holding's pending balance for a date back as it was (nil: none).
  mutating func restore(_ edit: DatedEdit?, of holding: Holding, on date: CalendarDate) {
    if let edit {
      keep(edit)
    } else if let slot = datedByHolding.index(forKey: holding), datedByHolding.values[slot].edits[date] != nil {
      remove(date, at: slot)
    }
  }

  /// Where the holding's list is in the table, keyed by `holding` as it spells its place
  /// now. A place renamed in letter case alone (`wise` to `WISE`, here or by another
  /// session) is the same place, so an equal key, and a table keeps the key it was first
  /// given: the list is keyed again, so that what lists the pending holdings spells the
  /// place as the latest balance written does.
  private mutating func slot(of holding: Holding) -> Dictionary<Holding, DatedList>.Index? {
    guard let slot = datedByHolding.index(forKey: holding) else { return nil }
    guard datedByHolding.keys[slot].place.name != holding.place.name else { return slot }
    let list = datedByHolding.remove(at: slot).value
    datedByHolding[holding] = list
    return datedByHolding.index(forKey: holding)
  }

  /// Adds a balance of a day the holding has none for to the list at `slot` (nil: the
  /// holding has none yet). The list is changed where it is, through its index in the
  /// table: not copied out and put back.
  private mutating func insert(_ edit: DatedEdit, at slot: Dictionary<Holding, DatedList>.Index?) {
    if let slot {
      datedByHolding.values[slot].insert(edit)
    } else {
      var list = DatedList()
      list.insert(edit)
      datedByHolding[edit.holding] = list
    }
    datedCount += 1
  }

  /// Removes the balance for `date` from the list at `slot`, and the list when it empties.
  private mutating func remove(_ date: CalendarDate, at slot: Dictionary<Holding, DatedList>.Index) {
    datedByHolding.values[slot].remove(date)
    if datedByHolding.values[slot].days.isEmpty { datedByHolding.remove(at: slot) }
    datedCount -= 1
  }

  /// Whether a pending edit decides the holding's current amount: today's, the
  /// latest-dated past one when nothing later is recorded, or a move.
  package func decidesCurrent(_ holding: Holding, today: CalendarDate) -> Bool {
    slots[holding] != nil || currentDated(holding, today: today) != nil || hasMove(touching: holding)
  }

  /// The holding's latest balance on or before `today`, when it is also the current
  /// amount. One for a day after today (a dump's `--ahead`) is not in effect yet: the
  /// balance before it still is.
  package func currentDated(_ holding: Holding, today: CalendarDate) -> DatedEdit? {
    guard let edit = latestDated(holding, onOrBefore: today), edit.changesCurrent else { return nil }
    return edit
  }

  /// Whether the holding has a balance for a day after `date` and on or before `today`:
  /// one that comes between `date` and today's amount (one ahead of today does not).
  package func hasDated(_ holding: Holding, after date: CalendarDate, through today: CalendarDate) -> Bool {
    latestDated(holding, onOrBefore: today).map { $0.date > date } ?? false
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
    guard let slot = slot(of: edit.holding) else { return insert(edit, at: nil) }
    if datedByHolding.values[slot].edits[edit.date] != nil {
      datedByHolding.values[slot].replace(edit)
    } else {
      insert(edit, at: slot)
    }
  }
}

/// One holding's balances for past dates: its days in order, and its edits by day. The
/// days are kept apart from the edits so that a balance written out of date order moves
/// four-byte days to make room, not whole edits.
private struct DatedList: Sendable {
  /// The days with a balance, oldest first.
  private(set) var days: [CalendarDate] = []
  /// The balance of each day in `days`.
  private(set) var edits: [CalendarDate: DatedEdit] = [:]

  /// Where `date` is in `days`, or where it would go.
  func position(of date: CalendarDate) -> (index: Int, found: Bool) {
    // Scripts mostly write balances in date order: the common answer is the end.
    if let last = days.last, last < date { return (days.count, false) }
    var low = 0
    var high = days.count
    while low < high {
      let middle = (low + high) / 2
      if days[middle] < date { low = middle + 1 } else { high = middle }
    }
    return (low, low < days.count && days[low] == date)
  }

  /// Adds a balance for a day that has none.
  mutating func insert(_ edit: DatedEdit) {
    days.insert(edit.date, at: position(of: edit.date).index)
    edits[edit.date] = edit
  }

  /// Puts `edit` in place of the balance of its day, which has one.
  mutating func replace(_ edit: DatedEdit) {
    edits[edit.date] = edit
  }

  /// Changes the amount of the balance for `date`, which has one, keeping what it saw.
  mutating func update(_ date: CalendarDate, amount: DecimalValue, changesCurrent: Bool) {
    edits[date]?.amount = amount
    edits[date]?.changesCurrent = changesCurrent
  }

  /// Removes the balance for `date`, which has one.
  mutating func remove(_ date: CalendarDate) {
    let (index, found) = position(of: date)
    if found { days.remove(at: index) }
    edits[date] = nil
  }
}

/// The balances for past dates of a batch in the order a save writes them (see
/// `PendingBatch.datedInOrder`).
package struct DatedInOrder {
  /// The holdings with a balance for a past date, in catalog order, then by place.
  package let holdings: [Holding]
  /// The balances, oldest first (in the order of `holdings` within a day), each with
  /// its holding's index in `holdings`.
  package let edits: [(holding: Int, edit: DatedEdit)]
}

/// Edits committed in memory and not yet saved, coalesced: one entry per currency for
/// today's amounts, one per currency and date for balances written down for a past date.
package struct PendingBatch: Sendable {
  /// New amount per catalog index (an array: a commit is on the hot path of a script).
  private var slots: [DecimalValue?] = Array(repeating: nil, count: Catalog.count)
  private var amountCount = 0
  /// Balances for past dates, by currency and day: a script or a dump may write down
  /// hundreds of thousands, so every lookup here is a hash or a binary search.
  private var datedEdits: [DatedKey: DatedEdit] = [:]
  /// Per catalog index, the days of that currency's balances, ascending.
  private var datedDays: [[Int]] = Array(repeating: [], count: Catalog.count)
  /// Direct quotes recorded since the last save (`rates set`), in the order set.
  package private(set) var quotes: [Quote] = []
  /// Euro rates recorded since the last save (`rates record`, as a dump writes them), in
  /// the order recorded.
  package private(set) var rates: [Rate] = []
  /// A new local currency, if it changed.
  package private(set) var local: Currency?

  package init() {}

  package var isEmpty: Bool {
    amountCount == 0 && datedEdits.isEmpty && quotes.isEmpty && rates.isEmpty && local == nil
  }

  /// How many unsaved edits the status line shows.
  package var count: Int { amountCount + datedEdits.count + quotes.count + rates.count + (local == nil ? 0 : 1) }

  /// Balances for past dates, oldest first (in catalog order within a day).
  package var dated: [DatedEdit] {
    datedEdits.values.sorted { ($0.date, $0.currency.index) < ($1.date, $1.currency.index) }
  }

  /// Whether there is any balance for a past date.
  package var hasDated: Bool { !datedEdits.isEmpty }

  /// Whether the currency has a balance for a past date.
  package func hasDated(_ currency: Currency) -> Bool { !datedDays[currency.index].isEmpty }

  /// The currency's balance with the latest date on or before `date`, if any.
  package func latestDated(_ currency: Currency, onOrBefore date: CalendarDate) -> DatedEdit? {
    let days = datedDays[currency.index]
    // The first day after `date`; the one before it is the answer.
    var low = 0
    var high = days.count
    while low < high {
      let middle = (low + high) / 2
      if days[middle] <= date.dayNumber { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    return datedEdits[DatedKey(currency: currency.index, day: days[low - 1])]
  }

  /// Whether the currency has a balance for a day after `date`.
  package func hasDated(_ currency: Currency, after date: CalendarDate) -> Bool {
    (datedDays[currency.index].last ?? .min) > date.dayNumber
  }

  /// Today's new amounts, in catalog order.
  package var amounts: [(currency: Currency, amount: DecimalValue)] {
    Catalog.all.compactMap { currency in slots[currency.index].map { (currency, $0) } }
  }

  /// Today's new amount of a currency, if it has one.
  package func amount(of currency: Currency) -> DecimalValue? {
    slots[currency.index]
  }

  /// The pending balance of a currency for a past date, if there is one.
  package func dated(_ currency: Currency, on date: CalendarDate) -> DatedEdit? {
    datedEdits[DatedKey(currency: currency.index, day: date.dayNumber)]
  }

  mutating func set(_ amount: DecimalValue, of currency: Currency, savedAmount: DecimalValue) {
    let had = slots[currency.index] != nil
    // Setting a currency back to what the store holds leaves nothing to write.
    let new: DecimalValue? = amount == savedAmount ? nil : amount
    slots[currency.index] = new
    amountCount += (new != nil ? 1 : 0) - (had ? 1 : 0)
  }

  /// Records a balance for a past date, replacing an unsaved one of the same currency and
  /// date. One the store already records for that very date leaves nothing to write. Any
  /// other is kept, even when it equals the amount carried to that date from an earlier
  /// one: a balance written down is a fact of that day, which an earlier balance written
  /// later must not carry over (a save writes it only when it changes something then).
  mutating func set(_ edit: DatedEdit) {
    let key = DatedKey(currency: edit.currency.index, day: edit.date.dayNumber)
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

  /// Puts a currency's pending balance for a date back as it was (nil: none).
  mutating func restore(_ edit: DatedEdit?, of currency: Currency, on date: CalendarDate) {
    let key = DatedKey(currency: currency.index, day: date.dayNumber)
    if let edit {
      keep(edit)
    } else if datedEdits[key] != nil {
      remove(key)
    }
  }

  private mutating func remove(_ key: DatedKey) {
    datedEdits[key] = nil
    datedDays[key.currency].removeAll { $0 == key.day }
  }

  /// Whether a pending edit decides the currency's current amount: today's, or the
  /// latest-dated past one when nothing later is recorded.
  package func decidesCurrent(_ currency: Currency) -> Bool {
    slots[currency.index] != nil || currentDated(currency) != nil
  }

  /// The currency's latest-dated balance, when it is also the current amount.
  package func currentDated(_ currency: Currency) -> DatedEdit? {
    guard let day = datedDays[currency.index].last,
      let edit = datedEdits[DatedKey(currency: currency.index, day: day)], edit.changesCurrent
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

  mutating func setLocal(_ currency: Currency) {
    local = currency
  }

  /// Keeps a balance as it is (also one a save could not write: a conflict).
  mutating func keep(_ edit: DatedEdit) {
    let key = DatedKey(currency: edit.currency.index, day: edit.date.dayNumber)
    if datedEdits.updateValue(edit, forKey: key) == nil {
      // Scripts mostly write balances in date order: the common insert is at the end.
      var index = datedDays[key.currency].count
      while index > 0 && datedDays[key.currency][index - 1] > key.day { index -= 1 }
      datedDays[key.currency].insert(key.day, at: index)
    }
  }
}

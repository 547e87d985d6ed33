/// The holdings through time (SPEC §8): balances written down for past dates, and the
/// amounts as they stood on any date, from the journal and this session's unsaved edits.
extension Ledger {
  /// Records that `holding` held `amount` on `date`: a commit like any other (pending,
  /// saved, journalled), effective on `date`. On today it is a plain commit. It changes
  /// the current amount only when no entry of the holding is effective after `date` and
  /// on or before today (and never for a date after today, which only a dump's `--ahead`
  /// writes down). Returns false when the amount on `date` is already that.
  @discardableResult
  package func commit(_ amount: DecimalValue, of holding: Holding, on date: CalendarDate) throws(StoreError) -> Bool {
    guard date != portfolio.today else { return commit(amount, of: holding) }
    let (stored, later) = try storedBalance(of: holding, on: date)
    return commit(amount, of: holding, on: date, stored: stored, laterEntry: later)
  }

  /// `commit(_:of:on:)` at the unnamed place.
  @discardableResult
  package func commit(_ amount: DecimalValue, of currency: Currency, on date: CalendarDate) throws(StoreError) -> Bool {
    try commit(amount, of: Holding(currency), on: date)
  }

  /// What the store holds for `date`, read once, so that the commits of a sheet opened at
  /// that date read nothing: each holding's balance then, and whether it has an entry
  /// after it in effect by today. Two queries, a seek per holding.
  package func datedView(on date: CalendarDate) throws(StoreError) -> DatedView {
    let stored = try store.balances(on: [date])[0]
    let later = try store.holdingsWithEntries(after: date, through: portfolio.today)
    return DatedView(date: date, stored: stored, laterEntries: later)
  }

  /// What the store holds of one holding for `date`, and whether it has an entry after
  /// it in effect by today: all a single dated `set` needs (a dump gives back its history
  /// a line at a time). On or after the holding's latest entry (see `latestEntries`), or
  /// for a holding with none, that entry says it; before it, two seeks.
  private func storedBalance(of holding: Holding, on date: CalendarDate) throws(StoreError) -> (HeldBalance?, Bool) {
    if latestEntries == nil { latestEntries = try store.latestEntries() }
    if let latestEntries {
      let latest = latestEntries[holding]
      if latest.map({ date >= $0.since }) ?? true { return (latest, false) }
    }
    return try store.balance(of: holding, on: date, today: portfolio.today)
  }

  /// A commit effective on the view's date, from what the view read of the store (see
  /// `commit(_:of:on:)`).
  @discardableResult
  package func commit(_ amount: DecimalValue, of holding: Holding, in view: DatedView) -> Bool {
    guard view.date != portfolio.today else { return commit(amount, of: holding) }
    return commit(
      amount, of: holding, on: view.date, stored: view.stored[holding],
      laterEntry: view.laterEntries.contains(holding))
  }

  /// A commit effective on `date`, a past day, given what the store holds of the holding
  /// then (`stored`) and whether it has an entry after it (`laterEntry`).
  private func commit(
    _ amount: DecimalValue, of holding: Holding, on date: CalendarDate, stored: HeldBalance?, laterEntry: Bool
  ) -> Bool {
    let existing = pending.dated(holding, on: date)
    // The store says so already, for this very date; or this session does.
    if existing == nil && stored?.since == date && stored?.amount == amount { return false }
    if let existing, existing.amount == amount { return false }
    let later =
      laterEntry || pending.amount(of: holding) != nil
      || pending.hasDated(holding, after: date, through: portfolio.today)
      || pending.moves.contains { $0.touches(holding) && $0.date > date }
    let edit = DatedEdit(
      holding: holding, date: date, amount: amount, seen: existing?.seen ?? stored?.amount ?? .zero,
      recordedOnDate: existing?.recordedOnDate ?? (stored?.since == date),
      changesCurrent: !later && date < portfolio.today)
    pending.set(edit)
    counters.commits += 1
    portfolio.setAmount(currentAmount(of: holding), of: holding)
    return true
  }

  /// Puts back the pending balance of `holding` on `date` as it was (`edit`; nil: none):
  /// how a sheet at a date undoes a commit, leaving nothing to write where it found
  /// nothing.
  package func restore(_ edit: DatedEdit?, of holding: Holding, on date: CalendarDate) {
    pending.restore(edit, of: holding, on: date)
    portfolio.setAmount(currentAmount(of: holding), of: holding)
  }

  /// A holding's unsaved amount for today (nil: none) and the store's amount it is based
  /// on: what a sheet puts back when it takes a commit back.
  package struct TodayEdit: Equatable {
    let amount: DecimalValue?
    let base: DecimalValue?
  }

  package func todayEdit(of holding: Holding) -> TodayEdit {
    TodayEdit(amount: pending.amount(of: holding), base: base[holding])
  }

  /// Puts a holding's unsaved amount for today, and the base a commit gave it, back as
  /// they were.
  package func restore(_ edit: TodayEdit, of holding: Holding) {
    pending.restoreToday(edit.amount, of: holding)
    base[holding] = edit.base
    // Putting an amount back commits it, as any change of the amount does (`stats`).
    if portfolio.setAmount(currentAmount(of: holding), of: holding) { counters.commits += 1 }
  }

  /// The current amount of a holding as this session has it: today's unsaved amount, else
  /// the latest unsaved balance with nothing after it, else what the store holds (with
  /// any unsaved move).
  func currentAmount(of holding: Holding) -> DecimalValue {
    if let today = pending.amount(of: holding) { return today }
    return pending.currentDated(holding, today: portfolio.today)?.amount
      ?? movedAmount(baseAmount(of: holding), of: holding, through: nil)
  }

  /// `amount` with this session's unsaved moves of `holding` dated on or before `date`
  /// (all of them for nil) put in: a move held back by a conflict still counts here.
  private func movedAmount(_ amount: DecimalValue, of holding: Holding, through date: CalendarDate?) -> DecimalValue {
    var amount = amount
    for move in pending.moves where move.touches(holding) && date.map({ move.date <= $0 }) ?? true {
      amount = (try? move.source == holding ? amount - move.amount : amount + move.amount) ?? amount
    }
    return amount
  }

  /// The amount of `holding` on `date` as this session sees it: the store's balance
  /// (`stored`, from an entry effective `storedSince`), unless an unsaved balance of a
  /// date between that entry's and `date` (or today's unsaved amount, from today on)
  /// replaces it.
  private func balance(
    of holding: Holding, on date: CalendarDate, stored: DecimalValue, storedSince: CalendarDate?
  ) -> DecimalValue {
    if date >= portfolio.today, let today = pending.amount(of: holding) { return today }
    let unsaved = pending.latestDated(holding, onOrBefore: date)
    if let unsaved, storedSince.map({ unsaved.date >= $0 }) ?? true { return unsaved.amount }
    return pending.moves.isEmpty ? stored : movedAmount(stored, of: holding, through: date)
  }

  /// The amount of every holding on each of `dates`: the holdings as they stood then, as
  /// the journal has them (SPEC §8), with this session's unsaved balances put in. One
  /// read for all the dates: a seek per holding and date, or of a series of month ends a
  /// short scan per holding. Holdings with no entry on or before a date are left out of
  /// its row.
  package func holdings(on dates: [CalendarDate]) throws(StoreError) -> [[Holding: DecimalValue]] {
    let stored = try store.balances(on: dates)
    // Nothing unsaved: the journal's balances are the answer as they are.
    if pending.amounts.isEmpty && !pending.hasDated && pending.moves.isEmpty {
      return stored.map { $0.mapValues(\.amount) }
    }
    var unsaved = Set(pending.amounts.map(\.holding)).union(pending.datedHoldings)
    for move in pending.moves { unsaved.formUnion([move.source, move.destination]) }
    return zip(dates, stored).map { date, balances in
      var amounts: [Holding: DecimalValue] = [:]
      for holding in unsaved.union(balances.keys) {
        let held = balances[holding]
        amounts[holding] = balance(of: holding, on: date, stored: held?.amount ?? .zero, storedSince: held?.since)
      }
      return amounts
    }
  }

  /// The amount of every currency on each of `dates`, its places summed, per currency
  /// index (see `holdings(on:)`).
  package func amounts(on dates: [CalendarDate]) throws(StoreError) -> [[DecimalValue]] {
    try holdings(on: dates).map(Self.sums)
  }

  /// Per currency index, the sum of its holdings' amounts, added up in place as
  /// `Portfolio.sum` adds a currency's places (exactly the one amount when only one is
  /// not zero).
  static func sums(_ holdings: [Holding: DecimalValue]) -> [DecimalValue] {
    var amounts = [DecimalValue](repeating: .zero, count: Currency.indexCount)
    for (holding, amount) in holdings where !amount.isZero {
      let index = holding.currency.index
      if amounts[index].isZero {
        amounts[index] = amount
      } else if let added = try? amounts[index] + amount {
        amounts[index] = added
      }
    }
    return amounts
  }

  /// The holdings as they stood on `date`, valued at that date's rates: what `total at`
  /// answers. Its reads are counted apart from the live total's.
  package func portfolio(asHeldOn date: CalendarDate) throws(StoreError) -> Portfolio {
    try portfolio(amounts: amounts(on: [date])[0], valuedOn: date)
  }

  /// The holdings as they stood on `date`, each place's amount kept, valued at that date's
  /// rates: a sheet opened at that date shows them.
  package func portfolio(holdingsOn date: CalendarDate) throws(StoreError) -> Portfolio {
    let held = try holdings(on: [date])[0]
    let dated = try portfolio(amounts: Array(repeating: .zero, count: Currency.indexCount), valuedOn: date)
    for (holding, amount) in held.sorted(by: { Holding.precedes($0.key, $1.key) }) {
      dated.setAmount(amount, of: holding)
    }
    return dated
  }

  /// Today's holdings valued at `date`'s rates: the what-if of `total valued at`.
  package func portfolio(valuedOn date: CalendarDate) throws(StoreError) -> Portfolio {
    try portfolio(amounts: portfolio.amounts, valuedOn: date)
  }

  /// The holdings as they stood on each of `dates`, each valued at its date's rates: the
  /// rows of `total by month`. The amounts of all the dates are read in one go
  /// (`amounts(on:)`), their rates in another (`Store.rates(on:)`); each portfolio is made
  /// as the sequence reaches it (see `HeldPortfolios`).
  package func portfolios(asHeldOn dates: [CalendarDate]) throws(StoreError) -> HeldPortfolios {
    HeldPortfolios(
      dates: dates, amounts: try amounts(on: dates), rates: try store.rates(on: dates), local: portfolio.local,
      quotes: pending.quotes, units: units)
  }

  /// `amounts` valued in the local currency at the rates in use on `date`.
  package func portfolio(amounts: [DecimalValue], valuedOn date: CalendarDate) throws(StoreError) -> Portfolio {
    Portfolio(
      local: portfolio.local, rates: try rates(on: date), today: date, counters: Counters(), amounts: amounts,
      units: units)
  }
}

/// The holdings as they stood on a series of dates, each valued at its date's rates (see
/// `Ledger.portfolios(asHeldOn:)`). Each portfolio, with its rates, is made when `next`
/// reaches it: a listing that keeps only the last one or two holds no more than that,
/// however long the series (ten years by month would otherwise be 120 portfolios and
/// their rates, a megabyte or so of memory to fault in). The rates of a date are decoded
/// then too, so a damaged row fails there, naming itself.
package struct HeldPortfolios {
  let dates: [CalendarDate]
  let amounts: [[DecimalValue]]
  var rates: DatedRates
  let local: Currency
  /// The session's unsaved quotes: each counts from its date on.
  let quotes: [Quote]
  let units: [Currency]
  private var place = 0

  init(
    dates: [CalendarDate], amounts: [[DecimalValue]], rates: DatedRates, local: Currency, quotes: [Quote],
    units: [Currency]
  ) {
    self.dates = dates
    self.amounts = amounts
    self.rates = rates
    self.local = local
    self.quotes = quotes
    self.units = units
  }

  /// The portfolio of the next date; nil after the last.
  package mutating func next() throws(StoreError) -> Portfolio? {
    guard place < dates.count else { return nil }
    defer { place += 1 }
    let date = dates[place]
    var book = try rates.book(at: place)
    for quote in quotes where quote.date <= date { book.record(quote) }
    return Portfolio(
      local: local, rates: book, today: date, counters: Counters(), amounts: amounts[place], units: units)
  }
}

/// What the store held for a past date when a sheet was opened at it (see
/// `Ledger.datedView(on:)`).
package struct DatedView: Sendable {
  package let date: CalendarDate
  package private(set) var stored: [Holding: HeldBalance]
  package private(set) var laterEntries: Set<Holding>

  /// This view with what this session's saves wrote since it was read: the store's
  /// balance on the date is this session's own entry where it wrote one on or after the
  /// one the view holds, and an entry it wrote after the date is a later entry. Of what
  /// other sessions saved meanwhile the view learns nothing: a commit over it, which the
  /// sheet does not show, stays a conflict.
  ///
  /// Which holdings have a later entry is read again at each reload: it decides whether
  /// a commit is the current amount, not what a commit is based on.
  func applying(_ news: News) -> DatedView {
    var view = self
    for (holding, balance) in news.stored where view.stored[holding].map({ balance.since >= $0.since }) ?? true {
      view.stored[holding] = balance
    }
    if let read = news.laterEntriesRead { view.laterEntries = read }
    view.laterEntries.formUnion(news.later)
    return view
  }

  /// What this session's saves wrote that bears on the balances on `date`: of each
  /// holding, its latest entry written on or before the date, and whether one was written
  /// after it (and on or before today, so in effect); and, after a reload, the holdings
  /// with a later entry as the store held them then.
  package struct News: Sendable {
    let date: CalendarDate
    var stored: [Holding: HeldBalance] = [:]
    var later: Set<Holding> = []
    var laterEntriesRead: Set<Holding>?

    var isEmpty: Bool { stored.isEmpty && later.isEmpty && laterEntriesRead == nil }

    mutating func note(_ entries: [Store.JournalRow], today: CalendarDate) {
      for entry in entries { note(entry.holding, HeldBalance(amount: entry.new, since: entry.effective), today: today) }
    }

    /// An entry written: the holding's balance `balance.amount` from `balance.since` on.
    mutating func note(_ holding: Holding, _ balance: HeldBalance, today: CalendarDate) {
      if balance.since <= date {
        // Of a day's entries, the last written.
        if stored[holding].map({ balance.since >= $0.since }) ?? true { stored[holding] = balance }
      } else if balance.since <= today {
        later.insert(holding)
      }
    }
  }
}

extension Ledger {
  /// `holdings import`: balances read from a file, written in one transaction (see
  /// `Store.importBalances`), then what changed read back. nil when stopped (nothing
  /// written).
  package func importBalances(
    _ balances: WrittenBalances, shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> ImportedBalances? {
    // Read again when next needed (see `latestEntries`).
    latestEntries = nil
    let noting = newsDate
    let report = try writing { store throws(StoreError) in
      try store.importBalances(balances, noting: noting, shouldStop: shouldStop, progress: progress)
    }
    guard let report else { return nil }
    // What it wrote on or before a sheet's date, the sheet shows as this session's own.
    noteForView(report.noted)
    apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
    return report
  }
}

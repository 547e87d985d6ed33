/// Edits committed in memory and not yet saved, coalesced: one entry per currency for
/// today's amounts, one per currency and date for balances written down for a past date.
package struct PendingBatch: Sendable {
  /// New amount per catalog index (an array: a commit is on the hot path of a script).
  private var slots: [DecimalValue?] = Array(repeating: nil, count: Catalog.count)
  private var amountCount = 0
  /// Balances for past dates, in the order first committed.
  package private(set) var dated: [DatedEdit] = []
  /// Direct quotes recorded since the last save (`rates set`), in the order set.
  package private(set) var quotes: [Quote] = []
  /// A new local currency, if it changed.
  package private(set) var local: Currency?

  package init() {}

  package var isEmpty: Bool { amountCount == 0 && dated.isEmpty && quotes.isEmpty && local == nil }

  /// How many unsaved edits the status line shows.
  package var count: Int { amountCount + dated.count + quotes.count + (local == nil ? 0 : 1) }

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
    dated.first { $0.currency == currency && $0.date == date }
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
    if let index = dated.firstIndex(where: { $0.currency == edit.currency && $0.date == edit.date }) {
      if edit.amount == dated[index].seen && dated[index].recordedOnDate {
        dated.remove(at: index)
      } else {
        // The first edit's view of the store stays what a save compares with.
        dated[index].amount = edit.amount
        dated[index].changesCurrent = edit.changesCurrent
      }
    } else if !(edit.amount == edit.seen && edit.recordedOnDate) {
      dated.append(edit)
    }
  }

  /// Whether a pending edit decides the currency's current amount: today's, or a past
  /// date's with nothing later.
  package func decidesCurrent(_ currency: Currency) -> Bool {
    slots[currency.index] != nil || dated.contains { $0.currency == currency && $0.changesCurrent }
  }

  /// Adds a quote, replacing an unsaved one of the same pair and date (as the store
  /// would).
  mutating func add(_ quote: Quote) {
    quotes.removeAll { $0.pair == quote.pair && $0.date == quote.date }
    quotes.append(quote)
  }

  mutating func setLocal(_ currency: Currency) {
    local = currency
  }

  /// Keeps a balance a save could not write (a conflict), as it was.
  mutating func keep(_ edit: DatedEdit) {
    dated.append(edit)
  }
}

/// A balance written down for a past date and not yet saved: `set USD 900 at 2025-01-01`.
package struct DatedEdit: Sendable, Equatable {
  package let currency: Currency
  package let date: CalendarDate
  package var amount: DecimalValue
  /// The amount of the currency on `date` as the store held it when the edit was first
  /// made: a save that finds another amount there meets another session's entry (a
  /// conflict, as for today's amounts).
  package let seen: DecimalValue
  /// Whether `seen` comes from an entry effective on `date` itself.
  package let recordedOnDate: Bool
  /// Whether no entry of the currency is effective after `date`, so this balance is also
  /// the current amount.
  package var changesCurrent: Bool

  package init(
    currency: Currency, date: CalendarDate, amount: DecimalValue, seen: DecimalValue, recordedOnDate: Bool,
    changesCurrent: Bool
  ) {
    self.currency = currency
    self.date = date
    self.amount = amount
    self.seen = seen
    self.recordedOnDate = recordedOnDate
    self.changesCurrent = changesCurrent
  }
}

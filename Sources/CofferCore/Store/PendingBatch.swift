/// Edits committed in memory and not yet saved, coalesced: one entry per currency.
package struct PendingBatch: Sendable {
  /// New amount per catalog index (an array: a commit is on the hot path of a script).
  private var slots: [DecimalValue?] = Array(repeating: nil, count: Catalog.count)
  private var amountCount = 0
  /// Direct quotes recorded since the last save (`rates set`), in the order set.
  package private(set) var quotes: [Quote] = []
  /// A new local currency, if it changed.
  package private(set) var local: Currency?

  package init() {}

  package var isEmpty: Bool { amountCount == 0 && quotes.isEmpty && local == nil }

  /// How many unsaved edits the status line shows.
  package var count: Int { amountCount + quotes.count + (local == nil ? 0 : 1) }

  /// The new amounts, in catalog order.
  package var amounts: [(currency: Currency, amount: DecimalValue)] {
    Catalog.all.compactMap { currency in slots[currency.index].map { (currency, $0) } }
  }

  package func amount(of currency: Currency) -> DecimalValue? {
    slots[currency.index]
  }

  mutating func set(_ amount: DecimalValue, of currency: Currency, savedAmount: DecimalValue) {
    let had = slots[currency.index] != nil
    // Setting a currency back to what the store holds leaves nothing to write.
    let new: DecimalValue? = amount == savedAmount ? nil : amount
    slots[currency.index] = new
    amountCount += (new != nil ? 1 : 0) - (had ? 1 : 0)
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
}

/// Edits committed in memory and not yet saved, coalesced: one entry per currency.
public struct PendingBatch: Sendable {
  /// New amount per currency.
  public private(set) var amounts: [Currency: DecimalValue] = [:]
  /// Rates recorded since the last save.
  public private(set) var rates: [Rate] = []
  /// A new local currency, if it changed.
  public private(set) var local: Currency?

  public init() {}

  public var isEmpty: Bool { amounts.isEmpty && rates.isEmpty && local == nil }

  /// How many unsaved edits the status line shows.
  public var count: Int { amounts.count + rates.count + (local == nil ? 0 : 1) }

  mutating func set(_ amount: DecimalValue, of currency: Currency, savedAmount: DecimalValue) {
    // Setting a currency back to what the store holds leaves nothing to write.
    if amount == savedAmount {
      amounts[currency] = nil
    } else {
      amounts[currency] = amount
    }
  }

  mutating func add(_ rate: Rate) {
    rates.removeAll { $0.currency == rate.currency && $0.date == rate.date }
    rates.append(rate)
  }

  mutating func setLocal(_ currency: Currency) {
    local = currency
  }
}

/// A row of the sheet.
package enum SheetRowID: Hashable, Sendable {
  /// A currency's row: its field (the amount at the unnamed place) when it is held at no
  /// named place; else the sum of its places' committed amounts, not a field (Tab passes
  /// it by).
  case currency(Currency)
  /// One place of a currency held at named places, a field right under its currency.
  case place(Holding)

  package var currency: Currency {
    switch self {
    case .currency(let currency): currency
    case .place(let holding): holding.currency
    }
  }

  /// The place's holding, for a place row.
  package var place: Holding? {
    if case .place(let holding) = self { return holding }
    return nil
  }
}

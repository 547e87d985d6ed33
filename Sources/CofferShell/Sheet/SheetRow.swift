import CofferCore

/// What one row of the sheet shows, whichever view draws it (the line sheet prints it,
/// the form puts it in cells): read from the sheet's controller, nothing formatted yet.
/// Two equal rows look the same.
struct SheetRow: Equatable {
  let id: SheetRowID
  let currency: Currency
  let focused: Bool
  /// The text the field shows instead of its amount: the draft when focused, an invalid
  /// text left on it.
  let draft: String?
  let invalid: Bool
  let amount: DecimalValue
  /// The amount's value in the local currency, or why there is none; nil for no amount.
  let value: Result<DecimalValue, PortfolioError>?
  let local: Currency

  init(_ id: SheetRowID, of sheet: SheetController) {
    let portfolio = sheet.portfolio
    self.id = id
    currency = id.currency
    focused = sheet.focusedRow == id
    draft = sheet.shownDraft(of: id)
    invalid = sheet.isInvalid(id)
    let amount = sheet.amount(of: id)
    self.amount = amount
    let currency = id.currency
    value =
      amount.isZero
      ? nil
      : Result { () throws(PortfolioError) in
        id.place == nil ? try portfolio.value(of: currency) : try portfolio.value(of: amount, in: currency)
      }
    local = portfolio.local
  }

  /// The row's label: the code, or for a place `  @wise` (`  @(no place)`).
  var label: String {
    guard let holding = id.place else { return currency.code }
    return "  @" + holding.place.shown
  }

  /// Whether the money shown is that of `other` (only the draft, mark or focus differ).
  func showsTheSameMoney(as other: SheetRow) -> Bool {
    amount == other.amount && Self.sameValue(value, other.value) && local == other.local
  }

  /// `==` on the optional results, compared case by case: the generic `Result` equality
  /// went through witness tables at every keystroke's redraw.
  private static func sameValue(
    _ one: Result<DecimalValue, PortfolioError>?, _ other: Result<DecimalValue, PortfolioError>?
  ) -> Bool {
    switch (one, other) {
    case (nil, nil): true
    case (.success(let one)?, .success(let other)?): one == other
    case (.failure(let one)?, .failure(let other)?): one == other
    default: false
    }
  }
}

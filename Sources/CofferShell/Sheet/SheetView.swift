import CofferCore

/// Formats sheet rows, keeping each formatted row until something it shows changes:
/// a redraw of unchanged rows formats nothing (and `rows_rendered` proves it).
struct SheetView {
  /// Everything a row's text depends on.
  private struct RowKey: Equatable {
    let amount: DecimalValue
    let value: DecimalValue?
    let draft: String?
    let invalid: Bool
    let focused: Bool
    let local: Currency
  }

  private var cache: [Currency: (key: RowKey, text: String)] = [:]

  /// Rows shown around the focus when the window size is unknown (not a terminal).
  static let defaultWindow = 9

  mutating func text(of currency: Currency, sheet: Sheet, ledger: Ledger, output: Output) -> String {
    let key = key(of: currency, sheet: sheet, ledger: ledger)
    if let cached = cache[currency], cached.key == key { return cached.text }
    return format(currency, key, ledger: ledger, output: output)
  }

  /// The row's text when it differs from what was last formatted for it, else nil.
  mutating func changedText(of currency: Currency, sheet: Sheet, ledger: Ledger, output: Output) -> String? {
    let key = key(of: currency, sheet: sheet, ledger: ledger)
    guard cache[currency]?.key != key else { return nil }
    return format(currency, key, ledger: ledger, output: output)
  }

  private mutating func format(_ currency: Currency, _ key: RowKey, ledger: Ledger, output: Output) -> String {
    ledger.counters.rowsRendered += 1
    let text = format(currency, key, output: output)
    cache[currency] = (key, text)
    return text
  }

  private func key(of currency: Currency, sheet: Sheet, ledger: Ledger) -> RowKey {
    let portfolio = ledger.portfolio
    let amount = portfolio.amount(of: currency)
    let key = RowKey(
      amount: amount, value: amount.isZero ? nil : try? portfolio.value(of: currency),
      draft: sheet.shownDraft(of: currency), invalid: sheet.invalid[currency] != nil,
      focused: sheet.focused == currency, local: portfolio.local)
    return key
  }

  private func format(_ currency: Currency, _ key: RowKey, output: Output) -> String {
    let marker = key.focused ? ">" : (key.invalid ? "!" : " ")
    let name = currency.englishName
    let paddedName = name + String(repeating: " ", count: max(0, 20 - TextTable.displayWidth(name)))
    let field: String
    if let draft = key.draft {
      field = key.focused ? "[\(draft)]" + (key.invalid ? " !" : "") : "\(draft) !"
    } else {
      field = key.amount.isZero ? "—" : MoneyText.format(key.amount, currency, output: output)
    }
    let value: String
    if key.amount.isZero {
      value = ""
    } else if let converted = key.value {
      value = MoneyText.format(converted, key.local, output: output)
    } else {
      value = "no rate"
    }
    let fieldWidth = TextTable.displayWidth(field)
    let valueWidth = TextTable.displayWidth(value)
    let row =
      "\(marker) \(currency.code)  \(paddedName)"
      + String(repeating: " ", count: max(1, 20 - fieldWidth)) + field
    return value.isEmpty ? row : row + String(repeating: " ", count: max(2, 18 - valueWidth)) + value
  }

  /// The rows in a window of `height` around the focus.
  static func window(of sheet: Sheet, height: Int) -> ArraySlice<Currency> {
    let count = sheet.rows.count
    guard height < count else { return sheet.rows[...] }
    let center = sheet.focus ?? 0
    let start = max(0, min(center - height / 2, count - height))
    return sheet.rows[start..<start + height]
  }
}

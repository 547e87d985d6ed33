import CofferCore
import Screen

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
    let width: Int?
  }

  private var cache: [Currency: (key: RowKey, text: String)] = [:]
  /// The terminal's width, when rows are drawn on one: rows are laid out to fit it (the
  /// name shortened or dropped, nothing wrapping). nil: the full layout.
  var width: Int?

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
    let portfolio = sheet.portfolio
    let amount = portfolio.amount(of: currency)
    let key = RowKey(
      amount: amount, value: amount.isZero ? nil : try? portfolio.value(of: currency),
      draft: sheet.shownDraft(of: currency), invalid: sheet.invalid[currency] != nil,
      focused: sheet.focused == currency, local: portfolio.local, width: width)
    return key
  }

  /// The name column's width, the widest field and value, at full width.
  private static let nameWidth = 20
  private static let fieldWidth = 20
  private static let valueWidth = 18

  private func format(_ currency: Currency, _ key: RowKey, output: Output) -> String {
    let marker = key.focused ? ">" : (key.invalid ? "!" : " ")
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
    // "> USD  " then the name, the field and the value; in a narrow window the name gives
    // way first (shortened, then left out), so that a row never wraps.
    let fixed = 7 + Self.fieldWidth + (value.isEmpty ? 0 : Self.valueWidth)
    var nameWidth = Self.nameWidth
    if let width = key.width { nameWidth = min(nameWidth, width - 1 - fixed) }
    var row = "\(marker) \(currency.code)  "
    if nameWidth >= 6 {
      // Cut and padded by display width: a Chinese name's characters take two columns.
      row += DisplayWidth.fit(currency.name(in: output.names), to: nameWidth)
    }
    let fieldWidth = TextTable.displayWidth(field)
    let valueWidth = TextTable.displayWidth(value)
    row += String(repeating: " ", count: max(1, Self.fieldWidth - fieldWidth)) + field
    return value.isEmpty ? row : row + String(repeating: " ", count: max(2, Self.valueWidth - valueWidth)) + value
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

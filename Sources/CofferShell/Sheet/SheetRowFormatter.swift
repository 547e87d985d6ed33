import CofferCore
import CofferText

/// Formats the money sheet rows show, keeping each row until something it shows changes:
/// the one formatter and cache behind both views. Drawing an unchanged row formats
/// nothing, and `rows_rendered` counts the rows formatted: a keystroke in a field is one,
/// a commit the rows it changed.
struct SheetRowFormatter {
  /// A row's money as text: the amount (empty for none) and its value in the local
  /// currency (empty for no amount, `no rate`, or why it cannot be computed).
  struct Money: Equatable {
    let amount: String
    let value: String
  }

  /// What was formatted for each currency's own row (by currency index), and for which
  /// row; a place's row by its id (few: only currencies held at named places have them).
  private var formatted: [(row: SheetRow, money: Money)?] = Array(repeating: nil, count: Currency.indexCount)
  private var formattedPlaces: [SheetRowID: (row: SheetRow, money: Money)] = [:]
  /// Colours the money as the output does (the fraction dimmed); nil for plain text (the
  /// form, whose screen styles what it puts).
  private let output: Output?

  init(styledFor output: Output?) {
    self.output = output
  }

  /// Whether `row` is what was last formatted for its currency.
  func isCurrent(_ row: SheetRow) -> Bool {
    last(of: row)?.row == row
  }

  private func last(of row: SheetRow) -> (row: SheetRow, money: Money)? {
    row.id.place == nil ? formatted[row.currency.index] : formattedPlaces[row.id]
  }

  private mutating func keep(_ row: SheetRow, _ money: Money) {
    if row.id.place == nil {
      formatted[row.currency.index] = (row, money)
    } else {
      formattedPlaces[row.id] = (row, money)
    }
  }

  /// The row's money, formatted again only if the money it shows changed; a row that
  /// changed at all is counted as rendered.
  mutating func money(of row: SheetRow, counters: Counters) -> Money {
    if let last = last(of: row) {
      if last.row == row { return last.money }
      counters.rowsRendered += 1
      let money = last.row.showsTheSameMoney(as: row) ? last.money : format(row)
      keep(row, money)
      return money
    }
    counters.rowsRendered += 1
    let money = format(row)
    keep(row, money)
    return money
  }

  /// Forgets every row: the next draw formats (and counts) them again.
  mutating func forget() {
    formatted = Array(repeating: nil, count: Currency.indexCount)
    formattedPlaces = [:]
  }

  private func format(_ row: SheetRow) -> Money {
    guard let value = row.value else { return Money(amount: "", value: "") }
    let amount = text(row.amount, row.currency)
    switch value {
    case .success(let value): return Money(amount: amount, value: text(value, row.local))
    case .failure(.noRate), .failure(.noLocalRate): return Money(amount: amount, value: tr("no rate"))
    case .failure(let error): return Money(amount: amount, value: error.description)
    }
  }

  private func text(_ amount: DecimalValue, _ currency: Currency) -> String {
    guard let output else { return MoneyText.plain(amount, currency, exact: true) }
    return MoneyText.format(amount, currency, output: output, exact: true)
  }
}

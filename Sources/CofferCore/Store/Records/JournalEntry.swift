import GRDB

/// One saved change, as the journal keeps it: when it was entered, the date from which it
/// holds (its effective date), the currency, and its amount before and after.
package struct JournalEntry: Sendable, Equatable {
  package let id: Int64
  package let entered: EntryTime
  package let effective: CalendarDate
  package let currency: Currency
  package let old: DecimalValue
  package let new: DecimalValue

  package init(
    id: Int64, entered: EntryTime, effective: CalendarDate, currency: Currency, old: DecimalValue, new: DecimalValue
  ) {
    self.id = id
    self.entered = entered
    self.effective = effective
    self.currency = currency
    self.old = old
    self.new = new
  }

  static let databaseTableName = "journal"
  /// The columns `init(row:)` reads, in order.
  static let selection = "SELECT id, entered, utc_offset, effective, code, old, new FROM journal"
}

extension JournalEntry: FetchableRecord {
  package init(row: Row) throws {
    try self.init(checking: row)
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let columns = JournalColumns(row)
    let enteredText = try columns.text(1, "entered")
    let offsetValue = StoredValue(row, 2)
    guard let offset = offsetValue.integer, abs(offset) <= Int64(EntryTime.offsetLimit) else {
      throw columns.damage("utc_offset is \(offsetValue.shown), not minutes east of UTC")
    }
    guard let entered = EntryTime(utcText: enteredText, offsetMinutes: Int(offset)) else {
      throw columns.damage("entered \(StoredText.quoted(enteredText)) is not a UTC time (YYYY-MM-DDTHH:MM:SSZ)")
    }
    let effective = try columns.effective(3)
    let currency = try columns.currency(4)
    self.init(
      id: columns.id, entered: entered, effective: effective, currency: currency,
      old: try columns.amount(5, "old", of: currency), new: try columns.amount(6, "new", of: currency))
  }
}

/// What an entry says a currency held from its effective date on: all a question about an
/// amount on a date reads of it (when it was entered and what it replaced, which such a
/// question does not need, are not read; `check` reads them).
package struct JournalBalance: Sendable, Equatable {
  package let id: Int64
  package let effective: CalendarDate
  package let currency: Currency
  package let new: DecimalValue

  /// The columns `init(checking:)` reads, in order.
  static let selection = "SELECT id, effective, code, new FROM journal"

  /// Reads a row of `selection` (the same checks as `JournalEntry`'s), or throws what is
  /// wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let columns = JournalColumns(row)
    id = columns.id
    effective = try columns.effective(1)
    currency = try columns.currency(2)
    new = try columns.amount(3, "new", of: currency)
  }
}

/// The checks of a journal row's columns, each naming the row when it fails.
private struct JournalColumns {
  let row: Row
  let id: Int64

  init(_ row: Row) {
    self.row = row
    id = row[0]
  }

  func damage(_ problem: String) -> StoreDamage {
    StoreDamage(table: JournalEntry.databaseTableName, row: id, problem: problem)
  }

  func text(_ index: Int, _ column: String) throws(StoreDamage) -> String {
    let value = StoredValue(row, index)
    guard let text = value.text else { throw damage("\(column) is \(value.shown), not text") }
    return text
  }

  func effective(_ index: Int) throws(StoreDamage) -> CalendarDate {
    let value = StoredValue(row, index)
    guard let day = value.integer, let effective = CalendarDate(dayNumber: Int(exactly: day) ?? .min) else {
      throw damage("effective is \(value.shown), not a day from 0001-01-01 to 9999-12-31")
    }
    return effective
  }

  func currency(_ index: Int) throws(StoreDamage) -> Currency {
    let code = try text(index, "code")
    guard let currency = Catalog.currency(code), currency.code == code else {
      throw damage("code \(StoredText.quoted(code)) is not a currency code as Coffer writes one")
    }
    return currency
  }

  func amount(_ index: Int, _ column: String, of currency: Currency) throws(StoreDamage) -> DecimalValue {
    let written = try text(index, column)
    guard let amount = DecimalValue(storedText: written) else {
      throw damage("\(column) \(StoredText.quoted(written)) is not a number as Coffer writes one")
    }
    if let problem = AmountRules.problem(with: amount, for: currency) {
      throw damage("\(column) \(StoredText.quoted(written)): \(problem)")
    }
    return amount
  }
}

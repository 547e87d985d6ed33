import GRDB

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

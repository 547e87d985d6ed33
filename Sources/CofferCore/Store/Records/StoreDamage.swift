import CofferText

/// A row of Coffer's own that cannot be read back as Coffer writes it: the table, the row
/// and what is wrong with it. Coffer never uses such a row, nor leaves it out without a
/// word: every command that needs it fails naming it, and `check` lists them all.
package struct StoreDamage: Error, Sendable, Equatable, CustomStringConvertible {
  package let table: String
  /// SQLite's rowid of the row (nil when the damage is not one row's).
  package let row: Int64?
  /// What identifies the row to a person, such as `code 'USD'` or `2024-01-02`.
  package let key: String?
  package let problem: String

  package init(table: String, row: Int64?, key: String? = nil, problem: String) {
    self.table = table
    self.row = row
    self.key = key
    self.problem = problem
  }

  /// `holding row 2 (code 'USD'): amount '1,200' is not a number`
  package var description: String {
    var text = row.map { tr("{table} row {row}", ["table": table, "row": String($0)]) } ?? table
    if let key { text = tr("{row} ({key})", ["row": text, "key": key]) }
    return tr("{row}: {problem}", ["row": text, "problem": problem])
  }
}

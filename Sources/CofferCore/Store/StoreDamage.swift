import GRDB

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
    var text = table
    if let row { text += " row \(row)" }
    if let key { text += " (\(key))" }
    return text + ": " + problem
  }
}

extension DatabaseValue {
  /// The text of a value stored as TEXT; nil for any other storage class. Coffer writes
  /// text where it writes text: a number, a blob or NULL there is damage, never read as
  /// text (GRDB would turn a blob into a string, and trap on NULL).
  var storedText: String? {
    if case .string(let text) = storage { return text }
    return nil
  }

  /// The value of an INTEGER column; nil for any other storage class.
  var storedInteger: Int64? {
    if case .int64(let value) = storage { return value }
    return nil
  }

  /// How a stored value is named in a message: text quoted and cut short, anything else
  /// by its storage class.
  var shownInMessage: String {
    switch storage {
    case .null: "NULL"
    case .int64(let value): "the integer \(value)"
    case .double(let value): "the real number \(value)"
    case .string(let text): StoredText.quoted(text)
    case .blob(let data): "a blob of \(data.count) \(data.count == 1 ? "byte" : "bytes")"
    }
  }
}

/// Stored text as messages show it.
enum StoredText {
  /// Longer texts are cut: a damaged row may hold megabytes.
  static let shownCharacters = 40

  /// `'1,200'`, or `'12345…' (2000 characters)` for a long one.
  static func quoted(_ text: String) -> String {
    let count = text.count
    guard count > shownCharacters else { return "'\(text)'" }
    return "'\(text.prefix(shownCharacters))…' (\(count) characters)"
  }
}

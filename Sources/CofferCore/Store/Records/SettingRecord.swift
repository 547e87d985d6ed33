import CofferText
import GRDB

/// A row of `setting` as a key and its text. What the keys and values mean, and which
/// ones Coffer writes, is `StoredSettings`'s; this record only reads a row whose key or
/// value is not text as damage, naming the row.
struct SettingRecord: Sendable, Equatable {
  /// The row's rowid when it was read from the store (nil for a row about to be written).
  var rowid: Int64?
  var key: String
  var value: String

  static let databaseTableName = "setting"
  /// The columns `init(row:)` reads, in order.
  static let selection = "SELECT rowid, key, value FROM setting"
}

extension SettingRecord: FetchableRecord {
  init(row: Row) throws {
    try self.init(checking: row)
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let rowid: Int64 = row[0]
    let keyValue = StoredValue(row, 1)
    let value = StoredValue(row, 2)
    guard let key = keyValue.text else {
      throw StoreDamage(
        table: Self.databaseTableName, row: rowid, problem: tr("key is {value}, not text", ["value": keyValue.shown]))
    }
    guard let text = value.text else {
      throw StoreDamage(
        table: Self.databaseTableName, row: rowid, key: "key \(StoredText.quoted(key))",
        problem: tr("value is {value}, not text", ["value": value.shown]))
    }
    self.init(rowid: rowid, key: key, value: text)
  }
}

/// Written as a key and its value; the rowid is SQLite's to give.
extension SettingRecord: Encodable, PersistableRecord {
  enum CodingKeys: String, CodingKey, ColumnExpression {
    case key, value
  }
}

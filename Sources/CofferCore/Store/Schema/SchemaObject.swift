import GRDB

/// One object of a store's schema as `sqlite_master` lists it: its type, its name, the
/// table it belongs to, and the statement that made it (nil for what SQLite makes itself).
struct SchemaObject: Hashable, CustomStringConvertible {
  let type: String
  let name: String
  let table: String
  let sql: String?

  init(type: String, name: String, table: String, sql: String?) {
    self.type = type
    self.name = name
    self.table = table
    self.sql = sql
  }

  init(table name: String, _ sql: String) {
    self.init(type: "table", name: name, table: name, sql: sql)
  }

  init(index name: String, on table: String, _ sql: String) {
    self.init(type: "index", name: name, table: table, sql: sql)
  }

  init(trigger name: String, on table: String, _ sql: String) {
    self.init(type: "trigger", name: name, table: table, sql: sql)
  }

  init(view name: String, _ sql: String) {
    self.init(type: "view", name: name, table: name, sql: sql)
  }

  var description: String { "\(type) \(name)" }

  /// Every object of the database, by type and name.
  static func all(_ db: Database) throws -> [SchemaObject] {
    try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map {
      SchemaObject(type: $0[0], name: $0[1], table: $0[2], sql: $0[3])
    }
  }
}

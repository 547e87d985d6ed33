import GRDB

extension Database {
  /// The one value a statement without arguments gives (a pragma's answer), prepared
  /// directly. `Int.fetchOne(db, sql:)` goes through GRDB's `SQLRequest`, whose SQL
  /// building took 0.4 M instructions over the few statements of every start, more than
  /// SQLite spent running them.
  func plainValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
    _ type: Value.Type, _ sql: String
  ) throws -> Value? {
    try Value.fetchOne(makeStatement(sql: sql))
  }

  /// Runs one statement without arguments, prepared directly (see `plainValue`).
  func executePlain(_ sql: String) throws {
    try makeStatement(sql: sql).execute()
  }
}

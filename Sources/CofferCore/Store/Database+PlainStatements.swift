import GRDB
import GRDBSQLite

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

/// A value bound to a statement's parameter by `Statement.executeBound`.
enum BoundValue {
  case text(String)
  case integer(Int64)
}

extension Statement {
  /// Runs the statement once with `values` bound to its parameters in order, straight
  /// through SQLite's binding calls. `execute(arguments:)` first builds GRDB's array of
  /// argument values, which for a save's rows (a holding and a journal entry for each
  /// of up to 41 currencies) cost more than the rest of GRDB's part.
  func executeBound(_ values: BoundValue...) throws {
    let handle = sqliteStatement
    // Every parameter bound, or a value of the row before would be used again.
    guard sqlite3_bind_parameter_count(handle) == Int32(values.count) else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "\(values.count) values for the parameters of this statement", sql: sql)
    }
    sqlite3_reset(handle)
    defer { sqlite3_reset(handle) }
    for (offset, value) in values.enumerated() {
      let position = Int32(offset + 1)
      switch value {
      case .text(let text): sqlite3_bind_text(handle, position, text, -1, sqliteTransient)
      case .integer(let number): sqlite3_bind_int64(handle, position, number)
      }
    }
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
          sql: sql)
      }
    }
  }
}

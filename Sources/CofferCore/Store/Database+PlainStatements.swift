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
    try executeBound(values)
  }

  /// `executeBound` with the values in an array (a statement of many rows).
  func executeBound(_ values: [BoundValue]) throws {
    let handle = sqliteStatement
    // Every parameter bound, or a value of the row before would be used again.
    guard sqlite3_bind_parameter_count(handle) == Int32(values.count) else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "\(values.count) values for the parameters of this statement", sql: sql)
    }
    sqlite3_reset(handle)
    defer {
      sqlite3_reset(handle)
      // The text was bound where it lies, for the run alone.
      sqlite3_clear_bindings(handle)
    }
    try bindAndRun(handle, values[...])
  }

  /// Binds the first of `values` to its parameter and the rest after it, then runs the
  /// statement. Text is bound where it lies, within the scope of its bytes (as GRDB binds
  /// its arguments): a copy for SQLite to keep would be an allocation a value.
  private func bindAndRun(_ handle: SQLiteStatement, _ values: ArraySlice<BoundValue>) throws {
    guard let value = values.first else { return try run(handle) }
    let position = Int32(values.startIndex + 1)
    switch value {
    case .integer(let number):
      try bound(handle, sqlite3_bind_int64(handle, position, number))
      try bindAndRun(handle, values.dropFirst())
    case .text(var text):
      try text.withUTF8 { bytes in
        // An empty buffer may have no address, which SQLite would take for NULL.
        let code =
          bytes.isEmpty
          ? sqlite3_bind_text(handle, position, "", 0, sqliteTransient)
          : sqlite3_bind_text(handle, position, bytes.baseAddress, Int32(bytes.count), nil)
        try bound(handle, code)
        try bindAndRun(handle, values.dropFirst())
      }
    }
  }

  private func bound(_ handle: SQLiteStatement, _ code: Int32) throws {
    guard code == SQLITE_OK else { throw failure(handle, code) }
  }

  private func run(_ handle: SQLiteStatement) throws {
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else { throw failure(handle, code) }
    }
  }

  /// The error of a step of this statement (`handle`) that answered `code`, with SQLite's
  /// message.
  func failure(_ handle: SQLiteStatement, _ code: Int32) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
      sql: sql)
  }
}

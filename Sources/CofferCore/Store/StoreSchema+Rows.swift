import GRDB

/// One object of a store's schema as `sqlite_master` lists it.
struct SchemaObject: Hashable, CustomStringConvertible {
  let type: String
  let name: String
  let sql: String?

  var description: String { "\(type) \(name)" }

  static func all(_ db: Database) throws -> [SchemaObject] {
    try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").map {
      SchemaObject(type: $0[0], name: $0[1], sql: $0[2])
    }
  }
}

extension StoreSchema {
  /// The tables whose rows are worked out from the journal rather than kept for their own
  /// sake: a restore builds them again from the rows it takes, never copies them.
  static let derivedTables: Set<String> = ["journal_month_end", "journal_month_cache"]

  /// A file whose rows cannot be taken as Coffer's tables' rows.
  struct RowsProblem: Error, CustomStringConvertible {
    let description: String
  }

  /// The schema version of a Coffer store: its `user_version`, or for an early store
  /// (which kept its version only in GRDB's table of migrations) the migrations applied.
  static func version(of db: Database) throws -> Int {
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    if version > 0 { return version }
    guard try db.tableExists("grdb_migrations") else { return 0 }
    let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    return migrator.migrations.prefix { applied.contains($0) }.count
  }

  /// Copies the rows of every table of `target` (an empty store this Coffer made, at the
  /// schema version of `source`) from the table of the same name in `source`, column by
  /// column, and builds the derived tables again from them. Nothing else of `source` is
  /// taken: returns the objects it has that `target` does not (or has with other SQL),
  /// which stay behind. Throws `RowsProblem` when a table of `target` is missing from
  /// `source` or lacks one of its columns.
  static func copyRows(from source: Database, into target: Database) throws -> [SchemaObject] {
    let ours = try SchemaObject.all(target)
    let theirs = try SchemaObject.all(source)
    let ourKeys = Dictionary(ours.map { ("\($0.type) \($0.name)", $0) }, uniquingKeysWith: { first, _ in first })
    let leftOut = theirs.filter { object in
      guard let own = ourKeys["\(object.type) \(object.name)"] else { return true }
      // A table's text may differ in ways of no account (a rename quotes its name); a
      // trigger's or a view's is the code it runs.
      return (object.type == "trigger" || object.type == "view") && own.sql != object.sql
    }
    let theirTables = Set(theirs.filter { $0.type == "table" }.map(\.name))
    let copied = ours.filter {
      $0.type == "table" && $0.name != "grdb_migrations" && $0.name != "sqlite_sequence"
        && !derivedTables.contains($0.name)
    }
    // What the migrations wrote into the empty store (the compiled-in rates, the default
    // sources, ...) is not the file's.
    for table in ours where table.type == "table" && table.name != "grdb_migrations" {
      try target.execute(sql: "DELETE FROM \(table.name.quotedDatabaseIdentifier)")
    }
    for table in copied {
      guard theirTables.contains(table.name) else {
        throw RowsProblem(description: "it has no table \(table.name)")
      }
      let columns = try Row.fetchAll(target, sql: "PRAGMA table_info(\(table.name.quotedDatabaseIdentifier))")
        .map { $0["name"] as String }
      let present = try Set(
        Row.fetchAll(source, sql: "PRAGMA table_info(\(table.name.quotedDatabaseIdentifier))").map {
          $0["name"] as String
        })
      if let missing = columns.first(where: { !present.contains($0) }) {
        throw RowsProblem(description: "its table \(table.name) has no column \(missing)")
      }
      let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
      let insert = try target.makeStatement(
        sql: "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\(list)) VALUES ("
          + repeatElement("?", count: columns.count).joined(separator: ", ") + ")")
      let rows = try Row.fetchCursor(source, sql: "SELECT \(list) FROM \(table.name.quotedDatabaseIdentifier)")
      while let row = try rows.next() {
        try insert.execute(arguments: StatementArguments(Array(row.databaseValues)))
      }
    }
    if ourKeys["table sqlite_sequence"] != nil, theirTables.contains("sqlite_sequence") {
      // The copied rows moved the sequence already; the file's says where it had come to.
      try target.execute(sql: "DELETE FROM sqlite_sequence")
      let names = copied.map(\.name)
      let rows = try Row.fetchCursor(source, sql: "SELECT name, seq FROM sqlite_sequence")
      while let row = try rows.next() {
        guard let name = row[0] as String?, names.contains(name) else { continue }
        try target.execute(
          sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [name, row[1] as DatabaseValue])
      }
    }
    // The derived tables, from the journal as taken (its triggers wrote some of them as it
    // was copied; they are made again whole).
    if ourKeys["table journal_month_end"] != nil {
      try target.execute(sql: "DELETE FROM journal_month_end; \(JournalMonthEnds.fillSQL)")
    }
    if ourKeys["table journal_month_cache"] != nil {
      try target.execute(sql: "DELETE FROM journal_month_cache")
      try JournalMonthCache.buildAll(target)
    }
    return leftOut
  }
}

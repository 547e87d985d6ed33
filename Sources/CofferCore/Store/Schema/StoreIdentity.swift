import CofferText
import GRDB

/// What a database file says about itself before Coffer writes anything to it: whether
/// it is a Coffer store, a new empty file, or something Coffer must leave alone.
///
/// Coffer stores carry `PRAGMA application_id` = `StoreIdentity.applicationID` and their
/// schema version in `PRAGMA user_version`. Stores made before the application id was
/// set (schema 1 to 3, id 0) are recognised by their tables and marked when migrated.
struct StoreIdentity {
  let kind: Kind
  /// The database's size in pages (4 KiB each).
  let pageCount: Int

  /// "Coff" in ASCII: how `file(1)` and other tools can tell a Coffer store.
  static let applicationID: Int32 = 0x436F_6666

  /// The identifier of the migration that made every Coffer store's first tables.
  static let firstMigration = "v1: holdings, rates, settings"

  /// The tables a Coffer store has held, in any schema version.
  private static let cofferTables: Set<String> = [
    "holding", "rate", "rate_day", "rate_source", "setting", "journal", "journal_month_end", "journal_month_cache",
    "grdb_migrations", "sqlite_sequence",
  ]

  enum Kind: Equatable {
    /// No database yet (a new or empty file): Coffer may create its schema.
    case empty
    /// A Coffer store at this schema version (maybe older, to migrate); `marked` is
    /// false for a store made before Coffer set its application id.
    case coffer(version: Int, marked: Bool)
  }

  /// Reads the file's identity on a connection that has written nothing yet. Throws
  /// `StoreError.notCoffer` or `.notADatabase` for a file Coffer must not touch.
  static func read(_ db: Database, path: String, fileSize: Int, newestVersion: Int) throws -> StoreIdentity {
    let (kind, pages) = try readKind(db, path: path, fileSize: fileSize, newestVersion: newestVersion)
    return StoreIdentity(kind: kind, pageCount: pages)
  }

  private static func readKind(_ db: Database, path: String, fileSize: Int, newestVersion: Int) throws -> (Kind, Int) {
    // Reading the header is also what makes SQLite notice a file that is not a
    // database (SQLITE_NOTADB). Three plain pragmas: one SELECT over the pragmas' table
    // functions says the same but costs SQLite ten times as much to prepare, at every start.
    guard let application = try Int32.fetchOne(db, sql: "PRAGMA application_id"),
      let version = try Int.fetchOne(db, sql: "PRAGMA user_version"),
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count")
    else { throw StoreError.notADatabase(path: path) }
    if pages == 0 {
      // SQLite reads a short file of any bytes as an empty database; it is not empty.
      guard fileSize == 0 else { throw StoreError.notADatabase(path: path) }
      return (.empty, 0)
    }
    switch application {
    case applicationID:
      guard version <= newestVersion else {
        throw StoreError.notCoffer(
          path: path,
          reason: tr(
            "it was made by a newer Coffer (schema {version}; this one knows up to {newest})",
            ["version": "\(version)", "newest": "\(newestVersion)"])
        )
      }
      return (.coffer(version: version, marked: true), pages)
    case 0:
      // A database of no schema at all holds nothing: a store whose making was stopped
      // (a kill after WAL mode wrote the file's header, before the first migration
      // committed) or an empty file made by another tool. Coffer may make its schema in
      // it, as in a new file.
      if version == 0, try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 {
        return (.empty, pages)
      }
      let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
      let foreign = tables.subtracting(cofferTables).sorted()
      // An unmarked store is Coffer's only if Coffer's first migration made it (early
      // stores kept their version only in GRDB's migrations table, user_version 0).
      var madeByCoffer = false
      if tables.contains("grdb_migrations") {
        madeByCoffer =
          try Bool.fetchOne(
            db, sql: "SELECT count(*) > 0 FROM grdb_migrations WHERE identifier = ?", arguments: [firstMigration])
          ?? false
      }
      guard madeByCoffer, foreign.isEmpty, (0...newestVersion).contains(version) else {
        let tables = foreign.prefix(5).listed()
        let reason =
          version > newestVersion && foreign.isEmpty
          ? tr(
            "schema {version} is newer than this Coffer knows ({newest})",
            ["version": "\(version)", "newest": "\(newestVersion)"])
          : foreign.isEmpty
            ? tr("it is another application's SQLite database")
            : tr("it is another application's SQLite database (tables {tables})", ["tables": tables])
        throw StoreError.notCoffer(path: path, reason: reason)
      }
      return (.coffer(version: version, marked: false), pages)
    default:
      let hex = String(UInt32(bitPattern: application), radix: 16)
      throw StoreError.notCoffer(
        path: path, reason: tr("it is another application's SQLite database (application_id 0x{id})", ["id": hex]))
    }
  }
}

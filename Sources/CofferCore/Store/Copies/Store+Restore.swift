import CofferText
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// What `Store.restore` brought in.
package struct RestoredStore: Sendable, Equatable {
  /// The schema the file was written in; older ones are brought up to date on the way.
  package let schemaVersion: Int
  /// The schema it was brought up to, when it was older than this Coffer's.
  package let migratedTo: Int?
  package let holdings: Int
  package let rateDays: Int
  package let journalEntries: Int
  /// What the file held that is not Coffer's (its own triggers, views, tables, indexes,
  /// or Coffer's rewritten), left behind: a restore takes rows, never code.
  package let leftOut: [String]
}

extension Store {
  /// Replaces the store's contents with the rows of the Coffer store at `path`.
  ///
  /// The file is opened read-only (immutable when no WAL is beside it, so that SQLite
  /// makes no file next to it) and checked: a Coffer store (its application id, or an
  /// early store's tables) of a schema this Coffer reads, which SQLite's integrity check
  /// passes. Its rows alone are then taken, table by table and column by column, into a
  /// new store this Coffer makes beside this one at the file's schema version: none of
  /// the file's triggers, views or other objects come with them (they are named in
  /// `leftOut`). That store is brought up to date, and every row is checked as Coffer
  /// writes it (`audit`). Anything else fails, naming why, and this store is not touched.
  /// Only then is the new store written over this one with SQLite's backup, in one write
  /// transaction: other sessions see one commit and reload, as after another session's
  /// save. The rates revision is moved past the store's and the file's so that every
  /// session re-reads the rates, and the local currency is written out when the file left
  /// it at its default, so that no session keeps its own.
  package func restore(from path: String) throws(StoreCopyError) -> RestoredStore {
    guard !inRunTransaction else {
      throw .file(FileProblem(tr("a restore cannot run inside an --atomic run")))
    }
    let header: SQLiteFileHeader
    do {
      header = try SQLiteFileHeader.read(path)
    } catch {
      throw .file(error)
    }
    if let filePath, AtomicFile.names(path, theStoreAt: filePath) {
      throw .file(FileProblem(tr("{path} is this store itself", ["path": path])))
    }
    // Told from the header before SQLite opens it.
    if header.applicationID != 0 && header.applicationID != StoreIdentity.applicationID {
      let hex = String(UInt32(bitPattern: header.applicationID), radix: 16)
      throw .file(
        FileProblem(
          tr(
            "{path} is not a Coffer store: it is another application's SQLite database (application_id 0x{id})",
            ["path": path, "id": hex])))
    }
    let uri = Self.readOnlyURI(path, header: header)
    let version = try Self.checkedVersion(of: uri, path: path, fileSize: header.fileSize)
    // The new store is a file beside this one (or in the temporary folder), so that a
    // large backup is never held in memory; it goes when the restore ends, however.
    let scratch: String
    do {
      scratch = try AtomicFile.createTemporary(
        beside: filePath ?? NSTemporaryDirectory() + "/coffer-restore", mode: 0o600)
    } catch {
      throw .file(error)
    }
    defer { unlink(scratch) }
    let taken: DatabaseQueue
    let leftOut: [SchemaObject]
    do {
      var configuration = Self.configuration
      configuration.label = "coffer-restore"
      taken = try DatabaseQueue(path: scratch, configuration: configuration)
      // Scratch: nothing of it needs to survive a crash.
      try taken.inDatabase { db in try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF") }
      if version < LegacyMigrations.firstCopiedVersion {
        let migrations = LegacyMigrations.migrator.migrations
        guard (1...migrations.count).contains(version) else {
          throw RowsProblem(description: tr("schema {version} is not one this Coffer knows", ["version": "\(version)"]))
        }
        try LegacyMigrations.migrator.migrate(taken, upTo: migrations[version - 1])
      }
      leftOut = try taken.inDatabase { db in try Self.takeRows(from: uri, version: version, into: db) }
      if version < LegacyMigrations.firstCopiedVersion {
        // The file's rows at its own schema, brought up to date as an older store is.
        try LegacyMigrations.migrator.migrate(taken)
        try taken.inDatabase { db in try LegacyMigrations.upgradeToCurrent(db, from: 8) }
      }
    } catch let problem as RowsProblem {
      throw .file(
        FileProblem(tr("{path} is not a sound Coffer store: {reason}", ["path": path, "reason": problem.description])))
    } catch let blocked as LegacyMigrations.RowsNotCarried {
      throw .file(
        FileProblem(
          tr("{path} is not a sound Coffer store: {reason}", ["path": path, "reason": Self.named(blocked.damage)])))
    } catch let damage as StoreDamage {
      throw .file(
        FileProblem(tr("{path} is not a sound Coffer store: {reason}", ["path": path, "reason": Self.named([damage])])))
    } catch {
      // The new store is made beside this one: a full disk there is this store's.
      if case .diskFull = StoreError.from(error, path: scratch) { throw .store(.diskFull(path: location.description)) }
      throw .file(
        FileProblem(
          tr("{path} cannot be restored: {reason}", ["path": path, "reason": "\(StoreError.from(error, path: path))"])))
    }
    defer { try? taken.close() }
    let restored: RestoredStore
    do {
      let damage = try taken.inDatabase { db in try StoreCheck.damage(db) }
      guard damage.isEmpty else {
        throw FileProblem(
          tr("{path} is not a sound Coffer store: {reason}", ["path": path, "reason": Self.named(damage)]))
      }
      restored = try taken.inDatabase { db in
        RestoredStore(
          schemaVersion: version, migratedTo: version < StoreSchema.version ? StoreSchema.version : nil,
          holdings: try Int.fetchOne(db, sql: "SELECT count(*) FROM holding WHERE amount != '0'") ?? 0,
          rateDays: try Int.fetchOne(db, sql: "SELECT count(*) FROM rate_day") ?? 0,
          journalEntries: try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0,
          leftOut: leftOut.map(\.description))
      }
    } catch let problem as FileProblem {
      throw .file(problem)
    } catch {
      throw .file(
        FileProblem(
          tr(
            "{path} is not a sound Coffer store: {reason}",
            ["path": path, "reason": "\(StoreError.from(error, path: path))"])))
    }
    do {
      try prepareToReplace(taken)
      counters.dbReads += 1
      try taken.backup(to: writer)
    } catch {
      throw .store(storeError(error))
    }
    return restored
  }

  /// `a row Coffer cannot use: …` / `3 rows …`, as a refusal names them.
  private static func named(_ damage: [StoreDamage]) -> String {
    let shown = StoreError.listed(damage.map(\.description), first: 3)
    return damage.count == 1
      ? tr("a row Coffer cannot use: {rows}", ["rows": shown])
      : tr("{count} rows Coffer cannot use: {rows}", ["count": String(damage.count), "rows": shown])
  }

  /// A file whose rows cannot be taken as Coffer's tables' rows.
  struct RowsProblem: Error, CustomStringConvertible {
    let description: String
  }

  /// `file:PATH?mode=ro`, immutable too when a WAL-mode file has no WAL beside it (it
  /// then holds everything itself; opened as it is, SQLite would make `-wal` and `-shm`
  /// files next to it, and, read-only, leave them).
  private static func readOnlyURI(_ path: String, header: SQLiteFileHeader) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var uri = "file:" + uriEscaped(absolute) + "?mode=ro"
    var status = stat()
    if header.isWAL && stat(path + "-wal", &status) != 0 { uri += "&immutable=1" }
    return uri
  }

  /// A path as a URI's path: every byte but unreserved ones and '/' percent-encoded.
  private static func uriEscaped(_ path: String) -> String {
    var escaped = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        escaped.append(Character(Unicode.Scalar(byte)))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        escaped += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return escaped
  }

  /// Opens the file read-only and checks it is a Coffer store of a schema this Coffer
  /// reads, which SQLite's integrity check passes; returns its schema version.
  private static func checkedVersion(of uri: String, path: String, fileSize: Int) throws(StoreCopyError) -> Int {
    func notSound(_ reason: String) -> StoreCopyError {
      .file(FileProblem(tr("{path} is not a sound Coffer store: {reason}", ["path": path, "reason": reason])))
    }
    do {
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(TimeInterval(busyTimeoutSeconds))
      let source = try DatabaseQueue(path: uri, configuration: configuration)
      defer { try? source.close() }
      return try source.inDatabase { db in
        let identity = try StoreIdentity.read(db, path: path, fileSize: fileSize, newestVersion: StoreSchema.version)
        guard case .coffer(let version, _) = identity.kind else {
          throw FileProblem(tr("{path} holds an empty database, not a Coffer store", ["path": path]))
        }
        var findings: [String]
        do {
          findings = try String.fetchAll(db, sql: "PRAGMA integrity_check(5)").filter {
            $0 != "ok" && !StoreCheck.isRowFinding($0)
          }
        } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_CORRUPT {
          findings = [error.message ?? tr("a damaged page")]
        }
        guard findings.isEmpty else {
          throw FileProblem(
            tr(
              "{path} is not a sound Coffer store: SQLite's integrity check found {findings}",
              ["path": path, "findings": findings.joined(separator: "; ")]))
        }
        // An unmarked early store keeps its version only in GRDB's table of migrations.
        if version > 0 { return version }
        let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
        return LegacyMigrations.migrator.migrations.prefix { applied.contains($0) }.count
      }
    } catch let problem as FileProblem {
      throw .file(problem)
    } catch let error as StoreError {
      if case .notCoffer(_, let reason) = error {
        throw .file(FileProblem(tr("{path} is not a Coffer store: {reason}", ["path": path, "reason": reason])))
      }
      throw notSound(error.description)
    } catch let error as DatabaseError {
      let reason =
        switch error.resultCode.primaryResultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: tr("it is damaged or cut short")
        case .SQLITE_IOERR: tr("it cannot be read in full ({reason})", ["reason": error.message ?? "I/O error"])
        case .SQLITE_BUSY, .SQLITE_LOCKED: tr("another process holds it locked (waited 5 s)")
        default: error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
      throw .file(FileProblem(tr("cannot read {path}: {reason}", ["path": path, "reason": reason])))
    } catch {
      throw notSound(String(describing: error))
    }
  }

  /// Makes, in `db` (an empty database, or for an older `version` one the legacy
  /// migrations have taken to it), the schema of `version` as this Coffer makes it, and
  /// copies into it the rows of the file at `uri` (attached read-only). Only the rows of
  /// Coffer's tables are taken, by their columns; at the current schema the derived
  /// tables are then worked out again from the journal (an older schema is brought up to
  /// date by the caller, which does the same). Returns the file's objects that are
  /// not Coffer's (or are, with other SQL), which stay behind.
  private static func takeRows(from uri: String, version: Int, into db: Database) throws -> [SchemaObject] {
    let copiedAsCurrent = version >= LegacyMigrations.firstCopiedVersion
    if copiedAsCurrent {
      for object in StoreSchema.objects where object.type == "table" || object.type == "index" {
        try db.execute(sql: object.sql ?? "")
      }
    }
    let ours = try SchemaObject.all(db)
    try db.execute(sql: "ATTACH DATABASE ? AS backup", arguments: [uri])
    defer { try? db.execute(sql: "DETACH DATABASE backup") }
    let theirs = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM backup.sqlite_master").map {
      SchemaObject(type: $0[0], name: $0[1], table: $0[2], sql: $0[3])
    }
    let expected = copiedAsCurrent ? StoreSchema.objects + StoreSchema.implicitObjects : ours
    let leftOut = theirs.filter { object in
      guard let own = expected.first(where: { $0.type == object.type && $0.name == object.name }) else { return true }
      // A table's text may differ in ways of no account (a rename quotes its name); a
      // trigger's or a view's is the code it runs.
      return (object.type == "trigger" || object.type == "view") && own.sql != object.sql
    }.sorted { ($0.type, $0.name) < ($1.type, $1.name) }
    let theirTables = Set(theirs.filter { $0.type == "table" }.map(\.name))
    let derived: Set<String> = ["holding", "journal_month_end", "journal_month_cache"]
    let copied = ours.filter {
      $0.type == "table" && !["grdb_migrations", "sqlite_sequence"].contains($0.name)
        && !(copiedAsCurrent && derived.contains($0.name))
        && !(!copiedAsCurrent && $0.name.hasPrefix("journal_month"))
    }
    // What the migrations wrote into the new store (the compiled-in rates, the default
    // sources, opening entries) is not the file's.
    for table in copied { try db.execute(sql: "DELETE FROM \(table.name.quotedDatabaseIdentifier)") }
    for table in copied {
      guard theirTables.contains(table.name) else {
        // A table of a later schema than the file's starts empty.
        if let since = LegacyMigrations.tablesSince[table.name], version < since { continue }
        throw RowsProblem(description: tr("it has no table {table}", ["table": table.name]))
      }
      let name = table.name.quotedDatabaseIdentifier
      let present = try Set(Row.fetchAll(db, sql: "PRAGMA backup.table_info(\(name))").map { $0["name"] as String })
      // A column of a later schema than the file's takes its default.
      let columns = try Row.fetchAll(db, sql: "PRAGMA main.table_info(\(name))").map { $0["name"] as String }.filter {
        present.contains($0) || (LegacyMigrations.columnsSince["\(table.name).\($0)"].map { version >= $0 } ?? true)
      }
      if let missing = columns.first(where: { !present.contains($0) }) {
        throw RowsProblem(
          description: tr("its table {table} has no column {column}", ["table": table.name, "column": missing]))
      }
      let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
      do {
        try db.execute(sql: "INSERT INTO main.\(name) (\(list)) SELECT \(list) FROM backup.\(name)")
      } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_CONSTRAINT {
        guard let row = try firstRefusedRow(of: name, columns: list, db) else {
          throw RowsProblem(
            description: tr(
              "a row of its table {table} is not as Coffer writes one ({reason})",
              ["table": table.name, "reason": error.message ?? ""]))
        }
        throw RowsProblem(
          description: tr(
            "{table} row {row} is not as Coffer writes one ({reason})",
            ["table": table.name, "row": String(row.id), "reason": row.reason]))
      }
    }
    if theirTables.contains("sqlite_sequence") {
      try db.execute(
        sql: """
          DELETE FROM main.sqlite_sequence;
          INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM backup.sqlite_sequence WHERE name = 'journal';
          """)
    }
    try db.execute(sql: "DETACH DATABASE backup")
    if copiedAsCurrent {
      try db.execute(sql: StoreSchema.fillDerivedSQL)
      for object in StoreSchema.journalTriggers { try db.execute(sql: object.sql ?? "") }
      try db.execute(
        sql: "PRAGMA user_version = \(StoreSchema.version); PRAGMA application_id = \(StoreIdentity.applicationID)")
    }
    return leftOut
  }

  /// After the copy of table `name` was refused: its first row (by rowid) that is
  /// refused alone, and why, so that the refusal names it. nil for a table without
  /// rowids (whose rows the check after the copy names) or when no row alone is refused.
  private static func firstRefusedRow(
    of name: String, columns list: String, _ db: Database
  ) throws -> (id: Int64, reason: String)? {
    guard let ids = try? Int64.fetchCursor(db, sql: "SELECT rowid FROM backup.\(name) ORDER BY rowid") else {
      return nil
    }
    let insert = try db.makeStatement(
      sql: "INSERT INTO main.\(name) (\(list)) SELECT \(list) FROM backup.\(name) WHERE rowid = ?")
    while let id = try ids.next() {
      do {
        try insert.execute(arguments: [id])
      } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_CONSTRAINT {
        return (id, error.message ?? "")
      }
    }
    return nil
  }

  /// Makes the checked store `taken` ready to replace this one: a rates revision after
  /// both stores' own, so that every session reads the rates again, and the local
  /// currency written out when the copy leaves it at its default.
  private func prepareToReplace(_ taken: DatabaseQueue) throws {
    let liveRevision = try writer.inDatabase { db in try StoredSettings.ratesRevision(db) } ?? 0
    try taken.inDatabase { db in
      let ownRevision = try StoredSettings.ratesRevision(db) ?? 0
      try Self.setSetting(
        db, StoredSettings.ratesRevisionKey, String(StoredSettings.revision(after: max(liveRevision, ownRevision))))
      if try StoredSettings.fetch(db).0.local == nil {
        try Self.setSetting(db, StoredSettings.localKey, Catalog.cny.code)
      }
    }
  }
}

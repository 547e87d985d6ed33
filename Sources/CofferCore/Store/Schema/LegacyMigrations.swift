import CofferText
import GRDB

/// How the stores older Coffers made (schemas 1 to 11) are brought to this one's: GRDB's
/// migrator takes those of 1 to 7 to schema 8, as each was written then, and
/// `upgradeToCurrent` from 8 to 11 to the current schema (`StoreSchema`) in one step. A new store never runs
/// these: it is made at the current schema (`StoreSchema.create`). Before an upgrade
/// rewrites a store, a copy of it is kept beside it (see `Store`).
enum LegacyMigrations {
  /// The first schema whose tables a restore makes as this Coffer makes them, copying the
  /// file's rows in by their columns (the tables and columns added since take their
  /// defaults: `tablesSince`, `columnsSince`); an older file is taken through the
  /// migrations above.
  static let firstCopiedVersion = 9

  /// The tables added since `firstCopiedVersion`, each with the schema that added it.
  static let tablesSince = ["unit": 10, "place": 10, "rate_quoted": 11, "rate_peg": 11, "rate_accepted": 11]
  /// The columns added since `firstCopiedVersion` (`table.column`), with their schema.
  static let columnsSince = ["journal.move": 10]

  /// The journal's indexes of schemas 5 to 8.
  private static let journalIndexes = """
    CREATE INDEX journal_by_currency ON journal (code, effective, id, new);
    CREATE INDEX journal_by_date ON journal (effective);
    """

  /// The migrations of schemas 1 to 8. Those of 6 to 8 changed only what schema 9 makes
  /// anew (the month-end tables and their triggers, which `upgradeToCurrent` drops): they
  /// are kept as names, so that a store of any of them is known for what it is.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(StoreIdentity.firstMigration) { db in
      try db.execute(
        sql: """
          CREATE TABLE holding (code TEXT PRIMARY KEY NOT NULL, amount TEXT NOT NULL);
          CREATE TABLE rate (
            code TEXT NOT NULL, date TEXT NOT NULL, perEuro TEXT NOT NULL, source TEXT NOT NULL,
            PRIMARY KEY (code, date));
          CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
          """)
      for rate in RateBook.compiledIn.allRates {
        try db.execute(
          sql: "INSERT INTO rate (code, date, perEuro, source) VALUES (?, ?, ?, ?)",
          arguments: [rate.currency.code, rate.date.description, rate.perEuro.description, rate.source])
      }
    }
    migrator.registerMigration("v2: journal") { db in
      try db.execute(
        sql: """
          CREATE TABLE journal (
            id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, code TEXT NOT NULL,
            old TEXT NOT NULL, new TEXT NOT NULL);
          CREATE INDEX journal_code ON journal (code, id);
          """)
    }
    migrator.registerMigration("v3: rates as one snapshot per day") { db in
      // One row per day instead of one per rate: a history import writes 7,000 rows
      // instead of 177,000, and the rates on a date are one row (see RateSnapshot).
      try db.execute(sql: RateDayTable.createSQL)
      var rates: [Rate] = []
      let rows = try Row.fetchCursor(db, sql: "SELECT rowid, code, date, perEuro, source FROM rate")
      while let row = try rows.next() {
        // A row that cannot be read stops the migration, named: none is dropped.
        guard let code = StoredValue(row, 1).text, let currency = Catalog.currency(code),
          let dateText = StoredValue(row, 2).text, let date = CalendarDate(dateText),
          let valueText = StoredValue(row, 3).text, let value = DecimalValue(storedText: valueText),
          RateRules.problem(with: value) == nil, let source = StoredValue(row, 4).text
        else {
          throw StoreDamage(table: "rate", row: row[0], problem: tr("not a rate as Coffer wrote one"))
        }
        rates.append(Rate(currency: currency, perEuro: value, date: date, source: source))
      }
      _ = try RateDayTable.record(db, rates)
      try db.execute(sql: "DROP TABLE rate")
    }
    migrator.registerMigration("v4: rate sources; direct quotes in the day snapshots") { db in
      // Day snapshots may now hold direct quotes (format 2), which an older Coffer would
      // take for damage: the schema version is what keeps it from opening this store.
      try db.execute(
        sql: """
          CREATE TABLE rate_source (
            position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, url TEXT NOT NULL,
            currencies TEXT NOT NULL);
          """)
      // Written here as they were when this migration was made, not through the
      // record, whose columns may change after it.
      for source in RateSource.defaults {
        try db.execute(
          sql: "INSERT INTO rate_source (name, url, currencies) VALUES (?, ?, ?)",
          arguments: [source.name, source.url, source.currencies.map(\.code).joined(separator: " ")])
      }
    }
    migrator.registerMigration("v5: journal times in UTC; effective dates; checksummed rates") { db in
      // Entries kept the local time of the process that saved them, with no zone, so two
      // time zones disagreed about which was later. Now: the UTC time and the offset it
      // was entered at, and the date from which the entry holds (its effective date, as a
      // day number like rate_day's; for the entries carried over, the date they were
      // entered on, where they were).
      try db.execute(
        sql: """
          CREATE TABLE journal_v5 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            entered TEXT NOT NULL,
            utc_offset INTEGER NOT NULL,
            effective INTEGER NOT NULL,
            code TEXT NOT NULL, old TEXT NOT NULL, new TEXT NOT NULL);
          """)
      let insert = try db.makeStatement(
        sql: "INSERT INTO journal_v5 (id, entered, utc_offset, effective, code, old, new) VALUES (?, ?, ?, ?, ?, ?, ?)"
      )
      let rows = try Row.fetchCursor(db, sql: "SELECT id, time, code, old, new FROM journal ORDER BY id")
      while let row = try rows.next() {
        // A local time is read in this process's time zone (the best guess there is). A
        // row that is not one is carried over as it is, for `check` to name: a migration
        // never drops a row.
        let time: DatabaseValue = row[1]
        var entered = time
        var offset = 0
        var effective = time
        if let text = StoredValue(row, 1).text, let moment = EntryTime(localText: text),
          let date = CalendarDate(String(text.prefix(10)))
        {
          entered = moment.utcText.databaseValue
          offset = moment.offsetMinutes
          effective = date.dayNumber.databaseValue
        }
        try insert.execute(arguments: [row[0] as DatabaseValue, entered, offset, effective, row[2], row[3], row[4]])
      }
      try db.execute(
        sql: """
          DROP TABLE journal;
          ALTER TABLE journal_v5 RENAME TO journal;
          """)
      try db.execute(sql: journalIndexes)
      try addOpeningEntries(db)
      // Each day's rates get a checksum (format 3), so damage to any byte is found.
      try RateDayTable.rewriteInCurrentFormat(db)
    }
    // Schemas 6 to 8 kept derived tables of the journal by triggers, which schema 9
    // makes anew: a store of 5 to 8 is upgraded the same way.
    migrator.registerMigration("v6: shorter month-end triggers") { _ in }
    migrator.registerMigration("v7: the month-end recomputation written once") { _ in }
    migrator.registerMigration("v8: every currency's month ends of a month in one row") { _ in }
    return migrator
  }

  /// Amounts held before the journal began (a store of schema 1 kept holdings with no
  /// entries; a currency's first entry may replace an amount no entry records) are held
  /// "since before any date": an entry effective `Store.openingDay` says so, so that the
  /// amount on any date is, without exception, the latest entry's.
  private static func addOpeningEntries(_ db: Database) throws {
    let now = EntryTime.now()
    var opening: [(Currency, DecimalValue)] = []
    let holdings = try Row.fetchCursor(db, sql: "SELECT rowid, code, amount FROM holding")
    while let row = try holdings.next() {
      let holding = try oldHolding(row)
      let first = try Row.fetchCursor(
        db, sql: "SELECT id, old FROM journal WHERE code = ? ORDER BY effective, id LIMIT 1",
        arguments: [holding.currency.code])
      if let row = try first.next() {
        let columns = JournalColumns(row)
        let old = try columns.amount(1, "old", of: holding.currency)
        if !old.isZero { opening.append((holding.currency, old)) }
      } else if !holding.amount.isZero {
        opening.append((holding.currency, holding.amount))
      }
    }
    for (currency, amount) in opening {
      try db.execute(
        sql: "INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES (?, ?, ?, ?, '0', ?)",
        arguments: [now.utcText, now.offsetMinutes, Store.openingDay.dayNumber, currency.code, amount.description])
    }
  }

  /// A row of the `holding` table of schemas 1 to 8 (`rowid, code, amount`), checked as
  /// Coffer wrote it; a row that is not stops the migration, named.
  static func oldHolding(_ row: Row) throws(StoreDamage) -> (row: Int64, currency: Currency, amount: DecimalValue) {
    let rowid: Int64 = row[0]
    func damage(_ problem: String) -> StoreDamage { StoreDamage(table: "holding", row: rowid, problem: problem) }
    guard let code = StoredValue(row, 1).text, let currency = Catalog.currency(code), currency.code == code else {
      throw damage(tr("code {value} is not a currency code as Coffer writes one", ["value": StoredValue(row, 1).shown]))
    }
    guard let text = StoredValue(row, 2).text, let amount = DecimalValue(storedText: text),
      AmountRules.problem(with: amount, for: currency) == nil
    else {
      throw damage(
        tr(
          "amount {value} is not an amount of {code} as Coffer writes one",
          ["value": StoredValue(row, 2).shown, "code": "\(code)"]))
    }
    return (rowid, currency, amount)
  }

  // MARK: - From schema 8 to the current one

  /// The rows an upgrade could not carry over: it stopped, and the store is as it was.
  struct RowsNotCarried: Error {
    let damage: [StoreDamage]
  }

  /// Objects another program added to a store of schema 10 or 11 (`{type} {name}: not
  /// Coffer's`): it is refused as it was before, not upgraded, and left as it was.
  struct ObjectsOfOthers: Error {
    let problems: [String]
  }

  /// Brings a store of schema 5 to 8 (GRDB's migrator takes older ones there first) to the
  /// current schema in one step (one of 9 to 11: `rebuildJournal`), inside the caller's transaction: every row is checked
  /// first, and a row that cannot be carried over stops the upgrade, named (nothing is
  /// dropped, and the store is left as it was); then the tables are made anew from
  /// `StoreSchema`'s statements and the rows copied into them, the journal's entries at
  /// the unnamed place. Every trigger and view of the old store goes (schema 9 makes its
  /// own; any other was not Coffer's), and so do the old derived tables and GRDB's table
  /// of migrations (the version is `user_version` alone from here on).
  static func upgradeToCurrent(_ db: Database, from version: Int) throws {
    if version >= firstCopiedVersion { return try rebuildJournal(db, from: version) }
    try requireRowsCarriedOver(db)
    for object in try SchemaObject.all(db) where object.type == "trigger" || object.type == "view" {
      try db.execute(sql: "DROP \(object.type.uppercased()) IF EXISTS \(object.name.quotedDatabaseIdentifier)")
    }
    let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'journal'") ?? 0
    try db.execute(
      sql: """
        DROP TABLE IF EXISTS journal_month_end;
        DROP TABLE IF EXISTS journal_month_cache;
        DROP TABLE IF EXISTS grdb_migrations;
        DROP INDEX IF EXISTS journal_by_currency;
        DROP INDEX IF EXISTS journal_by_date;
        ALTER TABLE holding RENAME TO old_holding;
        ALTER TABLE journal RENAME TO old_journal;
        ALTER TABLE setting RENAME TO old_setting;
        ALTER TABLE rate_day RENAME TO old_rate_day;
        ALTER TABLE rate_source RENAME TO old_rate_source;
        """)
    for object in StoreSchema.objects where object.type == "table" || object.type == "index" {
      try db.execute(sql: object.sql ?? "")
    }
    try db.execute(
      sql: """
        INSERT INTO journal (id, entered, utc_offset, effective, code, place, old, new)
          SELECT id, entered, utc_offset, effective, code, '', old, new FROM old_journal ORDER BY id;
        INSERT INTO setting (key, value) SELECT key, value FROM old_setting;
        INSERT INTO rate_day (day, rates) SELECT day, rates FROM old_rate_day;
        INSERT INTO rate_source (position, name, url, currencies)
          SELECT position, name, url, currencies FROM old_rate_source;
        DROP TABLE old_holding;
        DROP TABLE old_journal;
        DROP TABLE old_setting;
        DROP TABLE old_rate_day;
        DROP TABLE old_rate_source;
        """)
    try finishUpgrade(db, journalSequence: sequence)
  }

  /// What every upgrade ends with: the journal's counter kept (it may be past the last id,
  /// when entries were removed), the derived tables worked out from the journal, the
  /// journal's triggers made, and the version written.
  private static func finishUpgrade(_ db: Database, journalSequence sequence: Int64) throws {
    try db.execute(
      sql: """
        INSERT INTO sqlite_sequence (name, seq) SELECT 'journal', 0
          WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'journal');
        UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'journal';
        """, arguments: [sequence])
    try db.execute(sql: StoreSchema.fillDerivedSQL)
    for object in StoreSchema.journalTriggers { try db.execute(sql: object.sql ?? "") }
    try makeTrustTables(db)
    try db.execute(
      sql: "PRAGMA user_version = \(StoreSchema.version); PRAGMA application_id = \(StoreIdentity.applicationID)")
  }

  /// The tables schema 11 added, empty, where the store lacks them.
  private static func makeTrustTables(_ db: Database) throws {
    for table in StoreSchema.trustTables where try !db.tableExists(table.name) {
      try db.execute(sql: table.sql ?? "")
    }
  }

  // MARK: - From schemas 9 to 11

  /// Schemas 9 to 11 to the current one: the journal is made anew and its rows copied as
  /// they are. Schema 10 gave it `move` (no entry of schema 9 is one) and the tables of
  /// added units and of named places, which come empty (schema 9 wrote every entry at the
  /// unnamed place); schema 11 the tables of the rates' rules, which come empty too (every
  /// rate so far was kept in euros, from one source a day, and none was accepted past a
  /// finding); schema 12 checks `move` with BETWEEN instead of IN, which only a table made
  /// anew can change. A row the new journal's checks refuse stops the upgrade, named, and
  /// the store is left as it was.
  private static func rebuildJournal(_ db: Database, from version: Int) throws {
    if version >= 10 { try requireOnlyCoffersObjects(db) }
    for object in try SchemaObject.all(db) where object.type == "trigger" || object.type == "view" {
      try db.execute(sql: "DROP \(object.type.uppercased()) IF EXISTS \(object.name.quotedDatabaseIdentifier)")
    }
    let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'journal'") ?? 0
    try db.execute(
      sql: """
        DROP INDEX IF EXISTS journal_by_holding;
        DROP INDEX IF EXISTS journal_by_date;
        ALTER TABLE journal RENAME TO old_journal;
        """)
    let addedBy10 = version < 10 ? [StoreSchema.unit, StoreSchema.place] : []
    for object in addedBy10 + [StoreSchema.journal, StoreSchema.journalByHolding, StoreSchema.journalByDate] {
      try db.execute(sql: object.sql ?? "")
    }
    let move = version < 10 ? "0" : "move"
    do {
      try db.execute(
        sql: """
          INSERT INTO journal (id, entered, utc_offset, effective, code, place, old, new, move)
            SELECT id, entered, utc_offset, effective, code, place, old, new, \(move) FROM old_journal ORDER BY id;
          DROP TABLE old_journal;
          """)
    } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_CONSTRAINT {
      // The rows the new journal's checks refuse, named (a row can only be one when
      // another program wrote it with the checks off).
      let days = CalendarDate.dayNumbers
      let refused = try Int64.fetchAll(
        db,
        sql: """
          SELECT id FROM old_journal
          WHERE NOT (id > 0 AND effective BETWEEN \(days.lowerBound) AND \(days.upperBound) AND \(move) BETWEEN 0 AND 2)
          ORDER BY id LIMIT 10
          """)
      let problem = tr("an entry is not as Coffer writes one ({reason})", ["reason": error.message ?? ""])
      throw RowsNotCarried(
        damage: refused.isEmpty
          ? [StoreDamage(table: "journal", row: nil, problem: problem)]
          : refused.map { StoreDamage(table: "journal", row: $0, problem: problem) })
    }
    try finishUpgrade(db, journalSequence: sequence)
  }

  /// Throws `ObjectsOfOthers` when the store holds a table, index, trigger or view that
  /// is not Coffer's: a store of schema 10 or 11 was opened only when its schema was
  /// Coffer's own, and the upgrade, which drops every trigger and view, must not make one
  /// that was refused a store that opens.
  private static func requireOnlyCoffersObjects(_ db: Database) throws {
    let ours = (StoreSchema.objects + StoreSchema.implicitObjects).map { "\($0.type) \($0.name)" }
    let others = try SchemaObject.all(db).filter { !ours.contains("\($0.type) \($0.name)") }
    guard others.isEmpty else {
      throw ObjectsOfOthers(
        problems: others.map { tr("{type} {name}: not Coffer's", ["type": $0.type, "name": $0.name]) })
    }
  }

  /// Throws naming the rows of a store of schema 5 to 8 that schema 9 could not hold as
  /// they are: a journal entry, setting or rate source Coffer would not have written, a
  /// holding that is not its currency's latest entry (schema 9 derives the holdings from
  /// the journal, so such an amount would be lost), or a day of rates that does not read.
  private static func requireRowsCarriedOver(_ db: Database) throws {
    var damage: [StoreDamage] = []
    var latest: [Currency: JournalEntry] = [:]
    let entries = try Row.fetchCursor(
      db, sql: "SELECT id, entered, utc_offset, effective, code, '', old, new, 0 FROM journal ORDER BY id")
    while let row = try entries.next() {
      do throws(StoreDamage) {
        let entry = try JournalEntry(checking: row)
        if let known = latest[entry.currency], (known.effective, known.id) > (entry.effective, entry.id) { continue }
        latest[entry.currency] = entry
      } catch {
        damage.append(error)
      }
    }
    let holdings = try Row.fetchCursor(db, sql: "SELECT rowid, code, amount FROM holding")
    while let row = try holdings.next() {
      do throws(StoreDamage) {
        let holding = try oldHolding(row)
        let entry = latest[holding.currency]
        if entry?.new ?? .zero != holding.amount {
          throw StoreDamage(
            table: "holding", row: holding.row, key: "code '\(holding.currency.code)'",
            problem: entry.map {
              tr(
                "amount {amount} is not the journal's latest (row {row}: {latest})",
                ["amount": "\(holding.amount)", "row": "\($0.id)", "latest": "\($0.new)"])
            }
              ?? tr("amount {amount} has no journal entry", ["amount": "\(holding.amount)"]))
        }
      } catch {
        damage.append(error)
      }
    }
    damage += try StoredSettings.fetch(db).1
    let sources = try Row.fetchCursor(db, sql: RateSource.selection)
    while let row = try sources.next() {
      do throws(StoreDamage) { _ = try RateSource(checking: row) } catch { damage.append(error) }
    }
    damage += try RateDayTable.audit(db)
    guard damage.isEmpty else { throw RowsNotCarried(damage: damage) }
  }
}

extension CalendarDate {
  fileprivate static func > (lhs: CalendarDate, rhs: CalendarDate) -> Bool { rhs < lhs }
}

import GRDB

/// The store's tables, as versioned migrations: a store made by an older Coffer is brought
/// up to date when it is opened (after a copy of it is kept beside it; see `Store`).
enum StoreSchema {
  /// The number of migrations below; kept in the store's `PRAGMA user_version`.
  static let version = 8

  /// The journal's two orders: a currency's entries by day, then as entered (what every
  /// amount on a date is read from: with the amount in the index, such a read is one seek
  /// of the index and never of the table), and all entries by day (log, totals by month;
  /// an index entry ends with the rowid, so this orders a day's entries by id as well).
  static let journalIndexes = """
    CREATE INDEX journal_by_currency ON journal (code, effective, id, new);
    CREATE INDEX journal_by_date ON journal (effective);
    """

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
      let rows = try Row.fetchCursor(db, sql: "SELECT code, date, perEuro, source FROM rate")
      while let row = try rows.next() {
        guard let code = StoredValue(row, 0).text, let currency = Catalog.currency(code),
          let dateText = StoredValue(row, 1).text, let date = CalendarDate(dateText),
          let valueText = StoredValue(row, 2).text, let value = DecimalValue(storedText: valueText),
          RateRules.problem(with: value) == nil, let source = StoredValue(row, 3).text
        else { continue }
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
      try db.execute(sql: JournalMonthEnds.createSQL)
      try addOpeningEntries(db)
      // Each day's rates get a checksum (format 3), so damage to any byte is found.
      try RateDayTable.rewriteInCurrentFormat(db)
    }
    migrator.registerMigration("v6: shorter month-end triggers") { db in
      // The same rows, kept by triggers of less than half the text: SQLite parses every
      // trigger whenever a process opens the store, and the old ones were nearly a third
      // of the instructions of a start. No row changes.
      try db.execute(sql: JournalMonthEnds.dropTriggersSQL)
      try db.execute(sql: JournalMonthEnds.triggersSQL)
    }
    migrator.registerMigration("v7: the month-end recomputation written once") { db in
      // The same rows, kept by triggers of less text (2.4 KB instead of 3.1): the delete
      // and update triggers ask one trigger (on an empty view) to recompute a month,
      // instead of each holding the recomputation. SQLite parses the schema in every
      // process that opens the store: a start of a small store takes 0.22 M instructions
      // less (2.99 M to 2.77 M). And a write that would replace a journal row, or give one
      // an id below 1, is refused, since SQLite removes a replaced row without firing the
      // delete trigger, which left its month's row behind. No row changes.
      try db.execute(sql: JournalMonthEnds.dropTriggersSQL)
      try db.execute(sql: JournalMonthEnds.triggersSQL)
    }
    migrator.registerMigration("v8: every currency's month ends of a month in one row") { db in
      // A series of month ends reads a row a month instead of a row per currency and
      // month (see JournalMonthCache); the journal's triggers mark a month's row stale as
      // they keep its month ends. Every month the journal has entries in is built.
      try db.execute(sql: JournalMonthCache.createTableSQL)
      try db.execute(sql: JournalMonthEnds.dropTriggersSQL)
      try db.execute(sql: JournalMonthEnds.triggersSQL)
      try JournalMonthCache.buildAll(db)
    }
    return migrator
  }

  /// Amounts held before the journal began (a store of schema 1 kept holdings with no
  /// entries; a currency's first entry may replace an amount no entry records) are held
  /// "since before any date": an entry effective `Store.openingDay` says so, so that the
  /// amount on any date is, without exception, the latest entry's.
  private static func addOpeningEntries(_ db: Database) throws {
    let now = EntryTime.now()
    var opening: [(Currency, DecimalValue)] = []
    let holdings = try Row.fetchCursor(db, sql: HoldingRecord.selection)
    while let row = try holdings.next() {
      // A row that cannot be read is left for `check` to name.
      guard let holding = try? HoldingRecord(checking: row) else { continue }
      let first = try Row.fetchCursor(
        db, sql: "SELECT old FROM journal WHERE code = ? ORDER BY effective, id LIMIT 1",
        arguments: [holding.currency.code])
      if let row = try first.next() {
        if let text = StoredValue(row, 0).text, let old = DecimalValue(storedText: text), !old.isZero {
          opening.append((holding.currency, old))
        }
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
}

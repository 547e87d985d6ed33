import CofferText
import GRDB

/// The store's schema, written once: every table, index, trigger and view of a Coffer
/// store of this version, as the statement that makes it. A new store is made from these
/// statements in one transaction; a store an older Coffer made is brought to them by
/// `LegacyMigrations`; and a store is opened only when its schema is exactly these
/// objects (`unexpectedObjects`): a trigger or a view another program added would run
/// inside every save.
///
/// The journal is the one record of the holdings (SPEC §8). Two tables are derived from
/// it, kept by its triggers whoever writes it (Coffer, or anything else through SQLite):
/// `holding`, each holding's latest entry (the current amounts a session loads), and
/// `journal_month_end`, each holding's last entry of each month (what a series of month
/// ends reads, a short scan per holding whatever the journal's length). `check` compares
/// both with the journal.
enum StoreSchema {
  /// The schema version, kept in the store's `PRAGMA user_version`.
  static let version = 12

  /// A day within the calendar Coffer reads (0001-01-01 to 9999-12-31), as journal day
  /// numbers (days since 1970-01-01).
  private static let days = "BETWEEN \(CalendarDate.dayNumbers.lowerBound) AND \(CalendarDate.dayNumbers.upperBound)"

  /// `YYYYMM` of a journal day number (which is a Julian day less 2440587.5).
  static func month(_ day: String) -> String {
    "CAST(strftime('%Y%m', \(day) + 2440587.5) AS INTEGER)"
  }

  static let setting = SchemaObject(
    table: "setting", "CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT")

  /// One row a day on which a rate was recorded: that day's `RateSnapshot` (see
  /// `SnapshotCoding`).
  static let rateDay = SchemaObject(
    table: "rate_day", "CREATE TABLE rate_day (day INTEGER PRIMARY KEY, rates BLOB NOT NULL) STRICT")

  static let rateSource = SchemaObject(
    table: "rate_source",
    """
    CREATE TABLE rate_source (
      position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, url TEXT NOT NULL, currencies TEXT NOT NULL) STRICT
    """)

  /// Rates as their source gave them, where a day's snapshot (`rate_day`, in euros) does
  /// not say all: a rate given in another base than the euro (1 `base` = `value` `unit`,
  /// with EUR's own value in that base, which turned the others into euros), and a rate
  /// another source gave the same day and the later import replaced (in the base it was
  /// given in). What the rules judge a rate by, and what `dump` writes.
  static let rateQuoted = SchemaObject(
    table: "rate_quoted",
    """
    CREATE TABLE rate_quoted (
      unit TEXT NOT NULL, base TEXT NOT NULL, day INTEGER NOT NULL CHECK (day \(days)), source TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (unit, day, source, base)) WITHOUT ROWID, STRICT
    """)

  /// Pegs (`rates peg C to Q at RATE band N from D to D`): 1 `anchor` = `rate` `unit` from
  /// `from_day` to `to_day` (the calendar's ends when not told), checked with `band` percent.
  static let ratePeg = SchemaObject(
    table: "rate_peg",
    """
    CREATE TABLE rate_peg (
      unit TEXT NOT NULL, anchor TEXT NOT NULL, rate TEXT NOT NULL, band TEXT NOT NULL,
      from_day INTEGER NOT NULL CHECK (from_day \(days)), to_day INTEGER NOT NULL CHECK (to_day \(days)),
      PRIMARY KEY (unit, from_day)) WITHOUT ROWID, STRICT
    """)

  /// Rates taken past a finding (`--accept`), which raise none again: a file's rate (1
  /// `base` = x `unit`, `quote` 0) or a quote (1 `unit` = x `base`, `quote` 1) of a day
  /// from a source.
  static let rateAccepted = SchemaObject(
    table: "rate_accepted",
    """
    CREATE TABLE rate_accepted (
      unit TEXT NOT NULL, base TEXT NOT NULL, day INTEGER NOT NULL CHECK (day \(days)), source TEXT NOT NULL,
      quote INTEGER NOT NULL CHECK (quote IN (0, 1)),
      PRIMARY KEY (unit, base, day, source, quote)) WITHOUT ROWID, STRICT
    """)

  /// The tables schema 11 added (the rules of SPEC §12): an upgrade makes them empty.
  static let trustTables = [rateQuoted, ratePeg, rateAccepted]

  /// Every saved change: when it was entered (UTC, and the offset it was entered at), the
  /// day from which it holds, the holding (a code at a place, '' the unnamed one), and
  /// the amount before and after, as plain decimal text. AUTOINCREMENT: an id is never
  /// given twice, so the order entered is the order of ids. `move` marks the two entries
  /// of a `move`: 1 the place it left, 2 the place it went to, the entry right after
  /// (0 for every other entry). `move` is checked with BETWEEN, not IN: SQLite checks an
  /// IN list by building a temporary table for every row written, which made a bulk write
  /// of the journal nearly three times as slow (schema 12 changed it).
  static let journal = SchemaObject(
    table: "journal",
    """
    CREATE TABLE journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT CHECK (id > 0),
      entered TEXT NOT NULL,
      utc_offset INTEGER NOT NULL,
      effective INTEGER NOT NULL CHECK (effective \(days)),
      code TEXT NOT NULL,
      place TEXT NOT NULL,
      old TEXT NOT NULL,
      new TEXT NOT NULL,
      move INTEGER NOT NULL DEFAULT 0 CHECK (move BETWEEN 0 AND 2)) STRICT
    """)

  /// Units a person added beyond the catalog (`units add`): the code, the name, the
  /// decimal places of its minor unit and the symbol shown before an amount.
  static let unit = SchemaObject(
    table: "unit",
    """
    CREATE TABLE unit (
      code TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
      minor INTEGER NOT NULL CHECK (minor BETWEEN 0 AND 8), symbol TEXT NOT NULL) STRICT
    """)

  /// The named places (`USD@wise`): each name as first written, and the key it is matched
  /// by (NFC, case-folded), which no two share. A place is listed from its first write
  /// until `places remove`; the journal names it by `name`.
  static let place = SchemaObject(
    table: "place", "CREATE TABLE place (name TEXT PRIMARY KEY NOT NULL, key TEXT NOT NULL UNIQUE) STRICT")

  /// A holding's entries by day, then as entered, with the amount: the amount on a date
  /// is one seek of this index, never of the table.
  static let journalByHolding = SchemaObject(
    index: "journal_by_holding", on: "journal",
    "CREATE INDEX journal_by_holding ON journal (code, place, effective, id, new)")

  /// All entries by day (`log`, and the days after today that a load looks for).
  static let journalByDate = SchemaObject(
    index: "journal_by_date", on: "journal", "CREATE INDEX journal_by_date ON journal (effective)")

  /// Derived: each holding's latest entry (by day, then as entered), kept by the journal's
  /// triggers.
  static let holding = SchemaObject(
    table: "holding",
    """
    CREATE TABLE holding (
      code TEXT NOT NULL, place TEXT NOT NULL, amount TEXT NOT NULL, effective INTEGER NOT NULL, id INTEGER NOT NULL,
      PRIMARY KEY (code, place)) WITHOUT ROWID, STRICT
    """)

  /// Derived: each holding's last entry of each month (`YYYYMM`), kept by the journal's
  /// triggers.
  static let monthEnd = SchemaObject(
    table: "journal_month_end",
    """
    CREATE TABLE journal_month_end (
      code TEXT NOT NULL, place TEXT NOT NULL, month INTEGER NOT NULL, effective INTEGER NOT NULL,
      id INTEGER NOT NULL, new TEXT NOT NULL,
      PRIMARY KEY (code, place, month)) WITHOUT ROWID, STRICT
    """)

  /// An entry written: it becomes its holding's latest and its month's last, unless a
  /// later entry is.
  static let journalInserted = SchemaObject(
    trigger: "journal_inserted", on: "journal",
    """
    CREATE TRIGGER journal_inserted AFTER INSERT ON journal BEGIN
      INSERT INTO holding (code, place, amount, effective, id)
        VALUES (new.code, new.place, new.new, new.effective, new.id)
        ON CONFLICT (code, place) DO UPDATE SET amount = excluded.amount, effective = excluded.effective, id = excluded.id
        WHERE (excluded.effective, excluded.id) > (holding.effective, holding.id);
      INSERT INTO journal_month_end (code, place, month, effective, id, new)
        VALUES (new.code, new.place, \(month("new.effective")), new.effective, new.id, new.new)
        ON CONFLICT (code, place, month) DO UPDATE SET effective = excluded.effective, id = excluded.id, new = excluded.new
        WHERE (excluded.effective, excluded.id) > (journal_month_end.effective, journal_month_end.id);
    END
    """)

  /// A write that would replace an entry (`REPLACE`, `INSERT OR REPLACE` onto an id the
  /// journal holds) is refused: SQLite removes the replaced row without firing the delete
  /// trigger, which would leave the derived tables naming it. (In a BEFORE trigger an id
  /// SQLite is to choose reads as -1, which no entry has.)
  static let journalNotReplaced = SchemaObject(
    trigger: "journal_not_replaced", on: "journal",
    """
    CREATE TRIGGER journal_not_replaced BEFORE INSERT ON journal
    WHEN EXISTS (SELECT 1 FROM journal WHERE id = new.id) BEGIN
      SELECT RAISE(ABORT, 'a journal entry keeps its id: it is not replaced, nor given another''s');
    END
    """)

  /// Nor is an entry's id changed (on every update: a SET of `rowid` or `oid` changes it
  /// without naming it).
  static let journalKeepsIDs = SchemaObject(
    trigger: "journal_keeps_ids", on: "journal",
    """
    CREATE TRIGGER journal_keeps_ids BEFORE UPDATE ON journal WHEN new.id != old.id BEGIN
      SELECT RAISE(ABORT, 'a journal entry keeps its id: it is not replaced, nor given another''s');
    END
    """)

  /// A view that holds no row, whose trigger works a holding's derived rows out again from
  /// the journal: a row "inserted" into it is a holding and a day, whose latest entry and
  /// whose month's last are found again. The delete and update triggers ask for it.
  static let journalTouch = SchemaObject(
    view: "journal_touch", "CREATE VIEW journal_touch (code, place, effective) AS SELECT NULL, NULL, NULL WHERE 0")

  static let journalTouched = SchemaObject(
    trigger: "journal_touched", on: "journal_touch",
    """
    CREATE TRIGGER journal_touched INSTEAD OF INSERT ON journal_touch BEGIN
      DELETE FROM holding WHERE code = new.code AND place = new.place;
      INSERT INTO holding (code, place, amount, effective, id)
        SELECT code, place, new, effective, id FROM journal WHERE code = new.code AND place = new.place
        ORDER BY effective DESC, id DESC LIMIT 1;
      DELETE FROM journal_month_end
        WHERE code = new.code AND place = new.place AND month = \(month("new.effective"));
      INSERT INTO journal_month_end (code, place, month, effective, id, new)
        SELECT code, place, \(month("effective")), effective, id, new FROM journal
        WHERE code = new.code AND place = new.place
          AND effective BETWEEN new.effective - 31 AND new.effective + 31
          AND \(month("effective")) = \(month("new.effective"))
        ORDER BY effective DESC, id DESC LIMIT 1;
    END
    """)

  static let journalDeleted = SchemaObject(
    trigger: "journal_deleted", on: "journal",
    """
    CREATE TRIGGER journal_deleted AFTER DELETE ON journal BEGIN
      INSERT INTO journal_touch VALUES (old.code, old.place, old.effective);
    END
    """)

  static let journalChanged = SchemaObject(
    trigger: "journal_changed", on: "journal",
    """
    CREATE TRIGGER journal_changed AFTER UPDATE ON journal BEGIN
      INSERT INTO journal_touch VALUES (old.code, old.place, old.effective), (new.code, new.place, new.effective);
    END
    """)

  /// The journal's triggers, which an import of many rows makes after writing them (the
  /// derived rows are then worked out in one go: `fillDerivedSQL`).
  static let journalTriggers = [
    journalInserted, journalNotReplaced, journalKeepsIDs, journalTouch, journalTouched, journalDeleted, journalChanged,
  ]

  /// Every object of the schema, in the order made.
  static let objects: [SchemaObject] =
    [
      setting, rateDay, rateSource, rateQuoted, ratePeg, rateAccepted, unit, place, journal, journalByHolding,
      journalByDate, holding, monthEnd,
    ]
    + journalTriggers

  /// What SQLite makes by itself for these: the indexes of UNIQUE and PRIMARY KEY
  /// constraints of rowid tables, and the table AUTOINCREMENT keeps its counters in.
  static let implicitObjects = [
    SchemaObject(type: "index", name: "sqlite_autoindex_setting_1", table: "setting", sql: nil),
    SchemaObject(type: "index", name: "sqlite_autoindex_rate_source_1", table: "rate_source", sql: nil),
    SchemaObject(type: "index", name: "sqlite_autoindex_unit_1", table: "unit", sql: nil),
    SchemaObject(type: "index", name: "sqlite_autoindex_place_1", table: "place", sql: nil),
    SchemaObject(type: "index", name: "sqlite_autoindex_place_2", table: "place", sql: nil),
    SchemaObject(
      type: "table", name: "sqlite_sequence", table: "sqlite_sequence", sql: "CREATE TABLE sqlite_sequence(name,seq)"),
  ]

  /// The derived tables worked out whole from the journal (after a bulk write, or an
  /// upgrade): the holdings' latest entries and their months' last ones.
  static let fillDerivedSQL = """
    DELETE FROM holding;
    INSERT INTO holding (code, place, amount, effective, id)
      SELECT code, place, new, effective, id FROM (
        SELECT code, place, new, effective, id,
          row_number() OVER (PARTITION BY code, place ORDER BY effective DESC, id DESC) AS rank
        FROM journal)
      WHERE rank = 1;
    DELETE FROM journal_month_end;
    INSERT INTO journal_month_end (code, place, month, effective, id, new)
      SELECT code, place, month, effective, id, new FROM (
        SELECT code, place, \(month("effective")) AS month, effective, id, new,
          row_number() OVER (PARTITION BY code, place, \(month("effective")) ORDER BY effective DESC, id DESC) AS rank
        FROM journal)
      WHERE rank = 1;
    """

  /// Makes the schema in an empty database, with what a new store starts with: the
  /// compiled-in rates and the default rate sources. The caller's transaction makes it
  /// all or nothing.
  static func create(_ db: Database) throws {
    for object in objects { try db.execute(sql: object.sql ?? "") }
    _ = try RateDayTable.record(db, RateBook.compiledIn.allRates)
    for source in RateSource.defaults { try source.insert(db) }
    try db.execute(sql: "PRAGMA user_version = \(version); PRAGMA application_id = \(StoreIdentity.applicationID)")
  }

  /// The objects of the store that are not exactly the schema's, each named with why
  /// (`trigger evil: not Coffer's`, `trigger journal_inserted: missing`); empty when the
  /// schema is this version's.
  static func unexpectedObjects(_ db: Database) throws -> [String] {
    let expected = objects + implicitObjects
    let found = try SchemaObject.all(db)
    var problems: [String] = []
    for object in found {
      guard let own = expected.first(where: { $0.type == object.type && $0.name == object.name }) else {
        problems.append(tr("{type} {name}: not Coffer's", ["type": object.type, "name": object.name]))
        continue
      }
      if own.sql != object.sql || own.table != object.table {
        problems.append(tr("{type} {name}: changed", ["type": object.type, "name": object.name]))
      }
    }
    for object in expected where !found.contains(where: { $0.type == object.type && $0.name == object.name }) {
      problems.append(tr("{type} {name}: missing", ["type": object.type, "name": object.name]))
    }
    return problems
  }
}

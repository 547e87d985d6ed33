/// Stores as older Coffers wrote them, made with the sqlite3 shell: what an upgrade
/// starts from.
enum OlderStores {
  /// The tables of schema 8 (with its derived tables, and one stand-in for its triggers),
  /// holding nothing: `rows` adds to them (journal entries in schema 5's columns: entered,
  /// utc_offset, effective, code, old, new).
  static func schemaEight(rows: String = "") -> String {
    """
    PRAGMA application_id = 1131374182; PRAGMA user_version = 8; PRAGMA journal_mode = WAL;
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    INSERT INTO grdb_migrations VALUES ('v1: holdings, rates, settings'), ('v2: journal'),
      ('v3: rates as one snapshot per day'), ('v4: rate sources; direct quotes in the day snapshots'),
      ('v5: journal times in UTC; effective dates; checksummed rates'), ('v6: shorter month-end triggers'),
      ('v7: the month-end recomputation written once'),
      ('v8: every currency''s month ends of a month in one row');
    CREATE TABLE holding (code TEXT PRIMARY KEY NOT NULL, amount TEXT NOT NULL);
    CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
    CREATE TABLE rate_day (day INTEGER PRIMARY KEY, rates BLOB NOT NULL);
    CREATE TABLE rate_source (
      position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, url TEXT NOT NULL, currencies TEXT NOT NULL);
    CREATE TABLE journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT, entered TEXT NOT NULL, utc_offset INTEGER NOT NULL,
      effective INTEGER NOT NULL, code TEXT NOT NULL, old TEXT NOT NULL, new TEXT NOT NULL);
    CREATE INDEX journal_by_currency ON journal (code, effective, id, new);
    CREATE INDEX journal_by_date ON journal (effective);
    CREATE TABLE journal_month_cache (month INTEGER PRIMARY KEY, balances BLOB);
    CREATE TABLE journal_month_end (
      code TEXT NOT NULL, month INTEGER NOT NULL, effective INTEGER, id INTEGER, new TEXT,
      PRIMARY KEY (code, month)) WITHOUT ROWID;
    CREATE TRIGGER journal_month_end_insert AFTER INSERT ON journal BEGIN SELECT 1; END;
    CREATE VIEW journal_month_touch (code, effective) AS SELECT NULL, NULL WHERE 0;
    \(rows)
    """
  }
}

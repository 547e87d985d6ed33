import GRDBSQLite

/// SQLite's `SQLITE_TRANSIENT` (which C spells as a cast of -1): text bound with it is
/// copied by SQLite at once. For the few reads and writes that go to SQLite directly.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

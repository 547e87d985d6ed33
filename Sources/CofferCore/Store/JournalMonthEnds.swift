import GRDB
import GRDBSQLite

/// For each currency and month, the journal's last entry effective in that month: what
/// the currency held at the month's end. A series of month ends (`total by month` over
/// ten years: 120 dates, of up to 42 currencies) is then a short scan of this table per
/// currency instead of a seek of the journal per currency and date, whatever the
/// journal's length.
///
/// Derived from the journal and kept by SQLite itself: triggers on the journal update a
/// month's row whenever an entry of that month is written, changed or removed, by Coffer
/// or by anything else writing through SQLite (which is refused a write that would
/// replace a row, since SQLite removes a replaced row without firing a delete trigger).
/// An import of many rows builds the rows of the months it touches in one go instead
/// (`upsert`). `check` compares the whole table with the journal.
enum JournalMonthEnds {
  static let tableName = "journal_month_end"

  /// A month as `YYYYMM` (202611): the key of the table, as the triggers compute it.
  static func month(of date: CalendarDate) -> Int { date.year * 100 + date.month }

  /// The month after `month` (`YYYYMM`).
  static func month(after month: Int) -> Int { month % 100 == 12 ? month + 89 : month + 1 }

  /// SQLite's `YYYYMM` of a journal day number (days from 1970-01-01, which is Julian
  /// day 2440587.5); only for an integer within the calendar, else NULL.
  private static func monthSQL(_ day: String) -> String {
    """
    CASE WHEN typeof(\(day)) = 'integer' AND \(day) BETWEEN \(CalendarDate.dayNumbers.lowerBound) \
    AND \(CalendarDate.dayNumbers.upperBound) \
    THEN CAST(strftime('%Y%m', \(day) + 2440587.5) AS INTEGER) END
    """
  }

  // The triggers below are parsed again by every process that opens the store (SQLite
  // reads its whole schema at the first statement), so their text is kept short: the
  // insert trigger and the recomputation say once, in their WHEN clauses, that the
  // entry's day is one a month can be found for, and name the month by the day itself
  // instead of by its `YYYYMM`.

  /// True when `entry` (`new` or `old`) is of a currency code and an integer day within
  /// the calendar: an entry of which a month's row is kept.
  private static func keeps(_ entry: String) -> String {
    """
    typeof(\(entry).code) = 'text' AND typeof(\(entry).effective) = 'integer' \
    AND \(entry).effective BETWEEN \(CalendarDate.dayNumbers.lowerBound) AND \(CalendarDate.dayNumbers.upperBound)
    """
  }

  /// The `YYYYMM` of day number `day`, a day within the calendar.
  static func monthOfDay(_ day: String) -> String {
    "CAST(strftime('%Y%m', \(day) + 2440587.5) AS INTEGER)"
  }

  /// Recomputes, from the journal, the row of `entry`'s currency and month (in a trigger
  /// whose WHEN clause is `keeps(entry)`). The month's days are the 31 from its first
  /// (its day less its day of the month) that are of its month: no date arithmetic that
  /// would step past 9999-12 and give none.
  private static func recompute(_ entry: String) -> String {
    let day = "\(entry).effective"
    return """
      DELETE FROM journal_month_end WHERE code = \(entry).code AND month = \(monthOfDay(day));
      INSERT INTO journal_month_end (code, month, effective, id, new)
        SELECT code, \(monthOfDay(day)), effective, id, new FROM journal
        WHERE code = \(entry).code AND typeof(effective) = 'integer'
          AND effective BETWEEN \(day) + 1 - strftime('%d', \(day) + 2440587.5)
          AND \(day) + 31 - strftime('%d', \(day) + 2440587.5)
          AND strftime('%m', effective + 2440587.5) = strftime('%m', \(day) + 2440587.5)
        ORDER BY effective DESC, id DESC LIMIT 1;
      \(JournalMonthCache.markStaleSQL(day: day))
      """
  }

  /// What a write is told that would replace a journal row or give one an id below 1
  /// (see `replaceTrigger`).
  private static let idRefused = "RAISE(ABORT, 'a journal row may not take the id of another, nor an id below 1')"

  /// An entry written: its month's row becomes it unless that row is of a later entry.
  /// An entry with an id below 1 is refused (see `replaceTrigger`).
  static let insertTrigger = """
    CREATE TRIGGER journal_month_end_insert AFTER INSERT ON journal WHEN \(keeps("new")) BEGIN
      SELECT \(idRefused) WHERE new.id < 1;
      INSERT INTO journal_month_end (code, month, effective, id, new)
        VALUES (new.code, \(monthOfDay("new.effective")), new.effective, new.id, new.new)
        ON CONFLICT (code, month) DO UPDATE SET effective = excluded.effective, id = excluded.id, new = excluded.new
        WHERE (excluded.effective, excluded.id) > (journal_month_end.effective, journal_month_end.id);
      \(JournalMonthCache.markStaleSQL(day: "new.effective"))
    END
    """

  /// A view that holds no row, whose insert trigger recomputes a month's row: the
  /// recomputation the delete and update triggers ask for is written once, in its
  /// trigger, instead of once in each of theirs (schema 7). A row "inserted" into it is an
  /// entry's code and day: the month recomputed is that day's.
  static let recomputeView = "journal_month_touch"

  /// Refuses an insert that would replace a journal row (`REPLACE`, `INSERT OR REPLACE`
  /// with an id the journal holds). SQLite deletes the row it replaces without firing
  /// the delete trigger (unless `recursive_triggers` is on, which it is not by default),
  /// so the replaced entry's month would keep it as its last entry. Here, in a BEFORE
  /// trigger, an id SQLite is to choose reads as -1, so ids below 1 are let through and
  /// refused after the insert instead, where the id is the real one (`insertTrigger`): no
  /// entry has one to be replaced. (A row with one that a store held before schema 7,
  /// written by hand, is not looked for.)
  static let replaceTrigger = """
    CREATE TRIGGER journal_month_end_replace BEFORE INSERT ON journal
    WHEN new.id > 0 AND EXISTS (SELECT 1 FROM journal WHERE id = new.id) BEGIN
      SELECT \(idRefused);
    END
    """

  /// The triggers an import of many rows drops while it writes, and makes again after.
  static let bulkTriggerNames = ["journal_month_end_insert", "journal_month_end_replace"]
  static let bulkTriggersSQL = "\(insertTrigger);\n\(replaceTrigger);"

  /// The names of the triggers that keep the table, now and in stores of schemas 5 and 6.
  static let triggerNames = [
    "journal_month_end_insert", "journal_month_end_delete", "journal_month_end_update",
    "journal_month_end_update_old", "journal_month_end_update_new", "journal_month_end_recompute",
    "journal_month_end_replace", "journal_month_end_replace_id",
  ]

  /// Drops the triggers of any schema and the view behind them, before they are made anew.
  static let dropTriggersSQL =
    triggerNames.map { "DROP TRIGGER IF EXISTS \($0);" }.joined(separator: "\n")
    + "\nDROP VIEW IF EXISTS \(recomputeView);"

  /// The triggers: an entry written; an entry removed (its month's row recomputed); an
  /// entry changed (the rows of its old month and of its new month recomputed, in that
  /// order; the same month twice when it stayed in its month). A recomputation is an
  /// insert into the view, whose trigger does it for entries a month's row is kept of.
  /// A write that would replace a row, whose removal no trigger would see, is refused
  /// (`replaceTrigger`), and so is an update that gives a row another's id or one below 1
  /// (on every update, not `UPDATE OF id`: a SET of `rowid`, `oid` or `_rowid_` changes
  /// the id without naming it).
  static let triggersSQL = """
    \(bulkTriggersSQL)
    CREATE TRIGGER journal_month_end_replace_id BEFORE UPDATE ON journal
    WHEN new.id != old.id AND (new.id < 1 OR EXISTS (SELECT 1 FROM journal WHERE id = new.id)) BEGIN
      SELECT \(idRefused);
    END;
    CREATE VIEW \(recomputeView) (code, effective) AS SELECT NULL, NULL WHERE 0;
    CREATE TRIGGER journal_month_end_recompute INSTEAD OF INSERT ON \(recomputeView) WHEN \(keeps("new")) BEGIN
      \(recompute("new"))
    END;
    CREATE TRIGGER journal_month_end_delete AFTER DELETE ON journal BEGIN
      INSERT INTO \(recomputeView) VALUES (old.code, old.effective);
    END;
    CREATE TRIGGER journal_month_end_update AFTER UPDATE ON journal BEGIN
      INSERT INTO \(recomputeView) VALUES (old.code, old.effective), (new.code, new.effective);
    END;
    """

  /// The table, its triggers, and its rows for the journal as it stands; and the table
  /// of every currency's month ends of a month (`JournalMonthCache`), which the triggers
  /// mark stale as they write.
  static let createSQL = """
    \(JournalMonthCache.createTableSQL)
    CREATE TABLE journal_month_end (
      code TEXT NOT NULL, month INTEGER NOT NULL, effective INTEGER, id INTEGER, new TEXT,
      PRIMARY KEY (code, month)) WITHOUT ROWID;
    \(triggersSQL)
    \(fillSQL);
    """

  /// Every month's row, computed from the whole journal.
  static let fillSQL = """
    INSERT INTO journal_month_end (code, month, effective, id, new)
      SELECT code, month, effective, id, new FROM (
        SELECT code, \(monthSQL("effective")) AS month, effective, id, new,
          row_number() OVER (PARTITION BY code, \(monthSQL("effective")) ORDER BY effective DESC, id DESC) AS place
        FROM journal WHERE typeof(code) = 'text')
      WHERE place = 1 AND month IS NOT NULL
    """

  // MARK: - Reads

  /// A month's row as read: the balance it says the currency held at the month's end.
  struct MonthEnd {
    let month: Int
    let balance: HeldBalance
  }

  /// The statement `rows` reads through. It has no upper bound: `rows` stops at the first
  /// row past the range, which spares SQLite comparing every row's key with a bound.
  static func rowsStatement(_ db: Database) throws -> Statement {
    try db.cachedStatement(
      sql: """
        SELECT month, effective, new FROM journal_month_end
        WHERE code = ?1
          AND month >= coalesce((SELECT max(month) FROM journal_month_end WHERE code = ?1 AND month < ?2), ?2)
        ORDER BY month
        """)
  }

  /// `currency`'s rows for the months `first...last`, with the one in effect when the
  /// range starts, oldest first: one seek and a short scan.
  ///
  /// Each row read is checked: a row that does not read as Coffer writes one, or whose
  /// entry is not of the row's month, fails naming the journal row it copies, when that
  /// row is the damaged one, or else the table's row. (Which journal row a row copies is
  /// read only then: it says nothing about the balance, and `check` compares it.) And the
  /// months the rows leave out are checked to hold no entry of the journal (see
  /// `requireNoEntry`): a month's row deleted, or moved under a key no read meets (a code
  /// that is not one, a month 13), would otherwise leave an earlier month's balance in its
  /// place without a word. Where
  /// the rows follow one another month by month, as they do for a currency with entries
  /// every month, that is no more than a comparison.
  ///
  /// `statement` is `rowsStatement`'s, prepared once for all the currencies of a series.
  static func rows(
    _ db: Database, _ statement: Statement, of currency: Currency, from firstDate: CalendarDate,
    through lastDate: CalendarDate
  ) throws -> [MonthEnd] {
    let first = month(of: firstDate)
    let last = month(of: lastDate)
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    sqlite3_bind_text(handle, 1, currency.code, -1, sqliteTransient)
    sqlite3_bind_int64(handle, 2, Int64(first))
    defer { sqlite3_reset(handle) }
    var rows: [MonthEnd] = []
    // A row a month at most, and the one in effect before them.
    rows.reserveCapacity(min(1 + (last / 100 - first / 100) * 12 + last % 100 - first % 100 + 1, 1200))
    // The days of the last row's month.
    var lastDays: MonthDays?
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
          sql: statement.sql)
      }
      // The row's values as SQLite holds them, each column looked up once (a typed
      // `sqlite3_column_*` call looks its column up every time). SQLite hands them out
      // unprotected: they are read before the next step, on the one thread GRDB runs
      // this connection on.
      let values = (
        month: sqlite3_column_value(handle, 0), effective: sqlite3_column_value(handle, 1),
        new: sqlite3_column_value(handle, 2)
      )
      // The rows are in SQLite's order: numbers, then text and blobs. The first past the
      // range ends the read.
      let monthType = sqlite3_value_type(values.month)
      let pastTheRange: Bool
      switch monthType {
      case SQLITE_INTEGER: pastTheRange = sqlite3_value_int64(values.month) > Int64(last)
      case SQLITE_FLOAT: pastTheRange = sqlite3_value_double(values.month) > Double(last)
      default: pastTheRange = true
      }
      if pastTheRange { break }
      // Only numbers sort among the months asked for; one that is real is not a month.
      guard monthType == SQLITE_INTEGER else {
        let shown = "the real number \(sqlite3_value_double(values.month))"
        throw StoreDamage(
          table: tableName, row: nil, key: "code '\(currency.code)', month \(shown)",
          problem: "month \(shown) is not a month from 0001-01 to 9999-12 (a table derived from the journal)")
      }
      let month = Int(sqlite3_value_int64(values.month))
      // The row's month's days: the month after the row before's, as a rule, found from
      // its days (a month key that is not a month has none).
      let follows = lastDays.map { month == Self.month(after: $0.month) } ?? false
      guard let days = follows ? lastDays?.next : MonthDays(month),
        let balance = balance(effective: values.effective, new: values.new, of: currency, in: days)
      else {
        throw try damage(db, of: currency, month: month)
      }
      // The months between the row before and this one, when it is not the month after.
      // The first row is the one in effect when the range starts, when it is of an
      // earlier month; when it is not, every month before it would be.
      if let previous = lastDays {
        if !follows { try requireNoEntry(db, of: currency, from: previous.last + 1, to: days.first - 1) }
      } else if month >= first {
        try requireNoEntry(db, of: currency, from: CalendarDate.dayNumbers.lowerBound, to: days.first - 1)
      }
      rows.append(MonthEnd(month: month, balance: balance))
      lastDays = days
    }
    // The months after the last row, to the end of the range.
    let from = lastDays.map { $0.last + 1 } ?? CalendarDate.dayNumbers.lowerBound
    try requireNoEntry(db, of: currency, from: from, to: lastDate.lastOfMonth.dayNumber)
    return rows
  }

  /// The days of a month (`YYYYMM`), as day numbers from its first to its last: the
  /// month a row stands for, which its entry's day must be in.
  struct MonthDays {
    let month: Int
    let first: Int
    let last: Int

    /// nil for a number that is not a month from 0001-01 to 9999-12.
    init?(_ month: Int) {
      guard let firstDay = CalendarDate(year: month / 100, month: month % 100, day: 1) else { return nil }
      self.init(month: month, first: firstDay.dayNumber)
    }

    private init(month: Int, first: Int) {
      self.month = month
      self.first = first
      last = first + CalendarDate.daysIn(month: month % 100, year: month / 100) - 1
    }

    /// The month after, from this one's last day (no calendar arithmetic); nil after
    /// 9999-12.
    var next: MonthDays? {
      let following = JournalMonthEnds.month(after: month)
      return following / 100 <= 9999 ? MonthDays(month: following, first: last + 1) : nil
    }

    /// The date of day number `day`, when it is one of this month's.
    func date(_ day: Int) -> CalendarDate? {
      guard day >= first && day <= last else { return nil }
      return CalendarDate(year: month / 100, month: month % 100, day: day - first + 1)
    }

    /// The month's last day.
    var lastDate: CalendarDate { date(last)! }
  }

  /// Throws unless the journal holds no entry of `currency` effective in `from...to`
  /// (day numbers): months no row stands for. One seek of the journal's index, and none
  /// for an empty range. An entry found is read, so that its own damage is named, and
  /// else names the missing row of its month.
  private static func requireNoEntry(_ db: Database, of currency: Currency, from: Int, to: Int) throws {
    guard from <= to else { return }
    let sql = """
      SELECT id FROM journal WHERE code = ?1 AND effective BETWEEN ?2 AND ?3
      ORDER BY effective DESC, id DESC LIMIT 1
      """
    let statement = try db.cachedStatement(sql: sql)
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    sqlite3_bind_text(handle, 1, currency.code, -1, sqliteTransient)
    sqlite3_bind_int64(handle, 2, Int64(from))
    sqlite3_bind_int64(handle, 3, Int64(to))
    defer { sqlite3_reset(handle) }
    let code = sqlite3_step(handle)
    if code == SQLITE_DONE { return }
    guard code == SQLITE_ROW else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
        sql: sql)
    }
    let id = sqlite3_column_int64(handle, 0)
    // A cursor's row, not a copy: a copy reads text only up to a NUL byte in it.
    let rows = try Row.fetchCursor(db, sql: JournalBalance.selection + " WHERE id = ?", arguments: [id])
    guard let row = try rows.next() else { return }
    let entry = try JournalBalance(checking: row)
    throw StoreDamage(
      table: tableName, row: nil, key: "code '\(currency.code)', month \(monthText(month(of: entry.effective)))",
      problem: "is missing, though journal row \(id) is an entry of that month (a table derived from the journal)")
  }

  /// The balance a row's values say, when its day is one of `days` and its amount reads as
  /// Coffer writes one for `currency`; nil otherwise.
  private static func balance(
    effective: OpaquePointer?, new: OpaquePointer?, of currency: Currency, in days: MonthDays
  ) -> HeldBalance? {
    guard sqlite3_value_type(effective) == SQLITE_INTEGER,
      let since = days.date(Int(sqlite3_value_int64(effective))),
      sqlite3_value_type(new) == SQLITE_TEXT, let text = sqlite3_value_text(new),
      let amount = DecimalValue(storedBytes: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(new)))),
      AmountRules.problem(with: amount, for: currency) == nil
    else { return nil }
    return HeldBalance(amount: amount, since: since)
  }

  /// What is wrong with a month's row: the journal row it copies, when that is damaged
  /// (the trigger copied its damage), or else the row itself.
  private static func damage(_ db: Database, of currency: Currency, month: Int) throws -> StoreDamage {
    let copied = try Row.fetchCursor(
      db, sql: "SELECT id FROM journal_month_end WHERE code = ? AND month = ?", arguments: [currency.code, month])
    // The cursor is kept while its row is read: a cursor's row, not a copy (a copy reads
    // text only up to a NUL byte in it).
    if let journalRow = try copied.next().flatMap({ StoredValue($0, 0).integer }) {
      let rows = try Row.fetchCursor(db, sql: JournalBalance.selection + " WHERE id = ?", arguments: [journalRow])
      if let row = try rows.next() {
        do {
          _ = try JournalBalance(checking: row)
        } catch {
          return error
        }
      }
    }
    return StoreDamage(
      table: tableName, row: nil, key: "code '\(currency.code)', month \(monthText(month))",
      problem: "does not read as the journal's last entry of the month (a table derived from the journal)")
  }

  static func monthText(_ month: Int) -> String {
    let year = String(month / 100)
    let number = String(month % 100)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + (number.count < 2 ? "0" : "")
      + number
  }

  // MARK: - Writes

  /// Makes each of `rows` the row of its currency and month, unless that row is of a later
  /// entry: what the insert trigger does, for an import that writes its journal rows with
  /// the trigger dropped. `rows` are the last of their currency's month among the rows
  /// just written, each with its journal id; their text is in `text`. One statement,
  /// prepared once and bound straight on SQLite (an import of ten years of 41
  /// currencies has some five thousand).
  static func upsert(
    _ db: Database, _ rows: [(id: Int64, row: PlannedEntries.Row)], text: [UInt8]
  ) throws {
    let statement = try db.makeStatement(
      sql: """
        INSERT INTO journal_month_end (code, month, effective, id, new) VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT (code, month) DO UPDATE SET effective = excluded.effective, id = excluded.id, new = excluded.new
        WHERE (excluded.effective, excluded.id) > (journal_month_end.effective, journal_month_end.id)
        """)
    let handle = statement.sqliteStatement
    // The buffer is not changed while SQLite reads it: bound as static text, not copied.
    try text.withUnsafeBufferPointer { buffer throws in
      let base = buffer.baseAddress!
      for (id, row) in rows {
        sqlite3_reset(handle)
        sqlite3_bind_text(handle, 1, base + row.code.lowerBound, Int32(row.code.count), nil)
        sqlite3_bind_int64(handle, 2, Int64(row.month))
        sqlite3_bind_int64(handle, 3, Int64(row.day))
        sqlite3_bind_int64(handle, 4, id)
        sqlite3_bind_text(handle, 5, base + row.new.lowerBound, Int32(row.new.count), nil)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: statement.sql)
        }
      }
      // Nothing may point into the buffer once it is gone.
      sqlite3_reset(handle)
      sqlite3_clear_bindings(handle)
    }
  }

  // MARK: - Check

  /// Every row that disagrees with the journal: one that should be there and is not, one
  /// that should not, one that says another entry. At most `limit` of them.
  static func disagreements(_ db: Database, limit: Int = 20) throws -> [StoreDamage] {
    let derived = """
      SELECT code, month, effective, id, new FROM (
        SELECT code, \(monthSQL("effective")) AS month, effective, id, new,
          row_number() OVER (PARTITION BY code, \(monthSQL("effective")) ORDER BY effective DESC, id DESC) AS place
        FROM journal WHERE typeof(code) = 'text')
      WHERE place = 1 AND month IS NOT NULL
      """
    let stored = "SELECT code, month, effective, id, new FROM journal_month_end"
    var found: [StoreDamage] = []
    let missing = try Row.fetchAll(db, sql: "\(derived) EXCEPT \(stored) LIMIT \(limit)")
    for row in missing {
      let key = keyText(row)
      found.append(
        StoreDamage(
          table: tableName, row: nil, key: key,
          problem: "does not hold the journal's last entry of the month, row \(StoredValue(row, 3).shown) "
            + "(a table derived from the journal)"))
    }
    let extra = try Row.fetchAll(db, sql: "\(stored) EXCEPT \(derived) LIMIT \(limit)")
    for row in extra where !found.contains(where: { $0.key == keyText(row) }) {
      found.append(
        StoreDamage(
          table: tableName, row: nil, key: keyText(row),
          problem: "holds row \(StoredValue(row, 3).shown), not the journal's last entry of the month "
            + "(a table derived from the journal)"))
    }
    return Array(found.prefix(limit))
  }

  private static func keyText(_ row: Row) -> String {
    let code = StoredValue(row, 0)
    let month = StoredValue(row, 1)
    var text = "code " + code.shown
    if let written = code.text { text = "code " + StoredText.quoted(written) }
    if let number = month.integer { return text + ", month " + monthText(Int(number)) }
    return text + ", month " + month.shown
  }
}

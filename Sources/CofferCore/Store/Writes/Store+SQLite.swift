import CofferText
import GRDB
import GRDBSQLite

/// The one place Coffer calls SQLite itself rather than through GRDB: the writes of
/// journal rows, every one (`holdings import` of a long history, a save's balances, a
/// dump's replay of half a million) and of `rates import`'s days, bound straight to
/// prepared statements of many rows each, their text from one buffer (GRDB's arguments,
/// or a String a value, would cost more than the writing: a record's insert took as long
/// as the rest of a form's save); the imports write many new pages in
/// SQLite's rollback-journal mode when no other connection has the store open; and the
/// store's WAL files kept at close, a file control GRDB has no call for.
extension Store {
  // MARK: - Another session's saves

  /// The number a pragma answers (`pragma` is the whole statement, `PRAGMA
  /// data_version`), stepped straight on SQLite: the data version is asked before every
  /// statement, and through GRDB's rows it cost twice what SQLite takes (which is the read
  /// lock it takes and gives back, 2 µs). Given whole, the statement's text is a constant,
  /// not made again each time it is asked.
  static func pragma(_ pragma: String, _ db: Database) throws -> Int {
    let statement = try db.cachedStatement(sql: pragma)
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    defer { sqlite3_reset(handle) }
    let code = sqlite3_step(handle)
    guard code == SQLITE_ROW else { throw failure(code, db, statement) }
    return Int(sqlite3_column_int64(handle, 0))
  }

  // MARK: - The WAL's files

  /// Asks SQLite to keep the `-wal` and `-shm` files when this connection closes, the log
  /// emptied rather than removed: a store on a read-only file system can then be read
  /// (SQLite needs both files there to open it in WAL mode, and cannot make them), and the
  /// next process opens them instead of making them again. An empty log is still a clean
  /// exit: the crash check at open looks for a log that holds something. SQLite empties
  /// the log on close only under a journal size limit, which also keeps a long session's
  /// log from staying large.
  static func keepWALFiles(_ db: Database, _ keep: Bool = true) throws {
    var flag: Int32 = keep ? 1 : 0
    _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &flag)
    if keep { try db.execute(sql: "PRAGMA journal_size_limit = \(4 << 20)") }
  }

  /// Thrown inside an import's transaction when it is asked to stop: it rolls back.
  struct ImportStopped: Error {}

  /// Rows from which an import is a bulk write: the journal's indexes and triggers are
  /// made after its rows rather than updated row by row, and it is written in
  /// rollback-journal mode when it can be.
  static let bulkWriteRows = 10_000

  // MARK: - Holdings import

  /// Writes balances for past dates (and today) in one transaction, all of them or, on any
  /// error or a stop, none: each a journal entry effective on its date at its place (a
  /// place named for the first time is listed), replacing the amount as it stood then
  /// (written even when equal to what is carried there: it is a fact of that day), unless
  /// the journal already holds that amount for that holding and day. Returns nil when
  /// stopped.
  ///
  /// `rows` come grouped by currency and place, each by date, as BalanceFile gives them.
  /// The stored entries the rows fall among are read once per holding, before anything
  /// is written. Then a holding at a time is planned and written, so that only its
  /// entries are held in memory. An import of more rows than the journal holds drops the
  /// journal's triggers and its index by date, writes, and makes them again, with the
  /// derived rows of what it wrote, in the same transaction. Holdings are written in the
  /// order of `journal_by_holding` (code, then place, as SQLite orders their text), so
  /// that each entry is added at that index's end rather than sorted into it after.
  /// (Building both indexes after the rows, by sorting 500,000 of them, took a quarter of
  /// the time and more than all of sqlite3's `.import`.)
  ///
  /// With `noting`, the report names the entries written that bear on the balances of
  /// that date (`ImportedBalances.noted`), for a sheet at that date.
  package func importBalances(
    _ rows: WrittenBalances, noting date: CalendarDate? = nil, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> ImportedBalances? {
    let now = EntryTime.now()
    var report = ImportedBalances()
    report.read = rows.count
    report.days = Self.distinctDays(rows)
    var holdings: [Range<Int>] = []
    var first = 0
    while first < rows.count {
      var end = first
      while end < rows.count && rows.areOfTheSameHolding(end, first) { end += 1 }
      holdings.append(first..<end)
      first = end
    }
    do {
      try inRollbackJournalWhenAlone(writing: rows.count) {
        try write { db in
          let stored = try holdings.map { range in
            try Self.entries(
              db, of: rows[range.lowerBound].holding,
              around: rows[range.lowerBound].date...rows[range.upperBound - 1].date)
          }
          let journalRows = try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0
          // Decided on the rows read, which are at least the entries written.
          let bulk = rows.count >= Self.bulkWriteRows && rows.count >= journalRows
          if bulk {
            try db.execute(sql: "DROP INDEX journal_by_date")
            try Self.dropJournalTriggers(db)
          }
          var listed = Set(try Self.namedPlaces(db).0)
          var currencies = Set<Int>()
          // In the index's order, whether bulk or not: the entries' ids, which order a
          // day's entries in `log`, are then the same either way.
          let inOrder = zip(holdings, stored).sorted {
            Self.indexPrecedes(rows[$0.0.lowerBound].holding, rows[$1.0.lowerBound].holding)
          }
          var done = 0
          for (range, stored) in inOrder {
            let place = rows[range.lowerBound].place
            if !place.isUnnamed && listed.insert(place).inserted { try PlaceRecord(place).insert(db) }
            if currencies.insert(rows[range.lowerBound].currencyIndex).inserted { report.currencies += 1 }
            var planned = PlannedEntries()
            // An amount's text, as a rule, is shorter than 16 bytes.
            planned.reserve(rows: range.count, textBytes: range.count * 16)
            report.alreadyRecorded += Self.plan(
              rows[range], among: stored, into: &planned, noting: date, noted: &report.noted)
            // The rows of the holdings written before this one, whatever their place in the file.
            let before = done
            try Self.insert(&planned, entered: now, db, shouldStop: shouldStop) { written, _ in
              progress?(before + written, rows.count)
            }
            done += range.count
            if bulk { try Self.recordDerivedRows(db, of: planned) }
            report.written += planned.count
            if shouldStop() { throw ImportStopped() }
          }
          if bulk {
            try db.execute(sql: StoreSchema.journalByDate.sql ?? "")
            try Self.makeJournalTriggers(db)
          }
          if shouldStop() { throw ImportStopped() }
        }
      }
    } catch is ImportStopped {
      return nil
    } catch {
      throw storeError(error)
    }
    if report.written > 0 { counters.saves += 1 }
    counters.rowsWritten += report.written
    return report
  }

  /// Whether `first` comes before `second` in `journal_by_holding`: by code, then place,
  /// each as SQLite orders text (its bytes).
  private static func indexPrecedes(_ first: Holding, _ second: Holding) -> Bool {
    let (firstCode, secondCode) = (first.currency.code.utf8, second.currency.code.utf8)
    if !firstCode.elementsEqual(secondCode) { return firstCode.lexicographicallyPrecedes(secondCode) }
    return first.place.name.utf8.lexicographicallyPrecedes(second.place.name.utf8)
  }

  /// Adds to `planned` the entries one holding's rows make, each replacing the amount
  /// carried to its day (the `stored` entries up to that day first: the row is entered
  /// after them); returns how many rows the journal already held. Adds to `noted` the
  /// entries planned that bear on the balances of `date` (see `importBalances`).
  private static func plan(
    _ rows: Slice<WrittenBalances>, among stored: [(day: Int, amount: DecimalValue)],
    into planned: inout PlannedEntries, noting date: CalendarDate?,
    noted: inout [ImportedBalances.NotedEntry]
  ) -> Int {
    guard let holding = rows.first?.holding else { return 0 }
    var alreadyRecorded = 0
    var next = 0
    var carried = DecimalValue.zero
    let code = planned.addText(holding.currency.code)
    let place = planned.addText(holding.place.name)
    // The text of the amount carried: usually the row before's, written once.
    var carriedText: Range<Int>?
    var (latestOnDate, firstAfter): (HeldBalance?, HeldBalance?) = (nil, nil)
    for row in rows {
      let day = row.date.dayNumber
      var onDay: DecimalValue?
      while next < stored.count && stored[next].day <= day {
        carried = stored[next].amount
        carriedText = nil
        if stored[next].day == day { onDay = stored[next].amount }
        next += 1
      }
      if onDay == row.amount {
        alreadyRecorded += 1
        carriedText = nil
      } else {
        let old = carriedText ?? planned.addText(carried)
        let new = planned.addText(row.amount)
        planned.rows.append(
          PlannedEntries.Row(day: day, month: month(of: row.date), code: code, place: place, old: old, new: new))
        carriedText = new
        if let date, row.date <= date {
          latestOnDate = HeldBalance(amount: row.amount, since: row.date)
        } else if date != nil, firstAfter == nil {
          firstAfter = HeldBalance(amount: row.amount, since: row.date)
        }
      }
      carried = row.amount
    }
    for balance in [latestOnDate, firstAfter].compactMap({ $0 }) {
      noted.append(ImportedBalances.NotedEntry(holding: holding, balance: balance))
    }
    return alreadyRecorded
  }

  /// How many days the rows are for: one bit a day between the first and the last.
  private static func distinctDays(_ rows: WrittenBalances) -> Int {
    let days = rows.indices.lazy.map(rows.dayNumber)
    guard let first = days.min(), let last = days.max() else { return 0 }
    var seen = [Bool](repeating: false, count: last - first + 1)
    var count = 0
    for day in days where !seen[day - first] {
      seen[day - first] = true
      count += 1
    }
    return count
  }

  /// The journal inserts, by how many rows each writes: 256 (eight arguments a row, well
  /// under SQLite's limit of 32,766), then each power of two below, so that a write of
  /// any count takes a few of them, each prepared once a connection (a statement of 256
  /// rows takes as long to prepare as 500 rows to write, and a save of 41 rows spent more
  /// preparing its own statement than writing it).
  private static let insertSQL: [(rows: Int, sql: String)] = [256, 128, 64, 32, 16, 8, 4, 2, 1].map { rows in
    let values = repeatElement("(?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    return (rows, "INSERT INTO journal (entered, utc_offset, effective, code, place, old, new, move) VALUES " + values)
  }

  /// Writes the planned entries (an import's, a save's), many to a statement (see
  /// `insertSQL`): the journal's triggers cost little a row but much a statement. Bound
  /// straight from the planned text (not copied: the buffer does not change while SQLite
  /// reads it).
  static func insert(
    _ planned: inout PlannedEntries, entered: EntryTime, _ db: Database, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws {
    let enteredText = planned.addText(entered.utcText)
    let offset = Int64(entered.offsetMinutes)
    let rows = planned.rows
    try planned.text.withUnsafeBufferPointer { buffer throws in
      guard let base = buffer.baseAddress else { return }
      func bind(_ handle: OpaquePointer, _ index: Int32, _ range: Range<Int>) {
        sqlite3_bind_text(handle, index, base + range.lowerBound, Int32(range.count), nil)
      }
      var first = 0
      while first < rows.count {
        guard let (count, sql) = Self.insertSQL.first(where: { $0.rows <= rows.count - first }) else { break }
        let statement = try db.cachedStatement(sql: sql)
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (place, row) in rows[first..<(first + count)].enumerated() {
          let column = Int32(place * 8)
          bind(handle, column + 1, enteredText)
          sqlite3_bind_int64(handle, column + 2, offset)
          sqlite3_bind_int64(handle, column + 3, Int64(row.day))
          bind(handle, column + 4, row.code)
          bind(handle, column + 5, row.place)
          bind(handle, column + 6, row.old)
          bind(handle, column + 7, row.new)
          sqlite3_bind_int64(handle, column + 8, Int64(row.move))
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard code == SQLITE_DONE else { throw failure(code, db, statement) }
        first += count
        if first % 4096 == 0 || first == rows.count {
          if shouldStop() { throw ImportStopped() }
          progress?(first, rows.count)
        }
      }
    }
  }

  /// Writes a save's planned entries as `insert` does; many of them (`bulkWriteRows` or
  /// more, as a dump's replay saves) with the journal's triggers dropped and their derived
  /// rows written after (`recordDerivedRows`), then the triggers made again, all in the
  /// save's transaction: the triggers' two upserts a row cost more than the row.
  static func insertSaved(_ planned: inout PlannedEntries, entered: EntryTime, _ db: Database) throws {
    guard planned.count >= bulkWriteRows else { return try insert(&planned, entered: entered, db) }
    try dropJournalTriggers(db)
    try insert(&planned, entered: entered, db)
    try recordDerivedRows(db, of: planned)
    try makeJournalTriggers(db)
  }

  static func dropJournalTriggers(_ db: Database) throws {
    for trigger in StoreSchema.journalTriggers {
      try db.execute(sql: "DROP \(trigger.type.uppercased()) IF EXISTS \(trigger.name)")
    }
  }

  static func makeJournalTriggers(_ db: Database) throws {
    for trigger in StoreSchema.journalTriggers { try db.execute(sql: trigger.sql ?? "") }
  }

  /// The derived rows of the entries just written (`planned`, whose ids are the last
  /// `planned.count` given: one writer gives rowids one after the other), which the
  /// insert trigger would have written: of each holding's rows of a month, the last is
  /// its month's end unless a later entry is; of all its rows, the last is its holding's
  /// latest, unless a later entry is. Each run of one holding's rows must go by day, as an
  /// import's (by holding, then day) and a save's (by day) do.
  private static func recordDerivedRows(_ db: Database, of planned: PlannedEntries) throws {
    let firstID = db.lastInsertedRowID - Int64(planned.count) + 1
    let monthEnd = try db.makeStatement(
      sql: """
        INSERT INTO journal_month_end (code, place, month, effective, id, new) VALUES (?1, ?6, ?2, ?3, ?4, ?5)
        ON CONFLICT (code, place, month) DO UPDATE SET effective = excluded.effective, id = excluded.id, new = excluded.new
        WHERE (excluded.effective, excluded.id) > (journal_month_end.effective, journal_month_end.id)
        """)
    let holding = try db.makeStatement(
      sql: """
        INSERT INTO holding (code, place, amount, effective, id) VALUES (?1, ?6, ?5, ?3, ?4)
        ON CONFLICT (code, place) DO UPDATE SET amount = excluded.amount, effective = excluded.effective, id = excluded.id
        WHERE (excluded.effective, excluded.id) > (holding.effective, holding.id)
        """)
    let rows = planned.rows
    try planned.text.withUnsafeBufferPointer { buffer throws in
      guard let base = buffer.baseAddress else { return }
      for (place, row) in rows.enumerated() {
        let next = place + 1 < rows.count ? rows[place + 1] : nil
        // Each holding's rows name its code and place by texts of their own.
        let lastOfHolding = next.map { $0.code != row.code || $0.place != row.place } ?? true
        let lastOfMonth = lastOfHolding || next?.month != row.month
        for (statement, wanted) in [(monthEnd, lastOfMonth), (holding, lastOfHolding)] where wanted {
          let handle = statement.sqliteStatement
          sqlite3_reset(handle)
          sqlite3_bind_text(handle, 1, base + row.code.lowerBound, Int32(row.code.count), nil)
          sqlite3_bind_int64(handle, 2, Int64(row.month))
          sqlite3_bind_int64(handle, 3, Int64(row.day))
          sqlite3_bind_int64(handle, 4, firstID + Int64(place))
          sqlite3_bind_text(handle, 5, base + row.new.lowerBound, Int32(row.new.count), nil)
          sqlite3_bind_text(handle, 6, base + row.place.lowerBound, Int32(row.place.count), nil)
          let code = sqlite3_step(handle)
          sqlite3_reset(handle)
          sqlite3_clear_bindings(handle)
          guard code == SQLITE_DONE else { throw failure(code, db, statement) }
        }
      }
    }
  }

  private static func failure(_ code: Int32, _ db: Database, _ statement: Statement) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
      sql: statement.sql)
  }

  // MARK: - Rates import

  /// Writes a day's rates row, its blob bound straight to SQLite (an import writes 7,000).
  static func writeRateDay(_ statement: Statement, _ db: Database, day: Int, blob: [UInt8]) throws {
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    sqlite3_bind_int64(handle, 1, Int64(day))
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    blob.withUnsafeBytes { bytes in
      _ = sqlite3_bind_blob(handle, 2, bytes.baseAddress, Int32(bytes.count), transient)
    }
    let code = sqlite3_step(handle)
    sqlite3_reset(handle)
    guard code == SQLITE_DONE else { throw failure(code, db, statement) }
  }

  // MARK: - Rollback journal

  /// Runs `body`, a write of many new pages, with SQLite's rollback journal instead of
  /// its write-ahead log when this connection is the only one open on the store, then
  /// goes back to WAL. In WAL mode every page is written three times (into the log, read
  /// back, and into the store at the checkpoint); a rollback journal keeps only the few
  /// pages the write changes. Crash safety is SQLite's in both modes. SQLite leaves WAL
  /// mode only when no other connection has the store open; asking does not wait (the
  /// busy timeout is off for that one question). Not inside an `--atomic` run's
  /// transaction, nor for a store in memory, nor for fewer than `bulkWriteRows` rows.
  func inRollbackJournalWhenAlone<T>(writing rows: Int, _ body: () throws -> T) throws -> T {
    guard rows >= Self.bulkWriteRows, location != .memory, !inRunTransaction,
      setJournalMode("delete", waiting: false)
    else {
      return try body()
    }
    // Should another session hold the store when WAL mode is asked for again (after the
    // busy timeout), the store stays in rollback-journal mode until the next process
    // opens it: every open sets WAL mode.
    defer { _ = setJournalMode("wal", waiting: true) }
    return try body()
  }

  /// Sets the journal mode; true when SQLite says it is now `mode`. Without `waiting`,
  /// a store another connection holds answers at once instead of after the busy timeout.
  private func setJournalMode(_ mode: String, waiting: Bool) -> Bool {
    do {
      return try writer.inDatabase { db in
        let handle = db.sqliteConnection
        if !waiting { sqlite3_busy_timeout(handle, 0) }
        defer { if !waiting { sqlite3_busy_timeout(handle, Int32(Self.busyTimeoutSeconds * 1000)) } }
        // Out of WAL mode the log and shared memory are removed: a `-wal` file left beside
        // a store in rollback-journal mode would make the next connection to open it take
        // WAL mode while the import writes.
        if mode != "wal" { try Self.keepWALFiles(db, false) }
        let isNowMode = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(mode)") == mode
        if mode == "wal" || !isNowMode { try Self.keepWALFiles(db) }
        return isNowMode
      }
    } catch {
      // Busy (another connection holds the store), or read-only: the mode stays.
      return false
    }
  }
}

/// The journal rows an import will write, their texts side by side in one buffer that
/// SQLite reads them from (half a million rows would otherwise be a million Strings, each
/// copied again by SQLite).
struct PlannedEntries {
  struct Row {
    let day: Int
    /// `YYYYMM` of the day.
    let month: Int
    let code: Range<Int>
    /// The place's name; empty for the unnamed place.
    let place: Range<Int>
    let old: Range<Int>
    let new: Range<Int>
    /// `JournalEntry.Move`'s raw value: a balance, or a move's side.
    var move = 0
  }

  var rows: [Row] = []
  private(set) var text: [UInt8] = []

  var count: Int { rows.count }

  init() {}

  /// A save's entries (`add`), in the order given.
  init(_ entries: [Store.JournalRow]) {
    for entry in entries { add(entry) }
  }

  /// Room for `rows` rows of some `textBytes` bytes of text, taken at once.
  mutating func reserve(rows: Int, textBytes: Int) {
    self.rows.reserveCapacity(rows)
    text.reserveCapacity(textBytes)
  }

  mutating func addText(_ string: String) -> Range<Int> {
    let start = text.count
    text.append(contentsOf: string.utf8)
    return start..<text.count
  }

  /// The holding of the last row added, and its code's and place's texts.
  private var lastHolding: (holding: Holding, code: Range<Int>, place: Range<Int>)?

  /// A save's entry: a balance, or a side of a move. A row of the
  /// same holding as the row before names it by the same texts, as `recordDerivedRows`
  /// expects of a holding's run of rows.
  mutating func add(_ row: Store.JournalRow) {
    if lastHolding?.holding != row.holding {
      lastHolding = (row.holding, addText(row.holding.currency.code), addText(row.holding.place.name))
    }
    guard let (_, code, place) = lastHolding else { return }
    rows.append(
      Row(
        day: row.effective.dayNumber, month: Store.month(of: row.effective), code: code, place: place,
        old: addText(row.old), new: addText(row.new), move: row.move.rawValue))
  }

  mutating func addText(_ amount: DecimalValue) -> Range<Int> {
    let start = text.count
    amount.withPlainText { text.append(contentsOf: $0) }
    return start..<text.count
  }
}

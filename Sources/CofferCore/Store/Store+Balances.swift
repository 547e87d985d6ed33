import GRDB
import GRDBSQLite

/// What `holdings import` did.
package struct ImportedBalances: Sendable, Equatable, CustomStringConvertible {
  /// Rows of the file.
  package var read = 0
  /// Journal entries written.
  package var written = 0
  /// Rows the journal already held, for the same currency and day.
  package var alreadyRecorded = 0
  package var currencies = 0
  package var days = 0

  package var description: String {
    "imported \(read) \(read == 1 ? "balance" : "balances") of \(currencies) "
      + "\(currencies == 1 ? "currency" : "currencies") over \(days) \(days == 1 ? "day" : "days") "
      + "(\(written) new; \(alreadyRecorded) already recorded)"
  }
}

extension Store {
  /// Thrown inside an import's transaction when it is asked to stop: it rolls back.
  struct ImportStopped: Error {}

  /// Writes balances for past dates (and today) in one transaction, all of them or, on
  /// any error or a stop, none: each a journal entry effective on its date, replacing the
  /// amount as it stood then (written even when equal to what is carried there: it is a
  /// fact of that day), unless the journal already holds that amount for that currency
  /// and day. A currency's holding becomes its latest balance when nothing later is
  /// recorded. Returns nil when stopped.
  ///
  /// Built for a file of hundreds of thousands of rows: the stored entries the rows fall
  /// among are read once per currency, and the journal rows are bound straight to
  /// prepared statements of many rows each. An import that writes more rows than the
  /// journal holds builds the journal's indexes afresh after writing instead of
  /// updating them row by row: a third of the time, in the same transaction.
  package func importBalances(
    _ balances: [WrittenBalance], today: CalendarDate, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> ImportedBalances? {
    reopenIfItWasReadOnly()
    let now = EntryTime.now()
    // Grouped by currency, each by date: as BalanceFile gives them.
    let inOrder = zip(balances, balances.dropFirst()).allSatisfy { !WrittenBalance.byCurrencyAndDate($1, $0) }
    let rows = inOrder ? balances : balances.sorted(by: WrittenBalance.byCurrencyAndDate)
    var report = ImportedBalances()
    report.read = rows.count
    report.days = Self.distinctDays(rows)
    do {
      try write { db in
        try probeJournal(db, today: today)
        var planned = PlannedEntries()
        var holdings: [(Currency, DecimalValue)] = []
        var first = 0
        while first < rows.count {
          let currency = rows[first].currency
          var end = first
          while end < rows.count && rows[end].isOfTheSameCurrency(as: rows[first]) { end += 1 }
          let group = rows[first..<end]
          report.currencies += 1
          report.alreadyRecorded += try Self.plan(group, among: db, into: &planned)
          if let last = group.last, try !Self.hasEntry(db, of: currency, after: last.date) {
            holdings.append((currency, last.amount))
          }
          if shouldStop() { throw ImportStopped() }
          first = end
        }
        report.written = planned.count
        // Many rows: the indexes and the month ends built after them, not row by row.
        let bulk = try planned.count >= 10_000 && planned.count >= Self.journalRowCount(db)
        if bulk {
          try db.execute(
            sql: "DROP INDEX journal_by_currency; DROP INDEX journal_by_date; DROP TRIGGER journal_month_end_insert")
        }
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -65536")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        try JournalInsert(db, entered: now).insert(&planned, shouldStop: shouldStop, progress: progress)
        if bulk {
          try db.execute(sql: StoreSchema.journalIndexes)
          try Self.recordMonthEnds(db, of: planned)
          try db.execute(sql: JournalMonthEnds.insertTrigger)
        }
        let holding = try db.cachedStatement(
          sql:
            "INSERT INTO holding (code, amount) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET amount = excluded.amount"
        )
        for (currency, amount) in holdings {
          try holding.execute(arguments: [currency.code, amount.description])
          counters.rowsWritten += 1
        }
        if shouldStop() { throw ImportStopped() }
      }
    } catch is ImportStopped {
      return nil
    } catch {
      throw storeError(error)
    }
    if report.written > 0 { counters.saves += 1 }
    return report
  }

  /// Adds to `planned` the entries one currency's rows make, each replacing the amount
  /// carried to its day (the stored entries up to that day first: the row is entered
  /// after them); returns how many rows the journal already held.
  private static func plan(
    _ rows: ArraySlice<WrittenBalance>, among db: Database, into planned: inout PlannedEntries
  ) throws -> Int {
    guard let firstRow = rows.first, let lastRow = rows.last else { return 0 }
    let currency = firstRow.currency
    let stored = try entries(db, of: currency, around: firstRow.date...lastRow.date)
    var alreadyRecorded = 0
    var next = 0
    var carried = DecimalValue.zero
    let code = planned.addText(currency.code)
    // The text of the amount carried: usually the row before's, written once.
    var carriedText: Range<Int>?
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
          PlannedEntries.Row(day: day, month: JournalMonthEnds.month(of: row.date), code: code, old: old, new: new))
        carriedText = new
      }
      carried = row.amount
    }
    return alreadyRecorded
  }

  /// How many days the rows are for: one bit a day between the first and the last.
  private static func distinctDays(_ rows: [WrittenBalance]) -> Int {
    guard let first = rows.lazy.map(\.date.dayNumber).min(), let last = rows.lazy.map(\.date.dayNumber).max() else {
      return 0
    }
    var seen = [Bool](repeating: false, count: last - first + 1)
    var count = 0
    for row in rows where !seen[row.date.dayNumber - first] {
      seen[row.date.dayNumber - first] = true
      count += 1
    }
    return count
  }

  /// The month ends of the rows just written (`planned`, whose ids are the last
  /// `planned.count` given: one writer gives rowids one after the other), which the
  /// insert trigger would have recorded: of each currency's rows of a month, the last.
  private static func recordMonthEnds(_ db: Database, of planned: PlannedEntries) throws {
    let firstID = db.lastInsertedRowID - Int64(planned.count) + 1
    let rows = planned.rows
    for (place, row) in rows.enumerated() {
      let next = place + 1 < rows.count ? rows[place + 1] : nil
      if let next, next.code == row.code, next.month == row.month { continue }
      try JournalMonthEnds.upsert(db, journalRow: firstID + Int64(place), month: row.month)
    }
  }

  private static func journalRowCount(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0
  }

  /// A currency's stored entries within `days`, with the one in effect when it starts,
  /// oldest first (of a day's, in the order entered).
  private static func entries(
    _ db: Database, of currency: Currency, around days: ClosedRange<CalendarDate>
  ) throws -> [(day: Int, amount: DecimalValue)] {
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: JournalBalance.selection + """
           WHERE code = ?1 AND effective <= ?3 AND effective >= coalesce(
            (SELECT max(effective) FROM journal WHERE code = ?1 AND effective < ?2), ?2)
          ORDER BY effective, id
          """),
      arguments: [currency.code, days.lowerBound.dayNumber, days.upperBound.dayNumber])
    var entries: [(day: Int, amount: DecimalValue)] = []
    while let row = try rows.next() {
      let entry = try JournalBalance(checking: row)
      entries.append((entry.effective.dayNumber, entry.new))
    }
    return entries
  }
}

/// The journal rows an import will write, their texts side by side in one buffer that
/// SQLite reads them from (half a million rows would otherwise be a million Strings, each
/// copied again by SQLite).
private struct PlannedEntries {
  struct Row {
    let day: Int
    /// `YYYYMM` of the day (see `JournalMonthEnds`).
    let month: Int
    let code: Range<Int>
    let old: Range<Int>
    let new: Range<Int>
  }

  var rows: [Row] = []
  private(set) var text: [UInt8] = []

  var count: Int { rows.count }

  mutating func addText(_ string: String) -> Range<Int> {
    let start = text.count
    text.append(contentsOf: string.utf8)
    return start..<text.count
  }

  mutating func addText(_ amount: DecimalValue) -> Range<Int> {
    let start = text.count
    amount.withPlainText { text.append(contentsOf: $0) }
    return start..<text.count
  }
}

/// Journal inserts of many rows each, their arguments bound straight to SQLite: an import
/// writes hundreds of thousands of rows, and GRDB's argument handling, or a statement a
/// row, would cost more than the writing.
private struct JournalInsert {
  /// Rows per statement (six arguments each, well under SQLite's limit of 32,766).
  private static let rowsPerStatement = 256
  private let db: Database
  private let entered: EntryTime

  init(_ db: Database, entered: EntryTime) {
    self.db = db
    self.entered = entered
  }

  func insert(_ planned: inout PlannedEntries, shouldStop: () -> Bool, progress: ((Int, Int) -> Void)?) throws {
    func sql(rows: Int) -> String {
      "INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES "
        + repeatElement("(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }
    let full = try db.makeStatement(sql: sql(rows: Self.rowsPerStatement))
    let enteredText = planned.addText(entered.utcText)
    let offset = Int64(entered.offsetMinutes)
    let rows = planned.rows
    // The buffer is not changed while SQLite reads it: bound as static text, not copied.
    try planned.text.withUnsafeBufferPointer { buffer throws in
      let base = buffer.baseAddress!
      func bind(_ handle: OpaquePointer, _ index: Int32, _ range: Range<Int>) {
        sqlite3_bind_text(handle, index, base + range.lowerBound, Int32(range.count), nil)
      }
      var first = 0
      while first < rows.count {
        let count = min(Self.rowsPerStatement, rows.count - first)
        let statement = count == Self.rowsPerStatement ? full : try db.makeStatement(sql: sql(rows: count))
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (place, row) in rows[first..<(first + count)].enumerated() {
          let column = Int32(place * 6)
          bind(handle, column + 1, enteredText)
          sqlite3_bind_int64(handle, column + 2, offset)
          sqlite3_bind_int64(handle, column + 3, Int64(row.day))
          bind(handle, column + 4, row.code)
          bind(handle, column + 5, row.old)
          bind(handle, column + 6, row.new)
        }
        let code = sqlite3_step(handle)
        sqlite3_clear_bindings(handle)
        guard code == SQLITE_DONE else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: statement.sql)
        }
        first += count
        if first % 4096 == 0 || first == rows.count {
          if shouldStop() { throw Store.ImportStopped() }
          progress?(first, rows.count)
        }
      }
    }
  }
}

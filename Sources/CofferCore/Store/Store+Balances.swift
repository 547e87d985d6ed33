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
  /// Built for a file of hundreds of thousands of rows: the rows are grouped by currency
  /// and date, the stored entries they fall among are read once per currency, and the
  /// journal rows are bound straight to one prepared statement.
  package func importBalances(
    _ balances: [WrittenBalance], today: CalendarDate, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> ImportedBalances? {
    reopenIfItWasReadOnly()
    let now = EntryTime.now()
    var report = ImportedBalances()
    report.read = balances.count
    var byCurrency = [[WrittenBalance]](repeating: [], count: Catalog.count)
    var days = Set<Int>()
    for balance in balances {
      byCurrency[balance.currency.index].append(balance)
      days.insert(balance.date.dayNumber)
    }
    report.days = days.count
    report.currencies = byCurrency.lazy.filter { !$0.isEmpty }.count
    do {
      try write { db in
        try probeJournal(db, today: today)
        let journal = try JournalInsert(db, entered: now)
        let holding = try db.cachedStatement(
          sql:
            "INSERT INTO holding (code, amount) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET amount = excluded.amount"
        )
        var done = 0
        for currency in Catalog.all where !byCurrency[currency.index].isEmpty {
          let rows = byCurrency[currency.index].sorted { $0.date < $1.date }
          let stored = try Self.entries(db, of: currency, around: rows[0].date...rows[rows.count - 1].date)
          var next = 0
          var carried = DecimalValue.zero
          for row in rows {
            // The stored entries up to this row's day come first: the row is entered after.
            var onDay: DecimalValue?
            while next < stored.count && stored[next].day <= row.date.dayNumber {
              carried = stored[next].amount
              if stored[next].day == row.date.dayNumber { onDay = stored[next].amount }
              next += 1
            }
            if onDay == row.amount {
              report.alreadyRecorded += 1
            } else {
              try journal.insert(currency: currency, day: row.date.dayNumber, old: carried, new: row.amount)
              report.written += 1
            }
            carried = row.amount
            done += 1
            if done % 4096 == 0 {
              if shouldStop() { throw ImportStopped() }
              progress?(done, balances.count)
            }
          }
          if let last = rows.last, try !Self.hasEntry(db, of: currency, after: last.date) {
            try holding.execute(arguments: [currency.code, last.amount.description])
            counters.rowsWritten += 1
          }
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

  /// A currency's stored entries within `days`, with the one in effect when it starts,
  /// oldest first (of a day's, in the order entered).
  private static func entries(
    _ db: Database, of currency: Currency, around days: ClosedRange<CalendarDate>
  ) throws -> [(day: Int, amount: DecimalValue)] {
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: JournalEntry.selection + """
           WHERE code = ?1 AND effective <= ?3 AND effective >= coalesce(
            (SELECT max(effective) FROM journal WHERE code = ?1 AND effective < ?2), ?2)
          ORDER BY effective, id
          """),
      arguments: [currency.code, days.lowerBound.dayNumber, days.upperBound.dayNumber])
    var entries: [(day: Int, amount: DecimalValue)] = []
    while let row = try rows.next() {
      let entry = try JournalEntry(checking: row)
      entries.append((entry.effective.dayNumber, entry.new))
    }
    return entries
  }
}

/// One prepared journal insert, its arguments bound straight to SQLite: an import writes
/// hundreds of thousands of rows, and GRDB's argument handling would cost more than the
/// writing.
private struct JournalInsert {
  private let statement: Statement
  private let db: Database
  private let entered: String
  private let offset: Int64

  init(_ db: Database, entered: EntryTime) throws {
    self.db = db
    statement = try db.cachedStatement(
      sql: "INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES (?, ?, ?, ?, ?, ?)")
    self.entered = entered.utcText
    offset = Int64(entered.offsetMinutes)
  }

  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  func insert(currency: Currency, day: Int, old: DecimalValue, new: DecimalValue) throws {
    let handle = statement.sqliteStatement
    sqlite3_reset(handle)
    sqlite3_bind_text(handle, 1, entered, -1, Self.transient)
    sqlite3_bind_int64(handle, 2, offset)
    sqlite3_bind_int64(handle, 3, Int64(day))
    sqlite3_bind_text(handle, 4, currency.code, -1, Self.transient)
    sqlite3_bind_text(handle, 5, old.description, -1, Self.transient)
    sqlite3_bind_text(handle, 6, new.description, -1, Self.transient)
    let code = sqlite3_step(handle)
    guard code == SQLITE_DONE else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
        sql: statement.sql)
    }
  }
}

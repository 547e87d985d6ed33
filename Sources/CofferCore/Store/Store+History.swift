import GRDB
import GRDBSQLite

/// A currency's balance as the journal holds it on a day: the amount, and the effective
/// date of the entry it comes from.
package struct HeldBalance: Sendable, Equatable {
  package let amount: DecimalValue
  package let since: CalendarDate

  package init(amount: DecimalValue, since: CalendarDate) {
    self.amount = amount
    self.since = since
  }
}

/// The journal read as the history of the holdings (SPEC §8): the amount of C on D is the
/// new amount of C's entry with the latest effective date on or before D, the one entered
/// last among a day's. Every read here is index seeks of `journal_by_currency (code,
/// effective, id)`, never a scan; each row read is checked, and the journal is probed
/// first for rows a seek could not meet (`JournalProbe`).
extension Store {
  /// The day of entries that stand for "held since before any date": what a store made
  /// before effective dates held with no entry of its own (see `StoreSchema`'s v5).
  package static let openingDay = CalendarDate.first

  /// The balance of each of `currencies` on each of `days` (missing where it has no entry
  /// on or before the day), in one read transaction (see `balanceTable`).
  package func balances(
    of currencies: [Currency], on days: [CalendarDate], today: CalendarDate
  ) throws(StoreError) -> [[Currency: HeldBalance]] {
    try balanceTable(of: currencies, on: days, today: today).map { found in
      var balances = [Currency: HeldBalance](minimumCapacity: currencies.count)
      for currency in currencies {
        if let balance = found[currency.index] { balances[currency] = balance }
      }
      return balances
    }
  }

  /// The balance of each of `currencies` on each of `days`, in one read transaction: per
  /// day, an array by catalog index, nil where the currency has no entry on or before the
  /// day (and for every currency not asked about). See `readBalances`.
  package func balanceTable(
    of currencies: [Currency], on days: [CalendarDate], today: CalendarDate
  ) throws(StoreError) -> [[HeldBalance?]] {
    var table = [[HeldBalance?]](
      repeating: [HeldBalance?](repeating: nil, count: Catalog.count), count: days.count)
    try readBalances(of: currencies, on: days, today: today) { place, currency, balance in
      table[place][currency.index] = balance
    }
    return table
  }

  /// The amounts alone of `balanceTable`, zero where there is no entry: all a series needs
  /// when no unsaved balance of a past date is to be put in (half the memory, which a
  /// process faults in page by page).
  package func amountTable(
    of currencies: [Currency], on days: [CalendarDate], today: CalendarDate
  ) throws(StoreError) -> [[DecimalValue]] {
    var table = [[DecimalValue]](
      repeating: [DecimalValue](repeating: .zero, count: Catalog.count), count: days.count)
    try readBalances(of: currencies, on: days, today: today) { place, currency, balance in
      table[place][currency.index] = balance.amount
    }
    return table
  }

  /// Reads the balance of each of `currencies` on each of `days` in one read transaction,
  /// handing each one found to `found` with the place of its day in `days`. Of a series
  /// of month ends (two or more), a scan per currency of the month ends the journal keeps
  /// (`JournalMonthEnds`); of any other day, a seek per currency (see `seekBalances`).
  private func readBalances(
    of currencies: [Currency], on days: [CalendarDate], today: CalendarDate,
    _ found: (Int, Currency, HeldBalance) -> Void
  ) throws(StoreError) {
    guard !currencies.isEmpty, !days.isEmpty else { return }
    do {
      _ = try readInOneTransaction { db in
        try withPageCache(db, of: 16) {
          counters.dbReads += 1
          // The journal is probed for rows a seek of a currency's entries cannot see
          // before any such seek. A series the month cache answers alone needs only the
          // ends of the probe: a row whose code or day no month can be found for (a date
          // as text, a blob) marks no month stale, and is at an end of an index; text
          // between two codes marks its month, which a read of that month seeks.
          try probeJournal(db, today: today, gaps: false)
          let probe = { try self.probeJournal(db, today: today) }
          // The month ends, oldest first, each with the place of its day in `days`.
          var monthEnds = days.indices.filter { days[$0].isLastOfMonth }.sorted { days[$0] < days[$1] }
          if monthEnds.count < 2 { monthEnds = [] }
          if let firstDate = monthEnds.first.map({ days[$0] }), let lastDate = monthEnds.last.map({ days[$0] }) {
            let months = monthEnds.map { JournalMonthEnds.month(of: days[$0]) }
            // Every currency's month ends of a month in one row, when the rows can answer;
            // else each currency's month ends, a row each.
            let cached = try JournalMonthCache.read(
              db, of: currencies, monthEnds: Array(zip(monthEnds, months)),
              seek: { currencies, days in
                try probe()
                return try seekBalances(db, of: currencies, on: days)
              }, found: found)
            if !cached {
              try probe()
              let statement = try JournalMonthEnds.rowsStatement(db)
              for currency in currencies {
                let rows = try JournalMonthEnds.rows(db, statement, of: currency, from: firstDate, through: lastDate)
                // Both oldest first: each month end's balance is that of the last row of
                // its month or before, found walking the two together.
                var next = 0
                for (place, month) in zip(monthEnds, months) {
                  while next < rows.count && rows[next].month <= month { next += 1 }
                  if next > 0 { found(place, currency, rows[next - 1].balance) }
                }
              }
            }
          }
          var isMonthEnd = [Bool](repeating: false, count: days.count)
          for place in monthEnds { isMonthEnd[place] = true }
          let others = days.indices.filter { !isMonthEnd[$0] }
          if !others.isEmpty { try probe() }
          for balance in try seekBalances(db, of: currencies, on: others.map { days[$0] }) {
            found(others[balance.place], balance.currency, balance.balance)
          }
          return true
        }
      }
    } catch {
      throw storeError(error)
    }
  }

  /// A seek per currency and day, through one prepared statement whose rows are read
  /// straight from SQLite; a row that does not read as Coffer writes one is read again,
  /// through `JournalBalance`, to name its damage. Each balance there is, with the place
  /// of its day in `days`.
  private func seekBalances(
    _ db: Database, of currencies: [Currency], on days: [CalendarDate]
  ) throws -> [(place: Int, currency: Currency, balance: HeldBalance)] {
    var found: [(place: Int, currency: Currency, balance: HeldBalance)] = []
    guard !days.isEmpty else { return found }
    let sql = JournalBalance.selection + " WHERE code = ? AND effective <= ? ORDER BY effective DESC, id DESC LIMIT 1"
    let statement = try db.cachedStatement(sql: sql)
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    for currency in currencies {
      sqlite3_reset(handle)
      sqlite3_bind_text(handle, 1, currency.code, -1, sqliteTransient)
      for (place, day) in days.enumerated() {
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 2, Int64(day.dayNumber))
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { continue }
        guard code == SQLITE_ROW else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: sql)
        }
        if let balance = Self.heldBalance(handle) {
          found.append((place, currency, balance))
        } else {
          // Read again, the slow way, for the damage to be named.
          sqlite3_reset(handle)
          // A cursor's row, not a copy: a copy reads text only up to a NUL byte in it.
          let rows = try Row.fetchCursor(statement, arguments: [currency.code, day.dayNumber])
          if let row = try rows.next() {
            let entry = try JournalBalance(checking: row)
            found.append((place, currency, HeldBalance(amount: entry.new, since: entry.effective)))
          }
        }
      }
    }
    return found
  }

  /// The balance in the row `handle` is on (of `JournalBalance.selection`), when every
  /// column reads as Coffer writes it; nil for anything else.
  private static func heldBalance(_ handle: OpaquePointer) -> HeldBalance? {
    guard sqlite3_column_type(handle, 1) == SQLITE_INTEGER,
      let since = CalendarDate(dayNumber: Int(sqlite3_column_int64(handle, 1))),
      sqlite3_column_type(handle, 2) == SQLITE_TEXT, sqlite3_column_type(handle, 3) == SQLITE_TEXT,
      let codeText = sqlite3_column_text(handle, 2), let newText = sqlite3_column_text(handle, 3)
    else { return nil }
    let code = UnsafeBufferPointer(start: codeText, count: Int(sqlite3_column_bytes(handle, 2)))
    guard code.count == 3, let currency = Catalog.currency(letters: code[0], code[1], code[2]),
      currency.code.utf8.elementsEqual(code),
      let amount = DecimalValue(
        storedBytes: UnsafeBufferPointer(start: newText, count: Int(sqlite3_column_bytes(handle, 3)))),
      AmountRules.problem(with: amount, for: currency) == nil
    else { return nil }
    return HeldBalance(amount: amount, since: since)
  }

  /// Whether the journal holds an entry of `currency` effective after `date`: whether a
  /// balance written down for `date` is also the current amount.
  package func hasEntry(of currency: Currency, after date: CalendarDate, today: CalendarDate) throws(StoreError)
    -> Bool
  {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        try probeJournal(db, today: today)
        return try Self.hasEntry(db, of: currency, after: date)
      }
    } catch {
      throw storeError(error)
    }
  }

  /// Which of `currencies` have an entry effective after `date`: one statement, a seek a
  /// currency.
  package func currencies(
    _ currencies: [Currency], withEntriesAfter date: CalendarDate, today: CalendarDate
  ) throws(StoreError) -> Set<Currency> {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        try probeJournal(db, today: today)
        let codes = "[" + currencies.map { "\"\($0.code)\"" }.joined(separator: ",") + "]"
        let found = try String.fetchAll(
          db.cachedStatement(
            sql: """
              SELECT currency.value FROM json_each(?1) AS currency
              WHERE EXISTS (SELECT 1 FROM journal WHERE code = currency.value AND effective > ?2)
              """),
          arguments: [codes, date.dayNumber])
        return Set(found.compactMap { Catalog.currency($0) })
      }
    } catch {
      throw storeError(error)
    }
  }

  static func hasEntry(_ db: Database, of currency: Currency, after date: CalendarDate) throws -> Bool {
    try Bool.fetchOne(
      db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM journal WHERE code = ? AND effective > ?)"),
      arguments: [currency.code, date.dayNumber]) ?? false
  }

  /// The amount of `currency` on `date` inside a write: what a balance written down for
  /// that date replaces.
  static func balance(_ db: Database, of currency: Currency, on date: CalendarDate) throws -> DecimalValue {
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: JournalBalance.selection
          + " WHERE code = ? AND effective <= ? ORDER BY effective DESC, id DESC LIMIT 1"),
      arguments: [currency.code, date.dayNumber])
    guard let row = try rows.next() else { return .zero }
    return try JournalBalance(checking: row).new
  }

  /// The amount of the entry of `currency` effective on `date` itself (the last entered of
  /// that day), inside a write; nil when there is none. What two sessions writing the same
  /// currency and date conflict over.
  static func entryAmount(_ db: Database, of currency: Currency, exactlyOn date: CalendarDate) throws -> DecimalValue? {
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: JournalBalance.selection + " WHERE code = ? AND effective = ? ORDER BY id DESC LIMIT 1"),
      arguments: [currency.code, date.dayNumber])
    guard let row = try rows.next() else { return nil }
    return try JournalBalance(checking: row).new
  }

  /// Entries by effective date, newest first (among a day's, the last entered first),
  /// optionally of one currency and within `from...to`; at most `limit` of them.
  package func entries(
    of currency: Currency?, from: CalendarDate?, to: CalendarDate?, limit: Int?, today: CalendarDate
  ) throws(StoreError) -> [JournalEntry] {
    var conditions: [String] = []
    var arguments: StatementArguments = []
    if let currency {
      conditions.append("code = ?")
      _ = arguments.append(contentsOf: [currency.code])
    }
    if let from {
      conditions.append("effective >= ?")
      _ = arguments.append(contentsOf: [from.dayNumber])
    }
    if let to {
      conditions.append("effective <= ?")
      _ = arguments.append(contentsOf: [to.dayNumber])
    }
    var sql = JournalEntry.selection
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql += " ORDER BY effective DESC, id DESC"
    if let limit {
      sql += " LIMIT ?"
      _ = arguments.append(contentsOf: [limit])
    }
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        try probeJournal(db, today: today)
        return try JournalEntry.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
      }
    } catch {
      throw storeError(error)
    }
  }

  /// The earliest effective date of an entry that is not an opening one: where the
  /// history a person wrote down starts.
  package func firstEffectiveDate(today: CalendarDate) throws(StoreError) -> CalendarDate? {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 1
        try probeJournal(db, today: today)
        let day = try Int.fetchOne(
          db.cachedStatement(sql: "SELECT min(effective) FROM journal WHERE effective > ?"),
          arguments: [Self.openingDay.dayNumber])
        return day.flatMap { CalendarDate(dayNumber: $0) }
      }
    } catch {
      throw storeError(error)
    }
  }
}

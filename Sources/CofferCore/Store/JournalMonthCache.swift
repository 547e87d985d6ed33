import GRDB
import GRDBSQLite

/// Every currency's month end of one month, in one row: what a series of month ends
/// (`total by month` over ten years: 120 months of up to 42 currencies) reads instead of
/// each currency's month ends one row at a time (`JournalMonthEnds`): 120 rows instead of
/// 4,920, where SQLite spends some 1,100 instructions on each row it hands over.
///
/// A cache that Coffer writes and SQLite marks stale. A row holds, for its month, the last
/// entry of the month of each currency that has one, as the journal had them when Coffer
/// built the row (`build`), with a checksum. The journal's triggers, which every write
/// through SQLite runs (Coffer's or any other program's), set the `balances` of the month
/// of any entry written, changed or removed to NULL: stale (`markStaleSQL`). At the end of
/// each of its own writes Coffer builds again the stale rows of months before the
/// current one (`repair`); the current month's row stays stale while its entries change by
/// the day (a save marks it, and builds nothing), and is built by the first write once the
/// month is past. A row that holds balances is therefore the journal's month as it stands.
///
/// A read takes from a row only what it can tell is sound. A row whose checksum fails, or
/// whose key is not a month, sends the whole read to the month ends one row at a time,
/// which name any damage they meet; so do more than `mostMonthsSought` months to seek. A
/// stale month, and a month with no row though the journal has entries in it (a row
/// deleted), are read from the journal itself, a seek per currency. A row whose checksum
/// holds over entries no Coffer writes fails the read, naming the row. `check` compares
/// every row that holds balances with the journal.
enum JournalMonthCache {
  typealias MonthDays = JournalMonthEnds.MonthDays

  static let tableName = "journal_month_cache"

  /// `IF NOT EXISTS`: the table is made by the migration of schema 5 as well, whose
  /// triggers (today's) write into it (see `JournalMonthEnds.createSQL`).
  static let createTableSQL =
    "CREATE TABLE IF NOT EXISTS journal_month_cache (month INTEGER PRIMARY KEY, balances BLOB);"

  /// The statement of the journal's triggers that marks the month of `day` (a day number
  /// within the calendar) stale. Short, as SQLite parses it at every open: the month is
  /// `YYYYMM` as text, which the integer key takes as the number.
  static func markStaleSQL(day: String) -> String {
    "INSERT INTO journal_month_cache VALUES (strftime('%Y%m', \(day) + 2440587.5), NULL) "
      + "ON CONFLICT DO UPDATE SET balances = NULL WHERE balances NOT NULL;"
  }

  /// A month's entry: the last of the month of one currency.
  struct Entry: Equatable {
    let currency: Currency
    /// The entry's day of the month.
    let day: Int
    let amount: DecimalValue
  }

  // MARK: - The row's bytes

  /// Format 1: this byte; a count of entries; each entry's code (three bytes), its day of
  /// the month (one byte), its amount (a byte of sign and scale, then the magnitude as a
  /// varint); then the CRC-32 of the month (eight bytes, little-endian) and all the bytes
  /// before it, little-endian.
  static let format: UInt8 = 1

  static func encode(_ entries: [Entry], month: Int) -> [UInt8] {
    var bytes: [UInt8] = [format, UInt8(entries.count)]
    bytes.reserveCapacity(6 + entries.count * 24)
    for entry in entries {
      bytes.append(contentsOf: entry.currency.code.utf8)
      bytes.append(UInt8(entry.day))
      bytes.append(UInt8(entry.amount.scale) | (entry.amount.isNegative ? 0x80 : 0))
      var magnitude = entry.amount.magnitude
      while magnitude >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: magnitude) | 0x80)
        magnitude >>= 7
      }
      bytes.append(UInt8(magnitude))
    }
    let crc = bytes.withUnsafeBytes { checksum(month: month, $0) }
    withUnsafeBytes(of: crc.littleEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  private static func checksum(month: Int, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    withUnsafeBytes(of: Int64(month).littleEndian) { monthBytes in CRC32.checksum(monthBytes, bytes) }
  }

  /// Whether `blob` is a row of format 1 whose checksum holds for `month`.
  static func isSound(_ blob: UnsafeRawBufferPointer, month: Int) -> Bool {
    guard blob.count >= 6, blob[0] == format else { return false }
    let body = UnsafeRawBufferPointer(rebasing: blob[..<(blob.count - 4)])
    var stored: UInt32 = 0
    for place in 0..<4 { stored |= UInt32(blob[blob.count - 4 + place]) << (8 * place) }
    return checksum(month: month, body) == stored
  }

  /// The entries of a sound row (see `isSound`), each as it must be: a catalog code spelt
  /// as the catalog spells it, once; a day of `days`' month; an amount its currency
  /// allows. nil for a row that holds anything else: written by no Coffer.
  static func decode(_ blob: UnsafeRawBufferPointer, of days: MonthDays, _ each: (Currency, HeldBalance) -> Void)
    -> Bool
  {
    var reader = Reader(bytes: UnsafeRawBufferPointer(rebasing: blob[..<(blob.count - 4)]), offset: 1)
    guard let count = reader.byte(), Int(count) <= Catalog.count else { return false }
    var seen: UInt64 = 0
    for _ in 0..<count {
      // The catalog spells its codes in capitals; `currency(letters:)` reads any case.
      guard let a = reader.capital(), let b = reader.capital(), let c = reader.capital(),
        let currency = Catalog.currency(letters: a, b, c),
        seen & (1 << UInt64(currency.index)) == 0,
        let day = reader.byte(), let since = days.date(days.first + Int(day) - 1),
        let amount = reader.decimal(), AmountRules.problem(with: amount, for: currency) == nil
      else { return false }
      seen |= 1 << UInt64(currency.index)
      each(currency, HeldBalance(amount: amount, since: since))
    }
    return reader.offset == reader.bytes.count
  }

  /// Reads a row's bytes front to back; every read is bounds-checked.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    /// A byte that is a capital letter, A to Z.
    mutating func capital() -> UInt8? {
      guard let letter = byte(), letter >= 65 && letter <= 90 else { return nil }
      return letter
    }

    /// A varint. Nearly every amount's digits fit 64 bits, where shifting is much cheaper.
    mutating func magnitude() -> UInt128? {
      var small: UInt64 = 0
      var shift: UInt64 = 0
      while shift < 63 {
        guard let next = byte() else { return nil }
        small |= UInt64(next & 0x7F) << shift
        if next & 0x80 == 0 { return UInt128(small) }
        shift += 7
      }
      var value = UInt128(small)
      var wideShift = UInt128(shift)
      while true {
        guard let next = byte(), wideShift < 128 else { return nil }
        value |= UInt128(next & 0x7F) << wideShift
        if next & 0x80 == 0 { return value }
        wideShift += 7
      }
    }

    /// A byte of sign and scale, then the magnitude: a decimal in range, or nil.
    mutating func decimal() -> DecimalValue? {
      guard let signAndScale = byte(), let magnitude = magnitude() else { return nil }
      let scale = Int(signAndScale & 0x7F)
      guard scale <= DecimalValue.maxScale, magnitude <= DecimalValue.maxCoefficient else { return nil }
      return DecimalValue(
        uncheckedCoefficient: signAndScale & 0x80 == 0 ? Int128(magnitude) : -Int128(magnitude), scale: scale)
    }
  }

  // MARK: - Building

  /// The month's entries as the journal has them: of each catalog currency, its latest
  /// entry on or before the month's last day, when that entry is of the month. A seek of
  /// the journal's currency index each. nil when a row met is not as Coffer writes one:
  /// the month is then left stale, for the reads that meet the row to name it.
  static func entries(_ db: Database, of days: MonthDays) throws -> [Entry]? {
    let statement = try db.cachedStatement(
      sql:
        "SELECT effective, new FROM journal WHERE code = ?1 AND effective <= ?2 ORDER BY effective DESC, id DESC LIMIT 1"
    )
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    var entries: [Entry] = []
    for currency in Catalog.all {
      sqlite3_reset(handle)
      sqlite3_bind_text(handle, 1, currency.code, -1, sqliteTransient)
      sqlite3_bind_int64(handle, 2, Int64(days.last))
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { continue }
      guard code == SQLITE_ROW else {
        throw statement.failure(handle, code)
      }
      guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER else { return nil }
      let day = Int(sqlite3_column_int64(handle, 0))
      // The latest entry is of an earlier month: none of this one.
      if day < days.first { continue }
      guard sqlite3_column_type(handle, 1) == SQLITE_TEXT, let text = sqlite3_column_text(handle, 1),
        let amount = DecimalValue(
          storedBytes: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, 1)))),
        AmountRules.problem(with: amount, for: currency) == nil
      else { return nil }
      entries.append(Entry(currency: currency, day: day - days.first + 1, amount: amount))
    }
    return entries
  }

  /// Builds the rows of `months` (`YYYYMM`) from the journal. A month whose entries
  /// cannot be read, or a number that is not a month, is marked stale instead.
  static func build(_ db: Database, months: some Sequence<Int>) throws {
    let write = try db.cachedStatement(
      sql: "INSERT INTO journal_month_cache VALUES (?1, ?2) ON CONFLICT DO UPDATE SET balances = excluded.balances")
    let handle = write.sqliteStatement
    defer { sqlite3_reset(handle) }
    for month in months {
      let bytes = try MonthDays(month).flatMap { try entries(db, of: $0) }.map { encode($0, month: month) }
      sqlite3_reset(handle)
      sqlite3_bind_int64(handle, 1, Int64(month))
      // A month that cannot be built stays stale (NULL).
      if let bytes {
        bytes.withUnsafeBytes { blob in
          _ = sqlite3_bind_blob(handle, 2, blob.baseAddress, Int32(blob.count), sqliteTransient)
        }
      } else {
        sqlite3_bind_null(handle, 2)
      }
      let code = sqlite3_step(handle)
      guard code == SQLITE_DONE else {
        throw write.failure(handle, code)
      }
    }
  }

  /// Marks `months` stale: what the triggers do, for an import that writes its journal
  /// rows with the insert trigger dropped.
  static func markStale(_ db: Database, months: some Sequence<Int>) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT INTO journal_month_cache VALUES (?, NULL) ON CONFLICT DO UPDATE SET balances = NULL")
    for month in months { try statement.execute(arguments: [month]) }
  }

  /// Builds again every stale row of a month before `currentMonth`: at the end of each of
  /// Coffer's writes, in its transaction. A scan of the table (a row a month); nothing
  /// more when no past month is stale, as after the writes of a day.
  ///
  /// Nothing is built while the journal holds a row that a seek of a currency's entries
  /// cannot see (`JournalProbe`), which every read names.
  static func repair(_ db: Database, today: CalendarDate) throws {
    // Read straight from SQLite: a save of the sheet asks every time, and finds none.
    let stale = try db.cachedStatement(
      sql: "SELECT month FROM journal_month_cache WHERE balances IS NULL AND month < ?")
    let handle = stale.sqliteStatement
    sqlite3_reset(handle)
    defer { sqlite3_reset(handle) }
    sqlite3_bind_int64(handle, 1, Int64(JournalMonthEnds.month(of: today)))
    var months: [Int] = []
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw stale.failure(handle, code)
      }
      months.append(Int(sqlite3_column_int64(handle, 0)))
    }
    sqlite3_reset(handle)
    guard !months.isEmpty, try JournalProbe.damage(db, today: today) == nil else { return }
    try build(db, months: months)
  }

  /// Builds a row for every month the month ends know: the migration to schema 8. With
  /// no day for today, entries dated ahead of the clock are not looked for.
  static func buildAll(_ db: Database) throws {
    guard try JournalProbe.damage(db, today: CalendarDate.last) == nil else { return }
    let months = try Int.fetchAll(
      db, sql: "SELECT DISTINCT month FROM journal_month_end WHERE typeof(month) = 'integer' ORDER BY month")
    try build(db, months: months)
  }

  // MARK: - Reads

  /// The most months a read seeks currency by currency (stale ones, or ones whose row is
  /// gone while the journal has entries in them) before it leaves the whole series to
  /// `JournalMonthEnds`, which reads a row per currency and month: about as much.
  static let mostMonthsSought = 12

  /// A month of a read: its days, what its row holds, and whether it is read from the
  /// journal instead.
  private struct ReadMonth {
    let days: MonthDays
    /// Whether it has a row, and whether that row holds balances (sound ones: checked).
    var hasRow = false
    var built = false
    var sought = false
  }

  /// Hands `found` the balance of each of `currencies` at each of `monthEnds` (each with
  /// its place among the series' dates, oldest first, one a month at most), from the rows
  /// of their months and of the months between. `seek` reads balances from the journal,
  /// a seek per currency and day. False when the rows cannot answer (damaged, or too many
  /// months to seek): nothing was handed to `found` then. Throws the damage of a row
  /// whose checksum holds but whose entries no Coffer would write.
  ///
  /// The rows are stepped through twice, inside the caller's transaction: once to check
  /// them, once to read them. Copied out of SQLite instead, ten years' rows were 55 kB of
  /// memory to fault in, which cost more than the second pass.
  static func read(
    _ db: Database, of currencies: [Currency], monthEnds: [(place: Int, month: Int)],
    seek: (_ currencies: [Currency], _ days: [CalendarDate]) throws -> [(
      place: Int, currency: Currency, balance: HeldBalance
    )],
    found: (Int, Currency, HeldBalance) -> Void
  ) throws -> Bool {
    guard let first = monthEnds.first?.month, let last = monthEnds.last?.month, var days = MonthDays(first),
      MonthDays(last) != nil
    else { return false }
    // Every month from the first to the last.
    var months: [ReadMonth] = []
    months.reserveCapacity(min(1 + (last / 100 - first / 100) * 12 + last % 100 - first % 100, 120_000))
    while true {
      months.append(ReadMonth(days: days))
      guard days.month < last, let next = days.next else { break }
      days = next
    }
    let rows = try Rows(db, from: first, through: last)
    defer { rows.finish() }
    // First pass: which months have rows, and whether each row's key and checksum hold.
    var place = 0
    while let month = try rows.next() {
      while place < months.count && months[place].days.month < month { place += 1 }
      // The key is the rowid: always an integer. One that is not a month (a 13th) fails.
      guard place < months.count, months[place].days.month == month else { return false }
      months[place].hasRow = true
      switch rows.balances {
      case .stale: continue
      case .blob(let blob):
        guard isSound(blob, month: month) else { return false }
        months[place].built = true
      case .other: return false
      }
    }
    // A month with no row holds no entry, unless its row was deleted: a run of such months
    // is one seek of the journal's day index.
    try markSoughtWhereTheJournalHasEntries(db, &months)
    let sought = months.indices.filter { months[$0].sought }
    guard sought.count <= mostMonthsSought else { return false }
    // Each sought month's balances, by its place among the months.
    var soughtBalances = [[HeldBalance?]](repeating: [], count: months.count)
    if !sought.isEmpty {
      for index in sought { soughtBalances[index] = [HeldBalance?](repeating: nil, count: Catalog.count) }
      for balance in try seek(currencies, sought.map { months[$0].days.lastDate }) {
        soughtBalances[sought[balance.place]][balance.currency.index] = balance.balance
      }
    }
    // Second pass, the walk: each month's entries over the balances carried from the
    // month before.
    try rows.restart()
    var current = [HeldBalance?](repeating: nil, count: Catalog.count)
    var nextEnd = 0
    for (index, month) in months.enumerated() {
      if month.sought {
        current = soughtBalances[index]
      } else {
        var present: UInt64 = 0
        if month.built {
          // The row is the next that holds balances.
          var blob: UnsafeRawBufferPointer?
          while blob == nil, let key = try rows.next(), key <= month.days.month {
            if key == month.days.month, case .blob(let bytes) = rows.balances { blob = bytes }
          }
          guard let blob else { return false }
          let sound = decode(blob, of: month.days) { currency, balance in
            current[currency.index] = balance
            present |= 1 << UInt64(currency.index)
          }
          guard sound else {
            throw StoreDamage(
              table: tableName, row: nil, key: "month \(JournalMonthEnds.monthText(month.days.month))",
              problem: "holds entries no Coffer writes (a table derived from the journal)")
          }
        }
        // Before the first month: the balances then, of the currencies it has no entry of.
        if index == 0 {
          let carried = currencies.filter { present & (1 << UInt64($0.index)) == 0 }
          if !carried.isEmpty {
            for balance in try seek(carried, [month.days.lastDate]) {
              current[balance.currency.index] = balance.balance
            }
          }
        }
      }
      while nextEnd < monthEnds.count && monthEnds[nextEnd].month == month.days.month {
        for place in currencies.indices {
          if let balance = current[currencies[place].index] {
            found(monthEnds[nextEnd].place, currencies[place], balance)
          }
        }
        nextEnd += 1
      }
    }
    return true
  }

  /// The rows of the months `first...last`, oldest first, straight from SQLite: each row's
  /// month, and its balances while the row is the current one.
  private final class Rows {
    enum Balances {
      case stale
      case blob(UnsafeRawBufferPointer)
      case other
    }

    let statement: Statement
    let handle: OpaquePointer
    let first: Int
    let last: Int

    init(_ db: Database, from first: Int, through last: Int) throws {
      statement = try db.cachedStatement(
        sql: "SELECT month, balances FROM journal_month_cache WHERE month BETWEEN ?1 AND ?2 ORDER BY month")
      handle = statement.sqliteStatement
      self.first = first
      self.last = last
      try restart()
    }

    func restart() throws {
      sqlite3_reset(handle)
      sqlite3_bind_int64(handle, 1, Int64(first))
      sqlite3_bind_int64(handle, 2, Int64(last))
    }

    func finish() { sqlite3_reset(handle) }

    /// The next row's month; nil after the last.
    func next() throws -> Int? {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return nil }
      guard code == SQLITE_ROW else {
        throw statement.failure(handle, code)
      }
      return Int(sqlite3_column_int64(handle, 0))
    }

    /// The current row's balances: valid until the next step.
    var balances: Balances {
      switch sqlite3_column_type(handle, 1) {
      case SQLITE_NULL: .stale
      case SQLITE_BLOB:
        .blob(
          UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, 1), count: Int(sqlite3_column_bytes(handle, 1))))
      default: .other
      }
    }
  }

  /// Marks as sought the stale months, and the months with no row where the journal has
  /// an entry: each run of months with no row, one seek of the journal's day index.
  private static func markSoughtWhereTheJournalHasEntries(_ db: Database, _ months: inout [ReadMonth]) throws {
    var any: Statement?
    var start = 0
    while start < months.count {
      if months[start].hasRow {
        if !months[start].built { months[start].sought = true }
        start += 1
        continue
      }
      var end = start
      while end + 1 < months.count && !months[end + 1].hasRow { end += 1 }
      if any == nil {
        any = try db.cachedStatement(sql: "SELECT 1 FROM journal WHERE effective BETWEEN ?1 AND ?2 LIMIT 1")
      }
      if let any, try Bool.fetchOne(any, arguments: [months[start].days.first, months[end].days.last]) ?? false {
        for index in start...end { months[index].sought = true }
      }
      start = end + 1
    }
  }

  // MARK: - Check

  /// Every row that is not the journal's month as it stands: a key that is not a month,
  /// balances that cannot be read, entries other than the journal's. Stale rows say
  /// nothing and are passed over, as are months whose journal rows are damaged (named as
  /// the journal's). At most `limit`.
  static func disagreements(_ db: Database, limit: Int = 20) throws -> [StoreDamage] {
    var found: [StoreDamage] = []
    let statement = try db.makeStatement(sql: "SELECT month, balances FROM journal_month_cache ORDER BY month")
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    while found.count < limit {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw statement.failure(handle, code)
      }
      // The key is the rowid: always an integer.
      let month = Int(sqlite3_column_int64(handle, 0))
      func damage(_ problem: String) -> StoreDamage {
        StoreDamage(
          table: tableName, row: nil, key: "month \(JournalMonthEnds.monthText(month))",
          problem: problem + " (a table derived from the journal)")
      }
      guard let days = MonthDays(month) else {
        found.append(damage("month \(month) is not a month from 0001-01 to 9999-12"))
        continue
      }
      let type = sqlite3_column_type(handle, 1)
      if type == SQLITE_NULL { continue }
      guard type == SQLITE_BLOB else {
        found.append(damage("balances are not a blob"))
        continue
      }
      let blob = UnsafeRawBufferPointer(
        start: sqlite3_column_blob(handle, 1), count: Int(sqlite3_column_bytes(handle, 1)))
      var stored: [Entry] = []
      let readable =
        isSound(blob, month: month)
        && decode(blob, of: days) { currency, balance in
          stored.append(Entry(currency: currency, day: balance.since.day, amount: balance.amount))
        }
      guard readable else {
        found.append(damage("balances cannot be read"))
        continue
      }
      // Another statement runs between this one's steps: it reads the journal only.
      guard let journal = try entries(db, of: days) else { continue }
      if stored != journal { found.append(damage("does not hold the journal's last entries of the month")) }
    }
    return found
  }
}

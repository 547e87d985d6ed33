import CofferText
import GRDB

/// A currency's balance as the journal holds it on a day: the amount, and the effective
/// date of the entry it comes from (of its places' entries, the latest).
package struct HeldBalance: Sendable, Equatable {
  package let amount: DecimalValue
  package let since: CalendarDate

  package init(amount: DecimalValue, since: CalendarDate) {
    self.amount = amount
    self.since = since
  }
}

/// The journal read as the history of the holdings (SPEC §8): the amount of a holding on
/// D is the new amount of its entry with the latest effective date on or before D, the
/// one entered last among a day's. The holdings asked about are every one the journal has
/// (found in its index, see `holdingKeys`), whatever the `holding` table or any session
/// holds. An amount on a day is one seek of `journal_by_holding`; a series of month ends
/// is a short scan per holding of `journal_month_end`. Each row read is checked, and one
/// that is not as Coffer writes it fails the read, named.
extension Store {
  /// The day of entries that stand for "held since before any date": what a store made
  /// before effective dates held with no entry of its own.
  package static let openingDay = CalendarDate.first

  /// The balance of every holding the journal has on each of `days`, in one read
  /// transaction: per day, by holding, missing where no entry of it is effective on or
  /// before the day.
  package func balances(on days: [CalendarDate]) throws(StoreError) -> [[Holding: HeldBalance]] {
    guard !days.isEmpty else { return [] }
    return try read { db in
      counters.dbReads += 1
      let keys = try Self.holdingKeys(db)
      var table = BalanceTable(days: days.count, holdings: keys.count)
      // A series of month ends (two or more): a scan per holding of its month ends.
      var monthEnds = days.indices.filter { days[$0].isLastOfMonth }.sorted { days[$0] < days[$1] }
      if monthEnds.count < 2 { monthEnds = [] }
      if let last = monthEnds.last {
        let months = monthEnds.map { Self.month(of: days[$0]) }
        let statement = try db.cachedStatement(
          sql: """
            SELECT month, effective, id, new, \(Self.asWritten(text: "new", integers: ["month", "effective", "id"])) AS plain
            FROM journal_month_end
            WHERE code = ?1 AND place = ?2 AND month <= ?4 AND month >= coalesce(
              (SELECT max(month) FROM journal_month_end WHERE code = ?1 AND place = ?2 AND month < ?3), ?3)
            ORDER BY month
            """)
        for key in keys {
          let rows = try Row.fetchCursor(
            statement, arguments: [key.currency.code, key.place.name, months[0], Self.month(of: days[last])])
          // Both oldest first: each month end's balance is that of the last row of its
          // month or before, found walking the two together.
          var latest: HeldBalance?
          var next = 0
          while let row = try rows.next() {
            let plain = (row[4] as Bool?) == true
            let month = plain ? (row[0] as Int64?).map(Int.init) ?? .min : Self.month(in: row)
            while next < months.count && months[next] < month {
              if let held = latest { table.days[monthEnds[next]][key] = held }
              next += 1
            }
            latest = try Self.balance(
              row, key: key, columns: (1, 2, 3), plain: plain, table: "journal_month_end", month: month)
          }
          while next < months.count {
            if let held = latest { table.days[monthEnds[next]][key] = held }
            next += 1
          }
        }
      }
      let inSeries = Set(monthEnds)
      for (place, day) in days.enumerated() where !inSeries.contains(place) {
        for key in keys {
          if let balance = try Self.balance(db, of: key, on: day).balance { table.days[place][key] = balance }
        }
      }
      return table.days
    }
  }

  /// The balances of a series of days as they are read.
  private struct BalanceTable {
    var days: [[Holding: HeldBalance]]

    init(days count: Int, holdings: Int) {
      days = [[Holding: HeldBalance]](repeating: Dictionary(minimumCapacity: holdings), count: count)
    }
  }

  /// Every holding the journal has an entry of, read from the journal itself (not the
  /// `holding` table derived from it): a dated answer is the journal's, whatever else the
  /// store holds (SPEC §8). One statement that walks `journal_by_holding` from one code,
  /// then one place, to the next: two seeks a holding, however long the journal. A code
  /// that is not a currency Coffer knows fails, naming one of its rows.
  static func holdingKeys(_ db: Database) throws -> [Holding] {
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: """
          WITH RECURSIVE
            codes(code) AS (
              SELECT min(code) FROM journal
              UNION ALL
              SELECT (SELECT min(code) FROM journal WHERE code > codes.code) FROM codes WHERE code IS NOT NULL),
            holdings(code, place) AS (
              SELECT code, (SELECT min(place) FROM journal WHERE journal.code = codes.code)
              FROM codes WHERE code IS NOT NULL
              UNION ALL
              SELECT code, (SELECT min(place) FROM journal WHERE journal.code = holdings.code AND journal.place > holdings.place)
              FROM holdings WHERE place IS NOT NULL)
          SELECT code, place FROM holdings WHERE place IS NOT NULL
          """))
    var keys: [Holding] = []
    while let row = try rows.next() {
      let code = StoredValue(row, 0).text
      guard let code, let currency = Catalog.unit(storedAs: code), let name = StoredValue(row, 1).text,
        Place.problem(with: name) == nil, case let place = Place(checkedName: name), place.name == name
      else {
        let id = try Int64.fetchOne(
          db, sql: "SELECT id FROM journal WHERE code = ? LIMIT 1", arguments: [row[0] as DatabaseValue])
        throw StoreDamage(
          table: "journal", row: id,
          problem:
            tr(
              "code {code}, place {place} is not a holding as Coffer writes one",
              ["code": StoredValue(row, 0).shown, "place": StoredValue(row, 1).shown])
        )
      }
      keys.append(Holding(currency, at: place))
    }
    return keys
  }

  /// Every holding the journal has an entry of (see `holdingKeys`), in catalog order and
  /// by place.
  package func journalHoldings() throws(StoreError) -> [Holding] {
    try read { db in
      counters.dbReads += 1
      return try Self.holdingKeys(db).sorted(by: Holding.precedes)
    }
  }

  /// The month in column 0 of a `journal_month_end` row (`.min` for one that is not an
  /// integer, which `balance` then names).
  private static func month(in row: Row) -> Int {
    StoredValue(row, 0).integer.map(Int.init) ?? .min
  }

  /// `YYYYMM` of a date, as `journal_month_end` keys its months.
  static func month(of date: CalendarDate) -> Int { date.year * 100 + date.month }

  /// A `YYYYMM` month as a person reads it: `2020-05`.
  static func monthText(_ month: Int) -> String {
    let year = String(month / 100)
    let number = String(month % 100)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-"
      + (number.count == 1 ? "0" : "") + number
  }

  /// The balance of a holding on `date`: its entry with the latest effective date on or
  /// before it (of a day's, the last entered), nil when there is none; and whether it has
  /// an entry effective after `date` and on or before `laterThrough` (today, for whether
  /// a balance for `date` is the current amount: an entry ahead of today, a dump's
  /// `--ahead`, is not in effect yet). Two seeks in one statement, the one way the journal
  /// is asked for a holding's amount on a date (joined on the entry's id: a subquery with
  /// LIMIT beside the other would be made a table at every call).
  static func balance(
    _ db: Database, of holding: Holding, on date: CalendarDate, laterThrough: CalendarDate? = nil
  ) throws -> (balance: HeldBalance?, later: Bool) {
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: balanceSQL),
      arguments: [holding.currency.code, holding.place.name, date.dayNumber, laterThrough?.dayNumber ?? Int.max])
    guard let row = try rows.next() else { return (nil, false) }
    let later = ((row[4] as Int?) ?? .min) > date.dayNumber
    // An entry's id is never NULL (INTEGER PRIMARY KEY): NULL is no entry on or before `date`.
    guard !row.hasNull(atIndex: 1) else { return (nil, later) }
    let balance = try balance(
      row, key: holding, columns: (0, 1, 2), plain: (row[3] as Bool?) == true, table: "journal")
    return (balance, later)
  }

  /// `balance(_:of:on:)`'s statement, written once (its text is the key a prepared
  /// statement is found by).
  private static let balanceSQL = """
    SELECT entry.effective, entry.id, entry.new,
      \(asWritten(text: "entry.new", integers: ["entry.effective", "entry.id"])) AS plain,
      (SELECT max(effective) FROM journal WHERE code = ?1 AND place = ?2 AND effective <= ?4) AS last
    FROM (SELECT 1) LEFT JOIN journal AS entry ON entry.id = (
      SELECT id FROM journal
      WHERE code = ?1 AND place = ?2 AND effective <= ?3 ORDER BY effective DESC, id DESC LIMIT 1)
    """

  /// An SQL condition that holds when column `text` is text with no NUL byte (which GRDB,
  /// reading text as a C string, would cut short there) and `integers` are integers (GRDB
  /// would read a real or text as one without a word): with it a row's columns can be
  /// read typed, not as `StoredValue`s. The tables are STRICT, but that is no proof: a
  /// writer that turned it off for a while can have left anything. A statement names it
  /// `AS plain`: GRDB lowercases and hashes every column's name for each cursor, and an
  /// expression's name is its text.
  static func asWritten(text: String, integers: [String]) -> String {
    (integers.map { "typeof(\($0)) = 'integer'" } + ["typeof(\(text)) = 'text'", "instr(\(text), char(0)) = 0"])
      .joined(separator: " AND ")
  }

  /// The balance in `row` (its effective day, its entry's id and its amount in
  /// `columns`), checked as Coffer writes it. A row whose columns hold what Coffer writes
  /// there (`plain`, see `asWritten`) and whose day and amount read as Coffer writes them
  /// is taken as GRDB reads its columns, typed (a series of month ends reads
  /// thousands: a `StoredValue` of each column costs several times as much); any other
  /// is read whole, and named.
  private static func balance(
    _ row: Row, key: Holding, columns: (day: Int, id: Int, amount: Int), plain: Bool, table: String,
    month: Int? = nil
  ) throws(StoreDamage) -> HeldBalance {
    if plain, let day = row[columns.day] as Int64?, let since = CalendarDate(dayNumber: Int(day)),
      let text = row[columns.amount] as String?, let amount = DecimalValue(storedText: text),
      AmountRules.problem(with: amount, for: key.currency) == nil
    {
      return HeldBalance(amount: amount, since: since)
    }
    func damage(_ problem: String) -> StoreDamage {
      StoreDamage(
        table: table, row: month == nil ? StoredValue(row, columns.id).integer : nil,
        key: month.map { "\(key.storedKey), month \(monthText($0))" }, problem: problem)
    }
    let day = StoredValue(row, columns.day)
    guard let number = day.integer, let since = CalendarDate(dayNumber: Int(exactly: number) ?? .min) else {
      throw damage(tr("effective is {value}, not a day from 0001-01-01 to 9999-12-31", ["value": day.shown]))
    }
    let amountValue = StoredValue(row, columns.amount)
    guard let text = amountValue.text else {
      throw damage(tr("new is {value}, not text", ["value": amountValue.shown]))
    }
    guard let amount = DecimalValue(storedText: text) else {
      throw damage(tr("new {value} is not a number as Coffer writes one", ["value": StoredText.quoted(text)]))
    }
    if let problem = AmountRules.problem(with: amount, for: key.currency) {
      throw damage(tr("new {value}: {reason}", ["value": StoredText.quoted(text), "reason": problem]))
    }
    return HeldBalance(amount: amount, since: since)
  }

  /// The balance of one holding on `date`, and whether it has an entry effective after
  /// `date` and on or before `today` (see `balance(_:of:on:laterThrough:)`). One statement
  /// reads one state of the store by itself, so it needs no transaction around it, whose
  /// BEGIN and COMMIT would cost more than the seeks (a dump's replay asks this once a line).
  func balance(
    of holding: Holding, on date: CalendarDate, today: CalendarDate
  ) throws(StoreError) -> (HeldBalance?, later: Bool) {
    try readOneStatement { db in
      counters.dbReads += 1
      return try Self.balance(db, of: holding, on: date, laterThrough: today)
    }
  }

  /// Which holdings have an entry effective after `date` (and on or before `through`,
  /// when given): with `through` today, whether a balance written down for `date` is also
  /// the current amount. A seek a holding.
  package func holdingsWithEntries(after date: CalendarDate, through last: CalendarDate? = nil) throws(StoreError)
    -> Set<Holding>
  {
    try read { db in
      counters.dbReads += 1
      var found: Set<Holding> = []
      let latest = try db.cachedStatement(
        sql: "SELECT max(effective) FROM journal WHERE code = ? AND place = ? AND effective <= ?")
      for key in try Self.holdingKeys(db) {
        let arguments: StatementArguments = [key.currency.code, key.place.name, last?.dayNumber ?? Int.max]
        if let day = try Int.fetchOne(latest, arguments: arguments), day > date.dayNumber {
          found.insert(key)
        }
      }
      return found
    }
  }

  /// A holding's stored entries within `days`, with the one in effect when it starts,
  /// oldest first (of a day's, in the order entered).
  static func entries(
    _ db: Database, of holding: Holding, around days: ClosedRange<CalendarDate>
  ) throws -> [(day: Int, amount: DecimalValue)] {
    let currency = holding.currency
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: """
          SELECT effective, id, new FROM journal
          WHERE code = ?1 AND place = ?4 AND effective <= ?3 AND effective >= coalesce(
            (SELECT max(effective) FROM journal WHERE code = ?1 AND place = ?4 AND effective < ?2), ?2)
          ORDER BY effective, id
          """),
      arguments: [currency.code, days.lowerBound.dayNumber, days.upperBound.dayNumber, holding.place.name])
    var entries: [(day: Int, amount: DecimalValue)] = []
    while let row = try rows.next() {
      let day = StoredValue(row, 0).integer.map(Int.init)
      guard let day, let text = StoredValue(row, 2).text, let amount = DecimalValue(storedText: text),
        AmountRules.problem(with: amount, for: currency) == nil
      else {
        throw StoreDamage(
          table: "journal", row: StoredValue(row, 1).integer, problem: tr("not an entry as Coffer writes one"))
      }
      entries.append((day, amount))
    }
    return entries
  }

  /// Entries by effective date, newest first (among a day's, the last entered first),
  /// optionally of one currency (at one place, when `place` is given) and within
  /// `from...to`; at most `limit` of them.
  package func entries(
    of currency: Currency?, at place: Place? = nil, from: CalendarDate?, to: CalendarDate?, limit: Int?
  ) throws(StoreError) -> [JournalEntry] {
    var conditions: [String] = []
    var arguments: StatementArguments = []
    if let currency {
      conditions.append("code = ?")
      _ = arguments.append(contentsOf: [currency.code])
      if let place {
        conditions.append("place = ?")
        _ = arguments.append(contentsOf: [place.name])
      }
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
    let code = currency?.code
    sql += " ORDER BY effective DESC, id DESC"
    if let limit {
      sql += " LIMIT ?"
      _ = arguments.append(contentsOf: [limit])
    }
    return try read { db in
      counters.dbReads += 1
      if let code { try Self.requireNoOtherSpelling(of: code, db) }
      return try JournalEntry.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
  }

  /// Throws naming an entry whose code is `code` spelt otherwise (`usd`, `Usd`): a read of
  /// one currency's entries would pass it by. The holdings derived from the journal name
  /// every code it has: a scan of a few dozen rows.
  private static func requireNoOtherSpelling(of code: String, _ db: Database) throws {
    let other = try String.fetchOne(
      db, sql: "SELECT code FROM holding WHERE code != ?1 AND upper(code) = ?1 LIMIT 1", arguments: [code])
    guard let other else { return }
    let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " WHERE code = ? LIMIT 1", arguments: [other])
    if let row = try rows.next() { _ = try JournalEntry(checking: row) }
  }

  /// The earliest effective date of an entry that is not an opening one: where the
  /// history a person wrote down starts.
  package func firstEffectiveDate() throws(StoreError) -> CalendarDate? {
    try read { db in
      counters.dbReads += 1
      let day = try Int.fetchOne(
        db.cachedStatement(sql: "SELECT min(effective) FROM journal WHERE effective > ?"),
        arguments: [Self.openingDay.dayNumber])
      return day.flatMap { CalendarDate(dayNumber: $0) }
    }
  }
}

extension DecimalValue {
  /// The sum of two amounts read from `table` (a holding's places), or damage: past 38
  /// digits, which rows Coffer writes never reach.
  func adding(_ other: DecimalValue, in table: String) throws(StoreDamage) -> DecimalValue {
    do {
      return try self + other
    } catch {
      throw StoreDamage(table: table, row: nil, problem: tr("amounts that add up past 38 significant digits"))
    }
  }
}

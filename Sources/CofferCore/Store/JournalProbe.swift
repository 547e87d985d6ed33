import GRDB

/// Finds, by a table's index on (code, a number) alone, a row that a read of one
/// currency would never meet, and so never name: a code that is not a catalog code (or
/// not text), or a number outside what Coffer writes there (not an integer, or out of
/// range). Such a row could be the very one a question about a date needs; while one
/// exists, those questions fail naming it.
///
/// Every probe is a seek that finds nothing in a sound table (SQLite orders NULL, then
/// numbers, then text, then blobs, so the gaps between the 42 codes hold every other
/// value): about 170 seeks, whatever the table's length, through three small statements
/// run once, once a gap between two codes and once a code (one statement of 170 terms
/// would cost more to prepare than all the seeks).
struct KeyProbe {
  /// The table, its number column (the second of its index), and the columns that name
  /// a row found.
  let table: String
  let number: String
  let naming: String

  /// The first row found, as `naming` selects it; nil when there is none.
  func firstUnmet(_ db: Database, numbers: ClosedRange<Int>) throws -> Row? {
    // A code that is not text, or text before the first code or after the last.
    let outsideTheCodes = """
      SELECT * FROM (SELECT \(naming) FROM \(table) WHERE code IS NULL LIMIT 1)
      UNION ALL SELECT * FROM (SELECT \(naming) FROM \(table) WHERE code < ?1 LIMIT 1)
      UNION ALL SELECT * FROM (SELECT \(naming) FROM \(table) WHERE code > ?2 LIMIT 1)
      LIMIT 1
      """
    if let row = try Row.fetchOne(
      db.cachedStatement(sql: outsideTheCodes), arguments: [Self.codes[0], Self.codes[Self.codes.count - 1]])
    {
      return row
    }
    // Text between two neighbouring codes.
    let between = try db.cachedStatement(
      sql: "SELECT \(naming) FROM \(table) WHERE code > ?1 AND code < ?2 LIMIT 1")
    for (lower, upper) in zip(Self.codes, Self.codes.dropFirst()) {
      if let row = try Row.fetchOne(between, arguments: [lower, upper]) { return row }
    }
    // A code's row whose number is not one, or is outside `numbers`.
    let outside = try db.cachedStatement(
      sql: """
        SELECT * FROM (SELECT \(naming) FROM \(table) WHERE code = ?1 AND \(number) IS NULL LIMIT 1)
        UNION ALL SELECT * FROM (SELECT \(naming) FROM \(table) WHERE code = ?1 AND \(number) < ?2 LIMIT 1)
        UNION ALL SELECT * FROM (SELECT \(naming) FROM \(table) WHERE code = ?1 AND \(number) > ?3 LIMIT 1)
        LIMIT 1
        """)
    for code in Self.codes {
      if let row = try Row.fetchOne(outside, arguments: [code, numbers.lowerBound, numbers.upperBound]) {
        return row
      }
    }
    return nil
  }

  private static let codes = Catalog.all.map(\.code).sorted()
}

/// The journal's probe: codes, and effective days from 0001-01-01 to tomorrow's tomorrow.
enum JournalProbe {
  /// Entries are effective at the latest on the day they were entered, where they were:
  /// a clock 14 hours ahead of UTC is a day ahead of one 12 hours behind.
  static func lastSoundDay(today: CalendarDate) -> Int { today.dayNumber + 2 }

  /// The first row found that per-currency reads could not see, read (so its damage is
  /// named as any row's); nil when there is none.
  static func damage(_ db: Database, today: CalendarDate) throws -> StoreDamage? {
    let probe = KeyProbe(table: "journal", number: "effective", naming: "id")
    let days = CalendarDate.dayNumbers.lowerBound...lastSoundDay(today: today)
    guard let found = try probe.firstUnmet(db, numbers: days) else { return nil }
    let id: Int64 = found[0]
    let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " WHERE id = ?", arguments: [id])
    guard let row = try rows.next() else { return nil }
    do {
      let entry = try JournalEntry(checking: row)
      return StoreDamage(
        table: JournalEntry.databaseTableName, row: id,
        problem: "effective \(entry.effective) is after the day it could have been entered")
    } catch {
      return error
    }
  }
}

/// The month ends' probe (see `JournalMonthEnds`): a row whose code is not a catalog
/// code, or whose month is not a month from 0001-01 to 9999-12. One scan of the table,
/// which holds at most a row per currency and month (some 20,000 for forty years), not
/// one per entry; a read of a series of month ends would not meet such a row, or would
/// read it as another month's.
enum MonthEndProbe {
  static func damage(_ db: Database) throws -> StoreDamage? {
    let codes = Catalog.all.map { "'\($0.code)'" }.joined(separator: ", ")
    let sql = """
      SELECT code, month FROM journal_month_end
      WHERE NOT (typeof(code) = 'text' AND code IN (\(codes)) AND typeof(month) = 'integer'
        AND month BETWEEN 101 AND 999912 AND month % 100 BETWEEN 1 AND 12)
      LIMIT 1
      """
    // A cursor's row, not a copy: a copy reads text only up to a NUL byte in it.
    let rows = try Row.fetchCursor(db.cachedStatement(sql: sql))
    guard let found = try rows.next() else { return nil }
    let codeShown = StoredValue(found, 0).shown
    let codeIsSound = isCatalogCode(StoredValue(found, 0).text)
    let monthShown = shownMonth(StoredValue(found, 1))
    let problem =
      codeIsSound
      ? "month \(monthShown) is not a month from 0001-01 to 9999-12"
      : "code \(codeShown) is not a currency code as Coffer writes one"
    return StoreDamage(
      table: JournalMonthEnds.tableName, row: nil, key: "code \(codeShown), month \(monthShown)",
      problem: problem + " (a table derived from the journal)")
  }

  private static func isCatalogCode(_ text: String?) -> Bool {
    guard let text, let currency = Catalog.currency(text) else { return false }
    return currency.code == text
  }

  private static func shownMonth(_ value: StoredValue) -> String {
    guard let number = value.integer else { return value.shown }
    return JournalMonthEnds.monthText(Int(number))
  }
}

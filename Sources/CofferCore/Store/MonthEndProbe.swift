import GRDB

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

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

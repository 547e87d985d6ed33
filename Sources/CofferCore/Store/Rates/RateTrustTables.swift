import CofferText
import GRDB

/// Reads and writes what the rules of SPEC §12 keep: the pegs (`rate_peg`), the rates
/// accepted past a finding (`rate_accepted`), and rates as their source gave them
/// (`rate_quoted`).
enum RateTrustTables {
  // MARK: - Pegs

  /// Every peg; a row that cannot be read is damage, named.
  static func pegs(_ db: Database) throws -> Pegs {
    var pegs: [Peg] = []
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: "SELECT NULL, unit, anchor, rate, band, from_day, to_day FROM rate_peg ORDER BY unit, from_day"))
    while let row = try rows.next() {
      let unitCode: String = row[1]
      func damage(_ problem: String) -> StoreDamage {
        StoreDamage(table: "rate_peg", row: nil, key: "unit \(StoredText.quoted(unitCode))", problem: problem)
      }
      guard let unit = Catalog.unit(storedAs: unitCode) else { throw damage(tr("not a unit Coffer knows")) }
      guard let anchor = Catalog.unit(storedAs: row[2]) else {
        throw damage(tr("its anchor is not a unit Coffer knows"))
      }
      guard let rate = DecimalValue(storedText: row[3] as String), RateRules.problem(with: rate) == nil else {
        throw damage(tr("its rate is not a rate Coffer writes"))
      }
      guard let band = DecimalValue(storedText: row[4] as String), band >= .zero else {
        throw damage(tr("its band is not a percentage Coffer writes"))
      }
      guard let from = CalendarDate(dayNumber: row[5]), let to = CalendarDate(dayNumber: row[6]) else {
        throw damage(tr("its dates are not in the calendar"))
      }
      pegs.append(Peg(unit: unit, anchor: anchor, rate: rate, band: band, from: from, to: to))
    }
    return Pegs(pegs)
  }

  /// Makes the stored pegs `pegs`.
  static func write(_ pegs: Pegs, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM rate_peg")
    for peg in pegs.all {
      try db.execute(
        sql: "INSERT INTO rate_peg (unit, anchor, rate, band, from_day, to_day) VALUES (?, ?, ?, ?, ?, ?)",
        arguments: [
          peg.unit.code, peg.anchor.code, peg.rate.description, peg.band.description, peg.from.dayNumber,
          peg.to.dayNumber,
        ])
    }
  }

  // MARK: - Accepted rates

  static func accepted(_ db: Database) throws -> Set<AcceptedRate> {
    var accepted = Set<AcceptedRate>()
    let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT unit, base, day, source FROM rate_accepted"))
    while let row = try rows.next() {
      // A row naming a unit no longer known accepts nothing.
      guard let unit = Catalog.unit(storedAs: row[0]), let base = Catalog.unit(storedAs: row[1]) else { continue }
      accepted.insert(AcceptedRate(unit: unit, base: base, day: row[2], source: row[3]))
    }
    return accepted
  }

  /// Remembers `rows` as accepted.
  static func accept(_ rows: [RateRow], _ db: Database) throws {
    for row in rows {
      try db.execute(
        sql: "INSERT OR IGNORE INTO rate_accepted (unit, base, day, source, quote) VALUES (?, ?, ?, ?, ?)",
        arguments: [row.unit.code, row.base.code, row.date.dayNumber, row.source, row.isQuote ? 1 : 0])
    }
  }

  // MARK: - Rules

  /// The rules as the store keeps them: max-jump, the pegs, the accepted rates.
  static func rules(_ db: Database) throws -> RateChecker.Rules {
    let (settings, _) = try StoredSettings.fetch(db)
    return RateChecker.Rules(maxJump: settings.maxJump, pegs: try pegs(db), accepted: try accepted(db))
  }

  // MARK: - Rates as given

  /// Whether a stored code names a unit `units remove` took away: written as Coffer
  /// writes an added unit's code, but no unit this process knows. Its rates stay in the
  /// store and are passed over when read, as in a `rate_day` row (SPEC §11 lets a unit
  /// go once nothing is held in it; its rates come back if it is added again).
  static func namesRemovedUnit(_ value: DatabaseValue) -> Bool {
    guard let code = String.fromDatabaseValue(value) else { return false }
    return code == code.uppercased() && UnitRules.problem(withCode: code) == nil
      && Catalog.unit(storedAs: code) == nil
  }

  /// Every row of `rate_quoted`, by day, source, base and unit: for `dump` and `check
  /// rates`. A row that cannot be read is named, not left out.
  static func quoted(_ db: Database, day: Int? = nil) throws -> [RateRow] {
    var result: [RateRow] = []
    let rows = try Row.fetchCursor(
      db,
      sql:
        "SELECT unit, base, day, source, value FROM rate_quoted \(day == nil ? "" : "WHERE day = ?") ORDER BY day, source, base, unit",
      arguments: day.map { [$0] } ?? [])
    while let row = try rows.next() {
      if namesRemovedUnit(row[0]) || namesRemovedUnit(row[1]) { continue }
      guard let unit = Catalog.unit(storedAs: row[0]), let base = Catalog.unit(storedAs: row[1]),
        let date = CalendarDate(dayNumber: row[2]), let value = DecimalValue(storedText: row[4] as String)
      else {
        throw StoreDamage(
          table: "rate_quoted", row: nil,
          key: "\(row[0] as String? ?? "?") \(row[1] as String? ?? "?") day \(row[2] as Int? ?? 0)",
          problem: tr("a rate as given that cannot be read"))
      }
      result.append(RateRow(unit: unit, base: base, date: date, value: value, source: row[3]))
    }
    return result
  }
}

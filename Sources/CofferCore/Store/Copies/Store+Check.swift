import CofferText
import GRDB

/// What `check` reads: SQLite's integrity check, the schema's objects, and every row of
/// Coffer's tables checked as Coffer writes it, the derived tables compared with the
/// journal they come from.
enum StoreCheck {
  /// Whether a line of SQLite's integrity or quick check is about one row's values (a
  /// value of the wrong type, NULL, or a CHECK constraint failed), which Coffer's own
  /// checks name row by row, rather than about the file's pages.
  static func isRowFinding(_ finding: String) -> Bool {
    finding.hasPrefix("NULL value in ") || finding.hasPrefix("non-") || finding.hasPrefix("CHECK constraint failed in ")
  }

  /// Every damaged row (and schema object) of the store; empty when all are sound.
  static func damage(_ db: Database) throws -> [StoreDamage] {
    var damage = try StoreSchema.unexpectedObjects(db).map {
      StoreDamage(table: "sqlite_master", row: nil, problem: $0)
    }
    // The units first: the rows' codes are read against them.
    damage += try Store.addedUnits(db).1
    damage += try Store.namedPlaces(db).1
    var holdings: [Holding: HoldingRecord] = [:]
    let holdingRows = try Row.fetchCursor(db, sql: HoldingRecord.selection)
    while let row = try holdingRows.next() {
      do throws(StoreDamage) {
        let holding = try HoldingRecord(checking: row)
        holdings[holding.holding] = holding
      } catch {
        damage.append(error)
      }
    }
    damage += try StoredSettings.fetch(db).1
    damage += try journal(db, holdings: holdings)
    damage += try monthEnds(db)
    let sources = try Row.fetchCursor(db, sql: RateSource.selection)
    while let row = try sources.next() {
      do throws(StoreDamage) { _ = try RateSource(checking: row) } catch { damage.append(error) }
    }
    damage += try RateDayTable.audit(db)
    return damage
  }

  /// The journal's rows, read front to back, and each holding's latest entry compared
  /// with its `holding` row (both ways: a holding the journal does not have is named too).
  private static func journal(_ db: Database, holdings: [Holding: HoldingRecord]) throws -> [StoreDamage] {
    var damage: [StoreDamage] = []
    var latest: [Holding: JournalEntry] = [:]
    var unreadable = false
    // The entry before, for a move's two ends: `from`, then `to` right after it.
    var previous: JournalEntry?
    let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " ORDER BY id")
    while let row = try rows.next() {
      do throws(StoreDamage) {
        let entry = try JournalEntry(checking: row)
        defer { previous = entry }
        if let problem = moveProblem(entry, after: previous) {
          damage.append(StoreDamage(table: "journal", row: entry.id, problem: problem))
        }
        let key = entry.holding
        if let known = latest[key], (known.effective.dayNumber, known.id) > (entry.effective.dayNumber, entry.id) {
          continue
        }
        latest[key] = entry
      } catch {
        damage.append(error)
        unreadable = true
      }
    }
    // With an entry that cannot be read, which holding's latest it is cannot be told.
    if unreadable { return damage }
    if previous?.move == .from {
      damage.append(
        StoreDamage(table: "journal", row: previous?.id, problem: tr("a move's first entry, with no second")))
    }
    for (key, entry) in latest.sorted(by: { Holding.precedes($0.key, $1.key) }) {
      guard let holding = holdings[key] else {
        damage.append(
          StoreDamage(
            table: HoldingRecord.databaseTableName, row: nil, key: key.storedKey,
            problem: tr(
              "missing: the journal's latest entry is row {row} ({amount}), and the holding derived from it has no row",
              ["row": String(entry.id), "amount": entry.new.description])))
        continue
      }
      if holding.entry != entry.id || holding.amount != entry.new || holding.effective != entry.effective {
        damage.append(
          StoreDamage(
            table: HoldingRecord.databaseTableName, row: nil, key: key.storedKey,
            problem: tr(
              "amount {amount} is not the journal's latest (row {row}: {latest})",
              ["amount": "\(holding.amount)", "row": "\(entry.id)", "latest": "\(entry.new)"])))
      }
    }
    for (key, holding) in holdings where latest[key] == nil {
      damage.append(
        StoreDamage(
          table: HoldingRecord.databaseTableName, row: nil, key: key.storedKey,
          problem: tr("amount {amount} has no journal entry", ["amount": "\(holding.amount)"])))
    }
    return damage
  }

  /// What is wrong with `entry` as an end of a move, given the entry before it: a move is
  /// a `from` entry, then right after it a `to` of the same unit and day at another place.
  private static func moveProblem(_ entry: JournalEntry, after previous: JournalEntry?) -> String? {
    let pendingFrom = previous?.move == .from ? previous : nil
    switch entry.move {
    case .to:
      guard let from = pendingFrom, from.id + 1 == entry.id, from.currency == entry.currency,
        from.effective == entry.effective, from.place != entry.place
      else { return tr("a move's second entry that does not follow its first") }
      return nil
    case .none, .from:
      return pendingFrom == nil
        ? nil : tr("follows a move's first entry (row {row}), which has no second", ["row": "\(pendingFrom!.id)"])
    }
  }

  /// Every row of `journal_month_end` that disagrees with the journal: one that should be
  /// there and is not, one that should not, one that names another entry. At most `limit`.
  private static func monthEnds(_ db: Database, limit: Int = 20) throws -> [StoreDamage] {
    let derived = """
      SELECT code, place, month, effective, id, new FROM (
        SELECT code, place, \(StoreSchema.month("effective")) AS month, effective, id, new,
          row_number() OVER (PARTITION BY code, place, \(StoreSchema.month("effective"))
            ORDER BY effective DESC, id DESC) AS rank
        FROM journal)
      WHERE rank = 1
      """
    let stored = "SELECT code, place, month, effective, id, new FROM journal_month_end"
    var found: [StoreDamage] = []
    var named: Set<String> = []
    for row in try Row.fetchAll(db, sql: "\(derived) EXCEPT \(stored) LIMIT \(limit)") {
      let rowKey = key(row)
      named.insert(rowKey)
      found.append(
        StoreDamage(
          table: "journal_month_end", row: nil, key: rowKey,
          problem: tr(
            "does not hold the journal's last entry of the month, row {row} (a table derived from the journal)",
            ["row": "\(entryID(row))"])))
    }
    for row in try Row.fetchAll(db, sql: "\(stored) EXCEPT \(derived) LIMIT \(limit)") {
      let rowKey = key(row)
      if named.contains(rowKey) { continue }
      found.append(
        StoreDamage(
          table: "journal_month_end", row: nil, key: rowKey,
          problem: tr(
            "holds row {row}, not the journal's last entry of the month (a table derived from the journal)",
            ["row": "\(entryID(row))"])))
    }
    return Array(found.prefix(limit))
  }

  private static func entryID(_ row: Row) -> String {
    StoredValue(row, 4).integer.map(String.init) ?? StoredValue(row, 4).shown
  }

  private static func key(_ row: Row) -> String {
    let month = StoredValue(row, 2).integer.map { Store.monthText(Int($0)) } ?? StoredValue(row, 2).shown
    return "code \(StoredValue(row, 0).shown), month \(month)"
  }

  /// Entries effective after `today`: written in a time zone already in tomorrow, or by a
  /// clock that was ahead. They are sound (each holds from its day on), but a person
  /// should know of them: `check` lists them.
  static func entriesAfter(_ today: CalendarDate, _ db: Database) throws -> [JournalEntry] {
    try JournalEntry.fetchAll(
      db, sql: JournalEntry.selection + " WHERE effective > ? ORDER BY effective, id LIMIT 20",
      arguments: [today.dayNumber])
  }
}

extension Store {
  /// SQLite's full integrity check: what it found wrong about the file's pages (empty
  /// when sound). Findings about single rows' values are left to `audit`, which names
  /// the rows.
  package func integrityCheck() throws(StoreError) -> [String] {
    counters.dbReads += 1
    do {
      let findings = try writer.inDatabase { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(5)") }
      return findings.filter { $0 != "ok" && !StoreCheck.isRowFinding($0) }
    } catch let error as DatabaseError
      where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode)
    {
      // A page too damaged to check is itself the finding.
      return [error.message ?? tr("the file is damaged")]
    } catch {
      throw storeError(error)
    }
  }

  /// Every row Coffer keeps, checked as Coffer writes it: the damaged ones.
  package func audit() throws(StoreError) -> [StoreDamage] {
    try read { db in
      counters.dbReads += 5
      return try StoreCheck.damage(db)
    }
  }

  /// The entries effective after `today` (at most 20).
  package func entries(after today: CalendarDate) throws(StoreError) -> [JournalEntry] {
    try read { db in
      counters.dbReads += 1
      return try StoreCheck.entriesAfter(today, db)
    }
  }
}

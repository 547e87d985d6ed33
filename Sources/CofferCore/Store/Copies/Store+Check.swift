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
    var holdings: [Store.HoldingKey: HoldingRecord] = [:]
    let holdingRows = try Row.fetchCursor(db, sql: HoldingRecord.selection)
    while let row = try holdingRows.next() {
      do throws(StoreDamage) {
        let holding = try HoldingRecord(checking: row)
        holdings[Store.HoldingKey(currency: holding.currency, place: holding.place)] = holding
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
  private static func journal(_ db: Database, holdings: [Store.HoldingKey: HoldingRecord]) throws -> [StoreDamage] {
    var damage: [StoreDamage] = []
    var latest: [Store.HoldingKey: JournalEntry] = [:]
    var unreadable = false
    let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " ORDER BY id")
    while let row = try rows.next() {
      do throws(StoreDamage) {
        let entry = try JournalEntry(checking: row)
        let key = Store.HoldingKey(currency: entry.currency, place: entry.place)
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
    for (key, entry) in latest.sorted(by: {
      ($0.key.currency.index, $0.key.place) < ($1.key.currency.index, $1.key.place)
    }) {
      guard let holding = holdings[key] else {
        damage.append(
          StoreDamage(
            table: HoldingRecord.databaseTableName, row: nil, key: "code '\(key.currency.code)'",
            problem: "missing: the journal's latest entry is row \(entry.id) (\(entry.new)), "
              + "and the holding derived from it has no row"))
        continue
      }
      if holding.entry != entry.id || holding.amount != entry.new || holding.effective != entry.effective {
        damage.append(
          StoreDamage(
            table: HoldingRecord.databaseTableName, row: nil, key: "code '\(key.currency.code)'",
            problem: "amount \(holding.amount) is not the journal's latest (row \(entry.id): \(entry.new))"))
      }
    }
    for (key, holding) in holdings where latest[key] == nil {
      damage.append(
        StoreDamage(
          table: HoldingRecord.databaseTableName, row: nil, key: "code '\(key.currency.code)'",
          problem: "amount \(holding.amount) has no journal entry"))
    }
    return damage
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
          problem: "does not hold the journal's last entry of the month, row \(entryID(row)) "
            + "(a table derived from the journal)"))
    }
    for row in try Row.fetchAll(db, sql: "\(stored) EXCEPT \(derived) LIMIT \(limit)") {
      let rowKey = key(row)
      if named.contains(rowKey) { continue }
      found.append(
        StoreDamage(
          table: "journal_month_end", row: nil, key: rowKey,
          problem: "holds row \(entryID(row)), not the journal's last entry of the month "
            + "(a table derived from the journal)"))
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
      return [error.message ?? "the file is damaged"]
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

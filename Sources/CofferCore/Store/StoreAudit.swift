import GRDB

extension Store {
  /// Reads every row of Coffer's own tables and checks each as Coffer writes it: the
  /// holdings (codes, amounts within their currency's rules, one row a currency), the
  /// settings, the journal (times, dates, codes, amounts; and the latest entry of a
  /// currency agreeing with its holding; the month ends derived from it agreeing with
  /// it), the rate sources and every day's rates
  /// (dates, rates within `RateRules`, order). Returns each damaged row; empty when
  /// all are sound. `check` runs it after SQLite's own integrity check.
  package func audit() throws(StoreError) -> [StoreDamage] {
    do {
      return try database.inDatabase { db in
        counters.dbReads += 5
        var damage: [StoreDamage] = []
        var holdings: [Currency: (row: Int64, amount: DecimalValue)] = [:]
        var damagedHoldings: Set<Currency> = []
        let rows = try Row.fetchCursor(db, sql: HoldingRecord.selection)
        while let row = try rows.next() {
          do throws(StoreDamage) {
            let holding = try HoldingRecord(checking: row)
            holdings[holding.currency] = (row[0], holding.amount)
          } catch {
            damage.append(error)
            if let code = StoredValue(row, 1).text, let currency = Catalog.currency(code) {
              damagedHoldings.insert(currency)
            }
          }
        }
        damage += try StoredSettings.fetch(db).1
        damage += try auditJournal(db, holdings: holdings, damaged: damagedHoldings)
        damage += try JournalMonthEnds.disagreements(db)
        damage += try JournalMonthCache.disagreements(db)
        let sources = try Row.fetchCursor(db, sql: RateSource.selection)
        while let row = try sources.next() {
          do throws(StoreDamage) {
            _ = try RateSource(checking: row)
          } catch {
            damage.append(error)
          }
        }
        damage += try RateDayTable.audit(db)
        return damage
      }
    } catch {
      throw storeError(error)
    }
  }

  /// The journal's rows, read front to back, and each held currency's latest entry
  /// compared with its holding.
  private func auditJournal(
    _ db: Database, holdings: [Currency: (row: Int64, amount: DecimalValue)], damaged: Set<Currency>
  ) throws -> [StoreDamage] {
    var damage: [StoreDamage] = []
    var latest: [Currency: JournalEntry] = [:]
    // A currency with a damaged entry has no known latest one; nor has any, when an
    // entry's code cannot be read.
    var unknown: Set<Currency> = []
    var codesUnknown = false
    let rows = try Row.fetchCursor(db, sql: JournalEntry.selection + " ORDER BY id")
    while let row = try rows.next() {
      do throws(StoreDamage) {
        let entry = try JournalEntry(checking: row)
        if entry.effective > entry.entered.localDate {
          throw StoreDamage(
            table: JournalEntry.databaseTableName, row: entry.id,
            problem: "effective \(entry.effective) is after the day it was entered (\(entry.entered.localText))")
        }
        if let known = latest[entry.currency], (known.effective, known.id) > (entry.effective, entry.id) { continue }
        latest[entry.currency] = entry
      } catch {
        damage.append(error)
        if let code = StoredValue(row, 4).text, let currency = Catalog.currency(code), currency.code == code {
          unknown.insert(currency)
        } else {
          codesUnknown = true
        }
      }
    }
    if codesUnknown { return damage }
    // Every amount held was entered: a holding with none is one written around Coffer.
    for (currency, holding) in holdings.sorted(by: { $0.key.index < $1.key.index })
    where latest[currency] == nil && !unknown.contains(currency) && !holding.amount.isZero {
      damage.append(
        StoreDamage(
          table: HoldingRecord.databaseTableName, row: holding.row, key: "code '\(currency.code)'",
          problem: "amount \(holding.amount) has no journal entry"))
    }
    // A holding row already named as damaged is not compared again.
    for (currency, entry) in latest.sorted(by: { $0.key.index < $1.key.index })
    where !damaged.contains(currency) && !unknown.contains(currency) {
      let held = holdings[currency]?.amount ?? .zero
      guard held != entry.new else { continue }
      damage.append(
        StoreDamage(
          table: HoldingRecord.databaseTableName, row: holdings[currency]?.row, key: "code '\(currency.code)'",
          problem: "amount \(held) is not the journal's latest (row \(entry.id): \(entry.new))"))
    }
    return damage
  }
}

extension CalendarDate {
  fileprivate static func > (lhs: CalendarDate, rhs: CalendarDate) -> Bool { rhs < lhs }
}

import Foundation
import GRDB
import Testing

@testable import CofferCore

@Suite struct StoreTests {
  let temporary = TemporaryFolder()

  @Test func newStoreIsCreatedWithMode0600InMissingFoldersAndHoldsTheSnapshot() throws {
    let path = temporary.path + "/deeper/still/coffer.db"
    let ledger = try Ledger(location: .standard(path), today: testDay)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(ledger.portfolio.currentRate(of: usd)?.source == "ECB")
    #expect(ledger.portfolio.local == cny)
    let mode = try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
  }

  @Test func commitsAreCoalescedAndASaveWritesOnlyChangedRows() throws {
    let path = temporary.path + "/coffer.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    ledger.commit(decimal("1"), of: usd)
    ledger.commit(decimal("2"), of: usd)
    ledger.commit(decimal("3"), of: usd)
    ledger.commit(decimal("500"), of: jpy)
    ledger.commit(decimal("0"), of: jpy)
    #expect(ledger.counters.commits == 5)
    #expect(ledger.pending.count == 1, "USD coalesced; JPY set back to its stored 0")
    #expect(try ledger.save() == 1)
    #expect(ledger.counters.saves == 1)
    #expect(ledger.counters.rowsWritten == 1)
    #expect(ledger.pending.isEmpty)
    // Nothing pending: no transaction at all.
    try ledger.save()
    #expect(ledger.counters.saves == 1)
    let journal = try ledger.store.entries(of: nil, from: nil, to: nil, limit: 10)
    #expect(journal.count == 1)
    #expect(journal.first?.old == .zero && journal.first?.new == decimal("3"))

    let reopened = try Ledger(location: .file(path), today: testDay)
    #expect(reopened.portfolio.amount(of: usd) == decimal("3"))
  }

  @Test func anotherSessionsSaveIsSeenBeforeTheNextStatement() throws {
    let path = temporary.path + "/coffer.db"
    let first = try Ledger(location: .file(path), today: testDay)
    let second = try Ledger(location: .file(path), today: testDay)
    #expect(try second.refresh().isEmpty)
    let readsBefore = second.counters.dbReads
    // Nothing committed anywhere: one data_version check, and nothing reloaded.
    #expect(try second.refresh().isEmpty)
    #expect(second.counters.dbReads == readsBefore)
    first.commit(decimal("42"), of: usd)
    try first.save()
    // Another session's save is seen at the very next statement.
    #expect(try second.refresh() == [usd])
    #expect(second.portfolio.amount(of: usd) == decimal("42"))
  }

  @Test func saveOverAnotherSessionsChangeIsAConflictThatKeepsTheBatch() throws {
    let path = temporary.path + "/coffer.db"
    let first = try Ledger(location: .file(path), today: testDay)
    let second = try Ledger(location: .file(path), today: testDay)
    second.commit(decimal("7"), of: usd)
    first.commit(decimal("100"), of: usd)
    try first.save()
    // The refresh sees the new value but keeps our pending edit.
    try second.refresh()
    #expect(second.portfolio.amount(of: usd) == decimal("7"))
    do {
      try second.save()
      Issue.record("expected a conflict")
    } catch {
      guard case .conflict(let conflicts) = error else {
        Issue.record("expected a conflict, got \(error)")
        return
      }
      #expect(conflicts.count == 1)
      #expect(conflicts.first?.currency == usd)
      #expect(conflicts.first?.theirs == decimal("100"))
      #expect(conflicts.first?.ours == decimal("7"))
      #expect(error.description.contains("USD = 100 (yours: 7)"))
    }
    #expect(second.pending.count == 1)
    #expect(second.counters.saves == 0)
    try second.save(force: true)
    let third = try Ledger(location: .file(path), today: testDay)
    #expect(third.portfolio.amount(of: usd) == decimal("7"))
    let log = try third.store.entries(of: usd, from: nil, to: nil, limit: 5)
    #expect(log.map(\.new) == [decimal("7"), decimal("100")])
    #expect(log.first?.old == decimal("100"))
  }

  @Test func storeMadeByAnOlderVersionIsMigratedAndKeepsItsData() throws {
    let path = temporary.path + "/old.db"
    try Store.migrate(path: path, upTo: "v1: holdings, rates, settings")
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "INSERT INTO holding (code, amount) VALUES ('USD', '12.5')")
      #expect(try db.tableExists("journal") == false)
    }
    let ledger = try Ledger(location: .file(path), today: testDay)
    #expect(ledger.portfolio.amount(of: usd) == decimal("12.5"))
    ledger.commit(decimal("13"), of: usd)
    try ledger.save()
    #expect(
      try ledger.store.entries(of: usd, from: nil, to: nil, limit: 1).first?.old == decimal("12.5"))
  }

  /// A save compares only the holdings it writes: a damaged holding row is refused when
  /// it is one of them, and leaves the save of other currencies alone.
  @Test func aDamagedHoldingRowStopsOnlyTheSaveThatWritesIt() throws {
    let path = temporary.path + "/damaged-row.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    ledger.commit(decimal("5"), of: usd)
    try ledger.save()
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: """
          INSERT INTO holding (code, place, amount, effective, id)
            VALUES ('JPY', '', 'garbage', 20000, 7), ('XYZ', '', '1', 20000, 8)
          """)
    }
    let second = try Ledger(location: .file(path), today: testDay)
    second.commit(decimal("6"), of: usd)
    #expect(try second.save() == 1)
    second.commit(decimal("7"), of: Catalog.currency("JPY")!)
    #expect(throws: StoreError.self) { try second.save() }
  }

  /// A long read (a series of dated totals) sees one state of the store, and another
  /// session may save meanwhile: the read takes no write lock.
  @Test func aReadInOneTransactionSeesOneStateAndLeavesOthersFreeToSave() throws {
    let path = temporary.path + "/read-and-save.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    ledger.commit(decimal("5"), of: usd)
    try ledger.save()
    let store = try Store(location: .file(path), counters: Counters())
    // No busy timeout: a lock held by the read would fail the write at once.
    let other = try DatabaseQueue(path: path)
    let amountOfUSD = "SELECT amount FROM holding WHERE code = 'USD'"
    let seen = try store.read { db in
      let before = try String.fetchOne(db, sql: amountOfUSD)
      try other.write {
        try $0.execute(
          sql: "INSERT INTO journal (entered, utc_offset, effective, code, place, old, new) "
            + "VALUES ('2026-11-22T10:00:00Z', 0, 20779, 'USD', '', '5', '6')")
      }
      return [before, try String.fetchOne(db, sql: amountOfUSD)]
    }
    #expect(seen == ["5", "5"])
    #expect(try other.read { try String.fetchOne($0, sql: amountOfUSD) } == "6")
  }

  @Test func fileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
    let path = temporary.path + "/notes.db"
    let text = String(repeating: "my notes, not a database\n", count: 100)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect {
      _ = try Ledger(location: .file(path), today: testDay)
    } throws: { error in
      guard let error = error as? StoreError, case .notADatabase = error else { return false }
      return error.isStoreUnavailable
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func failedSaveKeepsTheBatchInMemory() throws {
    let path = temporary.path + "/locked.db"
    let ledger = try Ledger(location: .file(path), today: testDay)
    ledger.commit(decimal("9"), of: usd)
    // Another connection holds the write lock past the 5 s busy timeout.
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let blocker = try DatabaseQueue(path: path, configuration: configuration)
    try blocker.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    #expect {
      try ledger.save()
    } throws: { error in
      guard let error = error as? StoreError, case .locked = error else { return false }
      return true
    }
    #expect(ledger.pending.count == 1)
    #expect(ledger.portfolio.amount(of: usd) == decimal("9"))
    try blocker.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    try ledger.save()
    #expect(ledger.pending.isEmpty)
  }

  @Test func aManualRateIsADirectQuoteKeptAsTyped() throws {
    let ledger = try Ledger(location: .memory, today: testDay)
    try ledger.setRate(decimal("7.2"), of: usd)
    #expect(try ledger.portfolio.displayRate(of: usd) == decimal("7.2"))
    let basis = try ledger.portfolio.valuation(of: usd).get()
    #expect(basis.source == "manual" && basis.date == testDay && basis.kind == .direct)
    // The euro rates are not touched: USD's is still the ECB's.
    #expect(ledger.portfolio.currentRate(of: usd)?.source == "ECB")
    // 1 EUR = 8 CNY is a quote of its own: USD's stays as typed.
    try ledger.setRate(decimal("8"), of: Catalog.eur)
    #expect(try ledger.portfolio.displayRate(of: Catalog.eur) == decimal("8"))
    #expect(try ledger.portfolio.displayRate(of: usd) == decimal("7.2"))
    #expect(throws: LedgerError.self) { try ledger.setRate(decimal("0"), of: usd) }
    #expect(throws: LedgerError.self) { try ledger.setRate(decimal("2"), of: cny) }
  }
}

@Suite struct RateSourceTests {
  let temporary = TemporaryFolder()

  @Test func aNewStoreFetchesFromTheECBAndAJSONSourceForTheOthers() throws {
    let store = try Ledger(location: .memory, today: testDay).store
    let sources = try store.rateSources()
    #expect(sources.map(\.name) == ["ECB", "exchangerate-api"])
    #expect(sources[0].currencies.isEmpty)
    // The JSON source is for exactly the catalog currencies the ECB does not quote.
    let ecbQuoted = Set(RateBook.compiledIn.allRates.filter { $0.source == "ECB" }.map(\.currency))
    #expect(Set(sources[1].currencies) == Set(Catalog.all).subtracting(ecbQuoted).subtracting([Catalog.eur]))
    #expect(sources[1].currencies.count == 14)
  }

  @Test func sourcesAreAddedReplacedInPlaceAndRemoved() throws {
    let store = try Ledger(location: .memory, today: testDay).store
    try store.setRateSource(RateSource(name: "gulf", url: "https://example.org/a", currencies: [usd, jpy]))
    try store.setRateSource(RateSource(name: "ECB", url: "https://example.org/ecb.xml", currencies: []))
    let sources = try store.rateSources()
    #expect(sources.map(\.name) == ["ECB", "exchangerate-api", "gulf"], "a replaced source keeps its place")
    #expect(sources[0].url == "https://example.org/ecb.xml")
    #expect(sources[2].currencies == [usd, jpy])
    #expect(try store.removeRateSource(named: "exchangerate-api"))
    #expect(try !store.removeRateSource(named: "nothing"))
    #expect(try store.rateSources().map(\.name) == ["ECB", "gulf"])
  }

  @Test func aStoreFromBeforeSourcesGetsTheDefaultsWhenOpened() throws {
    let path = temporary.path + "/v3.db"
    try Store.migrate(path: path, upTo: "v3: rates as one snapshot per day")
    let store = try Ledger(location: .file(path), today: testDay).store
    #expect(try store.rateSources() == RateSource.defaults)
  }
}

import GRDB
import Testing

@testable import CofferCore

/// The store's record types: what each writes is what its `init(row:)` reads back, in the
/// text the store has always held, and a row it would not write is read as damage naming
/// the table and the row.
@Suite struct StoreRecordTests {
  /// A database holding the schema of a new store.
  private func schema() throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    try StoreSchema.migrator.migrate(database)
    return database
  }

  @Test func aHoldingIsWrittenAsPlainTextAndReadBack() throws {
    let database = try schema()
    try database.write { db in
      try HoldingRecord(currency: usd, amount: decimal("1200.50")).upsert(db)
      try HoldingRecord(currency: jpy, amount: decimal("3")).upsert(db)
      // The same currency again replaces its row.
      try HoldingRecord(currency: usd, amount: decimal("7")).upsert(db)
    }
    let stored = try database.read { db in
      try Row.fetchAll(db, sql: "SELECT code, amount, typeof(amount) FROM holding ORDER BY code").map {
        [$0[0] as String, $0[1] as String, $0[2] as String]
      }
    }
    #expect(stored == [["JPY", "3", "text"], ["USD", "7", "text"]])
    let read = try database.read { db in try HoldingRecord.fetchAll(db, sql: HoldingRecord.selection) }
    #expect(read.sorted { $0.currency.index < $1.currency.index }.map(\.amount) == [decimal("7"), decimal("3")])
  }

  @Test func aHoldingRowCofferWouldNotWriteIsDamageNamingItsRow() throws {
    let database = try schema()
    try database.write { db in try db.execute(sql: "INSERT INTO holding (rowid, code, amount) VALUES (9, 'USD', '1e3')")
    }
    #expect {
      _ = try database.read { db in try HoldingRecord.fetchAll(db, sql: HoldingRecord.selection) }
    } throws: { error in
      guard let damage = error as? StoreDamage else { return false }
      return damage.table == "holding" && damage.row == 9 && damage.description.contains("'1e3'")
    }
  }

  @Test func aSettingIsUpsertedByKeyAndAValueThatIsNotTextIsDamage() throws {
    let database = try schema()
    try database.write { db in
      try SettingRecord(key: "local", value: "USD").upsert(db)
      try SettingRecord(key: "local", value: "JPY").upsert(db)
    }
    let settings = try database.read { db in try SettingRecord.fetchAll(db, sql: SettingRecord.selection) }
    #expect(settings.map(\.key) == ["local"])
    #expect(settings.map(\.value) == ["JPY"])
    try database.write { db in try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('rates_revision', X'05')")
    }
    #expect {
      _ = try database.read { db in try SettingRecord.fetchAll(db, sql: SettingRecord.selection) }
    } throws: { error in
      guard let damage = error as? StoreDamage else { return false }
      return damage.table == "setting" && damage.key == "key 'rates_revision'"
        && damage.description.contains("not text")
    }
  }

  @Test func aSourceIsAddedAfterTheOthersReplacedInPlaceAndDeletedByName() throws {
    let database = try schema()
    let defaults = try database.read { db in try RateSource.fetchAll(db, sql: RateSource.selection) }
    #expect(defaults == RateSource.defaults)
    let mine = RateSource(name: "mine", url: "https://example.org/rates.json", currencies: [usd, jpy])
    try database.write { db in
      try mine.upsert(db)
      try RateSource(name: "ECB", url: "https://example.org/ecb.xml", currencies: []).upsert(db)
    }
    let rows = try database.read { db in
      try Row.fetchAll(db, sql: "SELECT position, name, url, currencies FROM rate_source ORDER BY position").map {
        [String($0[0] as Int64), $0[1] as String, $0[2] as String, $0[3] as String]
      }
    }
    #expect(rows.first == ["1", "ECB", "https://example.org/ecb.xml", ""], "replaced where it stood")
    #expect(rows.last == ["3", "mine", "https://example.org/rates.json", "USD JPY"], "added after the others")
    let deleted = try database.write { db in
      try RateSource.filter(RateSource.CodingKeys.name == "mine").deleteAll(db)
    }
    #expect(deleted == 1)
    #expect(try database.read { db in try RateSource.fetchCount(db) } == 2)
  }
}

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
    try database.write { db in try StoreSchema.create(db) }
    return database
  }

  /// Journal rows written straight through SQLite: each holding's latest entry is what
  /// its `holding` row says, by the journal's triggers, and reads back as a record.
  @Test func aHoldingIsItsLatestEntryAsTheTriggersKeepIt() throws {
    let database = try schema()
    try database.write { db in
      try db.execute(
        sql: """
          INSERT INTO journal (entered, utc_offset, effective, code, place, old, new) VALUES
            ('2026-11-22T10:00:00Z', 0, 20779, 'USD', '', '0', '1200.50'),
            ('2026-11-22T10:00:00Z', 0, 20779, 'JPY', '', '0', '3'),
            ('2026-11-22T10:00:00Z', 0, 20779, 'USD', '', '1200.50', '7'),
            ('2026-11-22T10:00:00Z', 0, 20000, 'USD', '', '0', '99')
          """)
    }
    let read = try database.read { db in try HoldingRecord.fetchAll(db, sql: HoldingRecord.selection) }
    #expect(read.sorted { $0.currency.index < $1.currency.index }.map(\.amount) == [decimal("7"), decimal("3")])
    #expect(read.map(\.entry).sorted() == [2, 3], "an entry of an earlier day is not the latest")
  }

  @Test func aHoldingRowCofferWouldNotWriteIsDamageNamingIt() throws {
    let database = try schema()
    try database.write { db in
      try db.execute(
        sql: "INSERT INTO holding (code, place, amount, effective, id) VALUES ('USD', '', '1e3', 20779, 9)")
    }
    #expect {
      _ = try database.read { db in try HoldingRecord.fetchAll(db, sql: HoldingRecord.selection) }
    } throws: { error in
      guard let damage = error as? StoreDamage else { return false }
      return damage.table == "holding" && damage.key == "code 'USD'" && damage.description.contains("'1e3'")
    }
  }

  /// A setting's key is unique; a value that is not text cannot even be written (the
  /// table is STRICT), and one Coffer would not write reads as damage naming the row.
  @Test func aSettingIsUpsertedByKeyAndAValueThatIsNotTextIsDamage() throws {
    let database = try schema()
    try database.write { db in
      try SettingRecord(key: "local", value: "USD").upsert(db)
      try SettingRecord(key: "local", value: "JPY").upsert(db)
    }
    let settings = try database.read { db in try SettingRecord.fetchAll(db, sql: SettingRecord.selection) }
    #expect(settings.map(\.key) == ["local"])
    #expect(settings.map(\.value) == ["JPY"])
    #expect(throws: DatabaseError.self) {
      try database.write { db in
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('rates_revision', X'05')")
      }
    }
    try database.write { db in try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('rates_revision', '5x')") }
    #expect {
      _ = try database.read { db in try StoredSettings.fetch(db).1.map { throw $0 } }
    } throws: { error in
      guard let damage = error as? StoreDamage else { return false }
      return damage.table == "setting" && damage.key == "key 'rates_revision'"
        && damage.description.contains("not a whole number")
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

import Foundation
import GRDB
import Testing

@testable import CofferCore

/// The store's rates-by-day table: its blob format, and how recording a rate keeps every
/// later day's snapshot right.
@Suite struct RateSnapshotTests {
  let temporary = TemporaryFolder()

  private let gbp = Catalog.currency("GBP")!

  private func day(_ text: String) -> Int { CalendarDate(text)!.dayNumber }

  private func rate(_ currency: Currency, _ value: String, _ date: String, _ source: String = "test") -> Rate {
    Rate(currency: currency, perEuro: decimal(value), date: CalendarDate(date)!, source: source)
  }

  private func newDatabase() throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    try database.write { db in
      try db.execute(sql: RateDayTable.createSQL)
      // A day's rates are read with the store's pegs.
      try db.execute(sql: StoreSchema.ratePeg.sql ?? "")
    }
    return database
  }

  /// The rates in effect on a date, as "CODE value date source" lines in catalog order.
  private func ratesOn(_ date: String, in database: DatabaseQueue) throws -> [String] {
    try database.read { db in
      var sources = SourceNames()
      guard let row = try RateDayTable.snapshot(db, onOrBefore: day(date), sources: &sources) else { return [] }
      return row.snapshot.allRates(sources: sources).map { "\($0.currency) \($0.perEuro) \($0.date) \($0.source)" }
    }
  }

  @Test func blobRoundTripsExactDecimalsDatesAndSources() throws {
    var sources = SourceNames()
    var snapshot = RateSnapshot()
    let rowDay = day("2026-10-30")
    snapshot.rates[usd.index] = .init(perEuro: decimal("1.1172"), day: rowDay, source: sources.number(of: "ECB"))
    snapshot.rates[jpy.index] = .init(
      perEuro: decimal("123456789012345.67890123456789012345678"), day: rowDay - 9000,
      source: sources.number(of: "今日.json"))
    snapshot.rates[gbp.index] = .init(
      perEuro: decimal("0.000000000000001"), day: rowDay - 1, source: sources.number(of: "ECB"))
    let blob = SnapshotCoding.encode(snapshot, day: rowDay, sources: sources)

    var readBack = SourceNames()
    let decoded = try blob.withUnsafeBytes { bytes in try SnapshotCoding.decode(bytes, day: rowDay, sources: &readBack)
    }
    let rates = decoded.allRates(sources: readBack)
    #expect(rates.map(\.currency) == [usd, jpy, gbp])
    #expect(
      rates.map(\.perEuro.description) == [
        "1.1172", "123456789012345.67890123456789012345678", "0.000000000000001",
      ])
    #expect(rates.map(\.date.description) == ["2026-10-30", "2002-03-10", "2026-10-29"])
    #expect(rates.map(\.source) == ["ECB", "今日.json", "ECB"])
  }

  @Test func checksumsAreZlibsCRC32() {
    func crc(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { CRC32.checksum($0) } }
    #expect(crc(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(crc([]) == 0)
    // Against a byte at a time, for every length around the four bytes taken at once,
    // and in parts.
    var state: UInt32 = 0x1234_5678
    let bytes: [UInt8] = (0..<300).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    func reference(_ bytes: ArraySlice<UInt8>) -> UInt32 {
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return crc ^ 0xFFFF_FFFF
    }
    for length in 0...bytes.count {
      let split = length / 3
      let found = bytes.withUnsafeBytes { all in
        CRC32.checksum(
          UnsafeRawBufferPointer(rebasing: all[0..<split]), UnsafeRawBufferPointer(rebasing: all[split..<length]))
      }
      #expect(found == reference(bytes[0..<length]), "\(length) bytes")
    }
  }

  @Test func damagedBlobIsAnErrorNamingItsDayNeverACrash() throws {
    var sources = SourceNames()
    var snapshot = RateSnapshot()
    let rowDay = day("2020-03-16")
    snapshot.rates[usd.index] = .init(perEuro: decimal("1.1194"), day: rowDay, source: sources.number(of: "ECB"))
    snapshot.rates[jpy.index] = .init(perEuro: decimal("118.5"), day: rowDay, source: sources.number(of: "ECB"))
    let blob = SnapshotCoding.encode(snapshot, day: rowDay, sources: sources)

    var damaged: [[UInt8]] = (0..<blob.count).map { Array(blob.prefix($0)) }
    damaged.append([9] + blob.dropFirst())  // an unknown format
    // format, one source "ECB", two rates, then the first rate's currency (USD).
    #expect(Array(blob.prefix(8)) == [3, 1, 3, 0x45, 0x43, 0x42, 2, UInt8(usd.index)])
    // Any byte changed, in any way, is found (here by the checksum).
    for index in blob.indices {
      for bit in 0..<8 {
        var flipped = blob
        flipped[index] ^= 1 << bit
        damaged.append(flipped)
      }
    }
    damaged.append(Array(blob.prefix(6)) + [0xFF, 0xFF, 0x7F])  // a count of rates far too large
    for bytes in damaged {
      var names = SourceNames()
      #expect(throws: DamagedSnapshot.self) {
        _ = try bytes.withUnsafeBytes { try SnapshotCoding.decode($0, day: rowDay, sources: &names) }
      }
    }
    let error = DamagedSnapshot(day: rowDay, detail: "cut short at byte 3")
    #expect(error.description == "the stored rates of 2020-03-16 are damaged (cut short at byte 3)")
  }

  /// A blob whose checksum is right but whose contents break the rules: what a writer
  /// with a bug (or a person with a hex editor and a CRC tool) could leave.
  private func decodeProblem(_ body: [UInt8], day rowDay: Int = 20_000) -> String? {
    var bytes = body
    var checksum = SnapshotCoding.checksum(day: rowDay, body).littleEndian
    withUnsafeBytes(of: &checksum) { bytes.append(contentsOf: $0) }
    var names = SourceNames()
    do {
      _ = try bytes.withUnsafeBytes { bytes throws(DamagedSnapshot) in
        try SnapshotCoding.decode(bytes, day: rowDay, sources: &names)
      }
      return nil
    } catch let error as DamagedSnapshot {
      return error.detail
    } catch {
      return "\(error)"
    }
  }

  @Test func ratesOutsideTheRulesOrOrderAreDamage() {
    // format 3, one source "x", then rates: [currency, age, source, scale, magnitude…], then no quotes.
    func body(_ rates: [[UInt8]], quotes: [[UInt8]] = []) -> [UInt8] {
      [3, 1, 1, UInt8(ascii: "x"), UInt8(rates.count)] + rates.flatMap { $0 } + [UInt8(quotes.count)]
        + quotes.flatMap { $0 }
    }
    let usd = UInt8(CofferCoreTests.usd.index)
    let jpy = UInt8(CofferCoreTests.jpy.index)
    #expect(decodeProblem(body([[usd, 0, 0, 2, 110]])) == nil, "1.1 is a rate")
    #expect(decodeProblem(body([[usd, 0, 0, 0, 0]])) == "a rate must be greater than 0, found 0")
    #expect(decodeProblem(body([[usd, 0, 0, 0x82, 110]])) == "a rate must be greater than 0, found -1.1")
    #expect(
      decodeProblem(body([[usd, 0, 0, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]]))
        == "a rate must be below 10^15, found 72057594037927936")
    #expect(
      decodeProblem(body([[usd, 0, 0, 20, 1]])) == "a rate must be at least 10^-15, found 0.00000000000000000001")
    #expect(decodeProblem(body([[jpy, 0, 0, 0, 1], [usd, 0, 0, 0, 1]])) == "a rate out of range or out of order")
    #expect(decodeProblem(body([[usd, 0, 0, 0, 1], [usd, 0, 0, 0, 2]])) == "a rate out of range or out of order")
    #expect(decodeProblem(body([[200, 0, 0, 0, 1]])) == "a rate out of range or out of order")
    #expect(decodeProblem(body([[usd, 0, 1, 0, 1]]))?.hasPrefix("a count out of range") == true, "no source 1")
    // A rate's age reaches back at most to 0001-01-01: day 20000 is 2024-10-04.
    let ageToFirst = 20_000 - CalendarDate.first.dayNumber
    func varint(_ value: Int) -> [UInt8] {
      var value = value
      var bytes: [UInt8] = []
      while value >= 0x80 {
        bytes.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      return bytes + [UInt8(value)]
    }
    #expect(decodeProblem(body([[usd] + varint(ageToFirst) + [0, 0, 1]])) == nil)
    #expect(
      decodeProblem(body([[usd] + varint(ageToFirst + 1) + [0, 0, 1]]))?.hasPrefix("a count out of range") == true)
    // Quotes ([currency, quoted in, age, source, scale, magnitude…]): in pair order, once a
    // pair, within the rules.
    let cny = UInt8(Catalog.cny.index)
    #expect(decodeProblem(body([], quotes: [[usd, cny, 0, 0, 0, 7]])) == nil)
    #expect(decodeProblem(body([], quotes: [[usd, cny, 0, 0, 0, 0]])) == "a rate must be greater than 0, found 0")
    #expect(
      decodeProblem(body([], quotes: [[usd, cny, 0, 0, 0, 7], [cny, usd, 0, 0, 0, 7]])) == "a quote out of order")
    #expect(decodeProblem(body([], quotes: [[usd, usd, 0, 0, 0, 7]])) == "a quote out of range")
    // The row's own day must be a date.
    #expect(decodeProblem(body([[usd, 0, 0, 0, 1]]), day: Int.min)?.hasPrefix("day ") == true)
    #expect(decodeProblem(body([[usd, 0, 0, 0, 1]]), day: CalendarDate.last.dayNumber + 1)?.hasPrefix("day ") == true)
  }

  @Test func olderFormatsAreReadOnlyByTheMigration() {
    // Format 1: no quotes, no checksum.
    let old: [UInt8] = [1, 1, 1, UInt8(ascii: "x"), 1, UInt8(usd.index), 0, 0, 0, 7]
    var names = SourceNames()
    #expect(throws: DamagedSnapshot.self) {
      _ = try old.withUnsafeBytes { try SnapshotCoding.decode($0, day: 20_000, sources: &names) }
    }
    let read = try? old.withUnsafeBytes {
      try SnapshotCoding.decode($0, day: 20_000, sources: &names, olderFormats: true)
    }
    #expect(read?.rates[usd.index]?.perEuro == decimal("7"))
  }

  @Test func daysAtTheEndsOfTheCalendarRoundTrip() throws {
    var sources = SourceNames()
    var snapshot = RateSnapshot()
    let last = CalendarDate.last.dayNumber
    snapshot.rates[usd.index] = .init(
      perEuro: decimal("1.1"), day: CalendarDate.first.dayNumber, source: sources.number(of: "a"))
    snapshot.rates[jpy.index] = .init(perEuro: decimal("160"), day: last, source: sources.number(of: "b"))
    let blob = SnapshotCoding.encode(snapshot, day: last, sources: sources)
    var names = SourceNames()
    let read = try blob.withUnsafeBytes { try SnapshotCoding.decode($0, day: last, sources: &names) }
    #expect(read.allRates(sources: names).map(\.date) == [CalendarDate.first, CalendarDate.last])
    #expect(CalendarDate(dayNumber: Int.min) == nil && CalendarDate(dayNumber: Int.max) == nil)
  }

  /// A book made from a day's snapshot looks its rates up where they were read; it must
  /// answer as a book of the same rates recorded one by one, before and after a rate is
  /// recorded in it.
  @Test func aBookOfADaysSnapshotAnswersAsABookOfItsRates() throws {
    var sources = SourceNames()
    var snapshot = RateSnapshot()
    let rowDay = day("2024-06-28")
    snapshot.rates[usd.index] = .init(perEuro: decimal("1.0705"), day: rowDay, source: sources.number(of: "ECB"))
    snapshot.rates[jpy.index] = .init(perEuro: decimal("171.94"), day: rowDay - 3, source: sources.number(of: "ECB"))
    snapshot.rates[Catalog.cny.index] = .init(
      perEuro: decimal("7.7748"), day: rowDay, source: sources.number(of: "rates.csv"))
    let quote = RateSnapshot.HeldQuote(
      currency: gbp.index, quotedIn: Catalog.cny.index, value: decimal("9.2"), day: rowDay - 1,
      source: sources.number(of: "manual"))
    var quoted = snapshot
    quoted.quotes[quote.pair] = quote
    let eur = Catalog.currency("EUR")!
    let dates = ["2024-06-24", "2024-06-25", "2024-06-27", "2024-06-28", "2030-01-01"].map { CalendarDate($0)! }
    for snapshot in [snapshot, quoted] {
      var day = RateBook(snapshot: snapshot, sources: sources)
      var recorded = RateBook(snapshot.allRates(sources: sources), quotes: snapshot.allQuotes(sources: sources))
      for round in 0..<2 {
        for currency in [usd, jpy, gbp, eur, Catalog.cny] {
          #expect(day.rates(of: currency) == recorded.rates(of: currency), "\(currency), round \(round)")
          for date in dates {
            #expect(day.rate(of: currency, on: date) == recorded.rate(of: currency, on: date), "\(currency) \(date)")
            let valuation = recorded.valuation(of: currency, in: Catalog.cny, on: date)
            #expect(day.valuation(of: currency, in: Catalog.cny, on: date) == valuation, "\(currency) \(date)")
            // The factor alone, where there is no quote, is the valuation's.
            switch day.crossFactor(of: currency, in: Catalog.cny, on: date, dayNumber: date.dayNumber) {
            case .factor(let factor): #expect(factor == (try? valuation.get())?.factor)
            case .noTargetRate: #expect(valuation == .failure(.noLocalRate(Catalog.cny)))
            case .noRate: #expect(valuation == .failure(.noRate([currency])))
            case .arithmetic(let error): #expect(valuation == .failure(.arithmetic(error)))
            case nil: #expect(!snapshot.quotes.isEmpty || currency == Catalog.cny)
            }
          }
        }
        #expect(day.allRates == recorded.allRates)
        #expect(day.allQuotes == recorded.allQuotes)
        // A rate recorded: the book keeps a history from then on.
        let later = rate(jpy, "170.5", "2024-07-01")
        day.record(later)
        recorded.record(later)
      }
    }
  }

  @Test func theSnapshotsOfManyDaysAreReadAsOneDayAtATime() throws {
    let database = try newDatabase()
    try database.write { db in
      _ = try RateDayTable.record(
        db,
        [
          rate(usd, "1.10", "2024-01-10", "ECB"), rate(jpy, "160", "2024-01-10", "ECB"),
          rate(usd, "1.12", "2024-01-12", "ECB"), rate(gbp, "0.86", "2024-02-01", "ECB"),
        ])
    }
    let days = ["2024-01-09", "2024-01-31", "2024-01-11", "2024-01-12", "2030-01-01"].map(day)
    try database.read { db in
      let read = try RateDayTable.rows(db, onOrBefore: days)
      #expect(read.rows.count == days.count)
      // Decoded as a series reaches each date, the next date sharing a row decoded once.
      var rates = DatedRates(rows: read.rows, bytes: read.bytes, path: "test")
      for (index, day) in days.enumerated() {
        var alone = SourceNames()
        let single = try RateDayTable.snapshot(db, onOrBefore: day, sources: &alone)
        #expect(read.rows[index]?.day == single?.day)
        let book = try rates.book(at: index)
        #expect(
          book.allRates == (single.map { RateBook(snapshot: $0.snapshot, sources: alone) } ?? RateBook()).allRates)
      }
    }
  }

  @Test func aRateIsCarriedForwardUntilTheCurrencysNextOne() throws {
    let database = try newDatabase()
    let changed = try database.write { db in
      try RateDayTable.record(
        db,
        [
          rate(usd, "1.10", "2024-01-10", "ECB"), rate(jpy, "160", "2024-01-10", "ECB"),
          rate(usd, "1.12", "2024-01-12", "ECB"),
        ])
    }
    #expect(changed == 3)
    #expect(try ratesOn("2024-01-09", in: database) == [])
    #expect(try ratesOn("2024-01-11", in: database) == ["USD 1.1 2024-01-10 ECB", "JPY 160 2024-01-10 ECB"])
    #expect(try ratesOn("2030-01-01", in: database) == ["USD 1.12 2024-01-12 ECB", "JPY 160 2024-01-10 ECB"])
  }

  /// Files list a day's rates together, but nothing makes them: a day may come back
  /// after another, and a currency twice in one day, the later rate winning.
  @Test func ratesOfADayGivenApartOrTwiceAreRecordedAsOneDayTheLaterWinning() throws {
    let database = try newDatabase()
    let changed = try database.write { db in
      try RateDayTable.record(
        db,
        [
          rate(usd, "1.10", "2024-01-10"), rate(jpy, "160", "2024-01-10"), rate(usd, "1.12", "2024-01-12"),
          rate(gbp, "0.85", "2024-01-10"), rate(usd, "1.11", "2024-01-10"), rate(jpy, "161", "2024-01-12"),
          rate(jpy, "162", "2024-01-12"),
        ])
    }
    #expect(changed == 5)
    #expect(
      try ratesOn("2024-01-11", in: database) == [
        "USD 1.11 2024-01-10 test", "JPY 160 2024-01-10 test", "GBP 0.85 2024-01-10 test",
      ])
    #expect(
      try ratesOn("2024-01-12", in: database) == [
        "USD 1.12 2024-01-12 test", "JPY 162 2024-01-12 test", "GBP 0.85 2024-01-10 test",
      ])
  }

  @Test func anEarlierRateRewritesOnlyTheDaysItReaches() throws {
    let database = try newDatabase()
    try database.write { db in
      _ = try RateDayTable.record(
        db, [rate(usd, "1.10", "2024-01-10"), rate(jpy, "160", "2024-01-10"), rate(usd, "1.12", "2024-01-12")])
    }
    // GBP on the 11th is carried into the 12th's row; USD there is its own.
    let changed = try database.write { db in try RateDayTable.record(db, [rate(gbp, "0.85", "2024-01-11", "manual")]) }
    #expect(changed == 1)
    #expect(
      try ratesOn("2024-01-11", in: database) == [
        "USD 1.1 2024-01-10 test", "JPY 160 2024-01-10 test", "GBP 0.85 2024-01-11 manual",
      ])
    #expect(
      try ratesOn("2024-01-12", in: database) == [
        "USD 1.12 2024-01-12 test", "JPY 160 2024-01-10 test", "GBP 0.85 2024-01-11 manual",
      ])
    // A new value for a recorded day replaces it and reaches later days that carry it.
    try database.write { db in _ = try RateDayTable.record(db, [rate(jpy, "161", "2024-01-10")]) }
    #expect(try ratesOn("2024-01-12", in: database).contains("JPY 161 2024-01-10 test"))
  }

  @Test func recordingTheSameRatesAgainWritesNothing() throws {
    let database = try newDatabase()
    let rates = (1...20).flatMap { day in
      [
        rate(usd, "1.\(day)", String(format: "2024-02-%02d", day)),
        rate(jpy, "15\(day)", String(format: "2024-02-%02d", day)),
      ]
    }
    try database.write { db in _ = try RateDayTable.record(db, rates) }
    let (changed, writes) = try database.write { db in
      let writesBefore = db.totalChangesCount
      let changed = try RateDayTable.record(db, Array(rates.reversed()))
      return (changed, db.totalChangesCount - writesBefore)
    }
    #expect(changed == 0)
    #expect(writes == 0)
  }

  @Test func historyListsEachRateOnceWithTheOneInUseWhenTheRangeStarts() throws {
    let database = try newDatabase()
    try database.write { db in
      _ = try RateDayTable.record(
        db,
        [
          rate(usd, "1.05", "2024-01-05"), rate(usd, "1.10", "2024-01-10"), rate(jpy, "160", "2024-01-11"),
          rate(usd, "1.12", "2024-01-12"), rate(jpy, "161", "2024-01-13"), rate(usd, "1.20", "2024-01-20"),
        ])
    }
    let history = try database.read { db in
      try RateDayTable.history(db, of: [usd], quotesWith: usd, from: day("2024-01-08"), to: day("2024-01-15"))
    }.rates(of: usd)
    #expect(history.map { "\($0.date) \($0.perEuro)" } == ["2024-01-05 1.05", "2024-01-10 1.1", "2024-01-12 1.12"])
  }

  @Test func storeWithRatesPerRowIsMigratedToRowsPerDay() throws {
    let path = temporary.path + "/v2.db"
    try Store.migrate(path: path, upTo: "v2: journal")
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: """
          INSERT INTO rate (code, date, perEuro, source) VALUES
            ('USD', '2001-05-02', '0.9', 'old.csv'), ('USD', '2026-11-20', '1.25', 'manual')
          """)
    }
    let ledger = try Ledger(location: .file(path), today: testDay)
    #expect(ledger.portfolio.currentRate(of: usd)?.perEuro == decimal("1.25"))
    let old = try ledger.rates(on: CalendarDate("2010-01-01")!)
    #expect(old.rate(of: usd, on: CalendarDate("2010-01-01")!).map { "\($0.perEuro) \($0.source)" } == "0.9 old.csv")
    let tables = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rate%'")
    }
    #expect(tables == ["rate_day", "rate_source", "rate_quoted", "rate_peg", "rate_accepted"])
  }
}

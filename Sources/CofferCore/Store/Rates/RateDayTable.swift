import Foundation
import GRDB

/// Reads and writes the `rate_day` table: one `RateSnapshot` per day on which any rate was
/// recorded, keyed by day number (an integer primary key, so rows are in date order).
enum RateDayTable {
  static let createSQL = "CREATE TABLE rate_day (day INTEGER PRIMARY KEY, rates BLOB NOT NULL)"

  // MARK: - Reads

  /// The snapshot of the latest row dated on or before `day`, and that row's day: the
  /// rule of `RateLookup`, answered by one seek of the primary key.
  static func snapshot(
    _ db: Database, onOrBefore day: Int, sources: inout SourceNames
  ) throws -> (day: Int, snapshot: RateSnapshot)? {
    try requireNoDayOutsideTheCalendar(db)
    let statement = try db.cachedStatement(
      sql: "SELECT day, rates FROM rate_day WHERE day <= ? ORDER BY day DESC LIMIT 1")
    return try rows(statement, arguments: [day], sources: &sources).first
  }

  /// The row in use on each of `days`, as `snapshot(_:onOrBefore:)` finds it, its bytes
  /// copied out of SQLite and not yet decoded (see `DatedRates`): a seek a day, and each
  /// row copied once however many of the days it serves (a month end on a weekend is
  /// served by the Friday's row, as is the Friday).
  static func rows(_ db: Database, onOrBefore days: [Int]) throws -> (
    rows: [(day: Int, bytes: Range<Int>)?], bytes: [UInt8]
  ) {
    try requireNoDayOutsideTheCalendar(db)
    let statement = try db.cachedStatement(
      sql: "SELECT day, rates FROM rate_day WHERE day <= ? ORDER BY day DESC LIMIT 1")
    var bytes: [UInt8] = []
    var found: [(day: Int, bytes: Range<Int>)?] = []
    found.reserveCapacity(days.count)
    for day in days {
      let cursor = try Row.fetchCursor(statement, arguments: [day])
      guard let row = try cursor.next() else {
        found.append(nil)
        continue
      }
      // The primary key is the rowid: always an integer.
      let rowDay: Int = row[0]
      if let last = found.last, let known = last, known.day == rowDay {
        found.append(known)
        continue
      }
      try row.withUnsafeData(atIndex: 1) { data in
        guard let data else { throw DamagedSnapshot(day: rowDay, detail: "no data") }
        found.append((rowDay, bytes.count..<(bytes.count + data.count)))
        bytes.append(contentsOf: data)
      }
    }
    return (found, bytes)
  }

  /// The rates of `currencies` and their quotes with `target`, dated in `from...to`,
  /// plus those in use when the range starts: all a chart of their value needs.
  static func history(
    _ db: Database, of currencies: Set<Currency>, quotesWith target: Currency, from: Int, to: Int
  ) throws -> RateBook {
    try requireNoDayOutsideTheCalendar(db)
    var sources = SourceNames()
    let statement = try db.cachedStatement(
      sql: """
        SELECT day, rates FROM rate_day
        WHERE day >= coalesce((SELECT max(day) FROM rate_day WHERE day < ?1), ?1) AND day <= ?2
        ORDER BY day
        """)
    let pairs = Set(currencies.filter { $0 != target }.map { QuotePair($0, target) })
    var book = RateBook()
    // Rows repeat a rate until its next one; recording it again on its own date changes
    // nothing.
    let currency = { (index: Int) in Currency.at(index) ?? Catalog.eur }
    for (_, snapshot) in try rows(statement, arguments: [from, to], sources: &sources) {
      for currency in currencies.union([target]) {
        guard let held = snapshot.rates[currency.index], let date = CalendarDate(dayNumber: held.day) else { continue }
        book.record(Rate(currency: currency, perEuro: held.perEuro, date: date, source: sources.name(held.source)))
      }
      for pair in pairs {
        guard let held = snapshot.quotes[pair], let date = CalendarDate(dayNumber: held.day) else { continue }
        book.record(
          Quote(
            currency: currency(held.currency), quotedIn: currency(held.quotedIn), value: held.value, date: date,
            source: sources.name(held.source)))
      }
    }
    return book
  }

  /// Throws naming a row keyed by a day no date has: a row that was some date's rates
  /// and is now no date's would otherwise be missed by every question (two seeks of the
  /// primary key).
  private static func requireNoDayOutsideTheCalendar(_ db: Database) throws {
    let outside = try Int.fetchOne(
      db.cachedStatement(
        // Two searches of the rowid, one each side (SQLite's "multi-index OR"), in a
        // statement that compiles in half what a union of two did.
        sql: "SELECT day FROM rate_day WHERE day < ?1 OR day > ?2 LIMIT 1"),
      arguments: [CalendarDate.dayNumbers.lowerBound, CalendarDate.dayNumbers.upperBound])
    if let outside {
      throw DamagedSnapshot(day: outside, detail: "day \(outside) is not a date from 0001-01-01 to 9999-12-31")
    }
  }

  private static func rows(
    _ statement: Statement, arguments: StatementArguments, sources: inout SourceNames
  ) throws -> [(day: Int, snapshot: RateSnapshot)] {
    var result: [(day: Int, snapshot: RateSnapshot)] = []
    let cursor = try Row.fetchCursor(statement, arguments: arguments)
    while let row = try cursor.next() {
      let day: Int = row[0]
      let snapshot = try row.withUnsafeData(atIndex: 1) { data throws -> RateSnapshot in
        guard let data else { throw DamagedSnapshot(day: day, detail: "no data") }
        return try data.withUnsafeBytes { bytes throws(DamagedSnapshot) in
          try SnapshotCoding.decode(bytes, day: day, sources: &sources)
        }
      }
      result.append((day, snapshot))
    }
    return result
  }

  // MARK: - Writes

  /// Thrown by `record` when `shouldStop` turns true, so that the caller's transaction
  /// rolls back.
  struct Stopped: Error {}

  /// Records `rates`, replacing any of the same currency and date, and brings every
  /// later day's snapshot up to date. Rows that come out the same are not written.
  /// Returns how many of `rates` were new or different from what was stored. Throws
  /// `Stopped` as soon as `shouldStop` is true (it is asked once a day written).
  static func record(
    _ db: Database, _ rates: [Rate], quotes: [Quote] = [], shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> Int {
    try record(db, RatesByDay(rates, quotes: quotes), shouldStop: shouldStop, progress: progress)
  }

  /// `record` for rates already grouped by day.
  static func record(
    _ db: Database, _ byDay: RatesByDay, shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws -> Int {
    var sources = byDay.sources
    let days = byDay.sortedDays
    guard let firstDay = days.first?.day else { return 0 }

    // The rates in effect just before the first new day, then every stored row after it.
    var current = try snapshot(db, onOrBefore: firstDay - 1, sources: &sources)?.snapshot ?? RateSnapshot()
    let later = try rows(
      db.cachedStatement(sql: "SELECT day, rates FROM rate_day WHERE day >= ? ORDER BY day"),
      arguments: [firstDay], sources: &sources)

    let write = try db.cachedStatement(sql: "INSERT OR REPLACE INTO rate_day (day, rates) VALUES (?, ?)")
    var changed = 0
    var next = (new: 0, stored: 0)
    var recorded = 0
    var reported = -1
    while next.new < days.count || next.stored < later.count {
      if shouldStop() { throw Stopped() }
      if let progress, recorded >= reported + 4096 || reported < 0 {
        progress(recorded, byDay.count)
        reported = recorded
      }
      let day = min(
        next.new < days.count ? days[next.new].day : Int.max,
        next.stored < later.count ? later[next.stored].day : Int.max)
      var stored: RateSnapshot?
      if next.stored < later.count, later[next.stored].day == day {
        let row = later[next.stored].snapshot
        stored = row
        next.stored += 1
        // The rates and quotes recorded on this day stay, unless replaced below.
        for (index, held) in row.rates.enumerated() where held?.day == day { current.rates[index] = held }
        for (pair, quote) in row.quotes where quote.day == day { current.quotes[pair] = quote }
      }
      if next.new < days.count, days[next.new].day == day {
        for rate in days[next.new].rates {
          let held = RateSnapshot.Held(perEuro: rate.perEuro, day: day, source: Int(rate.source))
          if current.rates[Int(rate.currency)] != held { changed += 1 }
          current.rates[Int(rate.currency)] = held
        }
        for quote in days[next.new].quotes {
          if current.quotes[quote.pair] != quote { changed += 1 }
          current.quotes[quote.pair] = quote
        }
        recorded += days[next.new].rates.count + days[next.new].quotes.count
        next.new += 1
      }
      if current == stored {
        // Nothing new from here on and this row is already right: so is every later one.
        if next.new == days.count { break }
        continue
      }
      try Store.writeRateDay(write, db, day: day, blob: SnapshotCoding.encode(current, day: day, sources: sources))
    }
    return changed
  }

}

extension RateDayTable {
  /// Every day's snapshot decoded and checked (see `SnapshotCoding.decode`): the days
  /// that cannot be read.
  static func audit(_ db: Database) throws -> [StoreDamage] {
    var damage: [StoreDamage] = []
    var sources = SourceNames()
    let rows = try Row.fetchCursor(db, sql: "SELECT day, rates FROM rate_day ORDER BY day")
    while let row = try rows.next() {
      let day: Int = row[0]
      do {
        _ = try row.withUnsafeData(atIndex: 1) { data throws -> RateSnapshot in
          guard let data else { throw DamagedSnapshot(day: day, detail: "no data") }
          return try data.withUnsafeBytes { bytes throws(DamagedSnapshot) in
            try SnapshotCoding.decode(bytes, day: day, sources: &sources)
          }
        }
      } catch let snapshot as DamagedSnapshot {
        damage.append(snapshot.damage)
      }
    }
    return damage
  }
}

extension RateDayTable {
  /// Rewrites every row in the current format (with its checksum), for the migration to
  /// schema 5. A row that cannot be read stops the migration, named.
  static func rewriteInCurrentFormat(_ db: Database) throws {
    let write = try db.cachedStatement(sql: "UPDATE rate_day SET rates = ? WHERE day = ?")
    for row in try Row.fetchAll(db, sql: "SELECT day, rates FROM rate_day ORDER BY day") {
      let day: Int = row[0]
      var sources = SourceNames()
      let snapshot = try row.withUnsafeData(atIndex: 1) { data throws -> RateSnapshot in
        guard let data else { throw DamagedSnapshot(day: day, detail: "no data") }
        return try data.withUnsafeBytes { bytes throws(DamagedSnapshot) in
          try SnapshotCoding.decode(bytes, day: day, sources: &sources, olderFormats: true)
        }
      }
      let blob = Data(SnapshotCoding.encode(snapshot, day: day, sources: sources))
      try write.execute(arguments: [blob, day])
    }
  }
}

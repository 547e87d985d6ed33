import CofferText
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
        guard let data else { throw DamagedSnapshot(day: rowDay, detail: tr("no data")) }
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
    var book = RateBook()
    book.pegs = try RateTrustTables.pegs(db)
    // A value may go through a peg's anchor or a quote's other unit (SPEC §12): their
    // rates are in the book too, and every quote (few).
    var wanted = currencies.union([target])
    for peg in book.pegs.all { wanted.formUnion([peg.unit, peg.anchor]) }
    // Rows repeat a rate until its next one; recording it again on its own date changes
    // nothing.
    let currency = { (index: Int) in Currency.at(index) ?? Catalog.eur }
    for (_, snapshot) in try rows(statement, arguments: [from, to], sources: &sources) {
      var units = wanted
      for held in snapshot.quotes.values { units.formUnion([currency(held.currency), currency(held.quotedIn)]) }
      for currency in units {
        guard let held = snapshot.rates[currency.index], let date = CalendarDate(dayNumber: held.day) else { continue }
        book.record(Rate(currency: currency, perEuro: held.perEuro, date: date, source: sources.name(held.source)))
      }
      for held in snapshot.quotes.values {
        guard let date = CalendarDate(dayNumber: held.day) else { continue }
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
      throw DamagedSnapshot(
        day: outside, detail: tr("day {day} is not a date from 0001-01-01 to 9999-12-31", ["day": "\(outside)"]))
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
        guard let data else { throw DamagedSnapshot(day: day, detail: tr("no data")) }
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
    _ db: Database, _ rates: [Rate], quotes: [Quote] = [], asGiven: [RateAsGiven] = [],
    shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws -> Int {
    var byDay = RatesByDay(rates, quotes: quotes)
    for given in asGiven {
      byDay.noteAsQuoted(given.currency, on: given.date, source: given.source, base: given.base, value: given.value)
    }
    return try record(db, byDay, shouldStop: shouldStop, progress: progress)
  }

  /// `record` for rates already grouped by day. With `judging`, the rules of SPEC §12
  /// judge what the new rates change, as the days are walked (see `RateChecker`): the
  /// findings are returned with the count, and the caller decides (an import refuses,
  /// and its transaction rolls back, unless told to accept).
  static func record(
    _ db: Database, _ byDay: RatesByDay, judging rules: RateChecker.Rules? = nil, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> Int {
    try recordJudging(db, byDay, rules: rules, shouldStop: shouldStop, progress: progress).changed
  }

  /// `record`, and the findings of `rules` (none without).
  static func recordJudging(
    _ db: Database, _ byDay: RatesByDay, rules: RateChecker.Rules?, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> (changed: Int, findings: [RateFinding]) {
    var sources = byDay.sources
    let days = byDay.sortedDays
    guard let firstDay = days.first?.day else { return (0, []) }

    // The rates in effect just before the first new day, then every stored row after it.
    var current = try snapshot(db, onOrBefore: firstDay - 1, sources: &sources)?.snapshot ?? RateSnapshot()
    let later = try rows(
      db.cachedStatement(sql: "SELECT day, rates FROM rate_day WHERE day >= ? ORDER BY day"),
      arguments: [firstDay], sources: &sources)

    var judge = try rules.map { rules in
      try Judge(db, rules: rules, asQuoted: byDay.asQuoted, from: firstDay, before: current, sources: sources)
    }
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
      var newOfTheDay: [RatesByDay.NewRate] = []
      if next.new < days.count, days[next.new].day == day {
        newOfTheDay = days[next.new].rates
        for rate in newOfTheDay {
          let held = RateSnapshot.Held(perEuro: rate.perEuro, day: day, source: Int(rate.source))
          let index = Int(rate.currency)
          if current.rates[index] != held {
            changed += 1
            // Another source's rate of the same day is kept, though no longer used.
            if let replaced = current.rates[index], replaced.day == day,
              sources.name(replaced.source) != sources.name(held.source)
            {
              try keepReplaced(db, index, replaced, sources: sources)
            }
          }
          current.rates[index] = held
        }
        for quote in days[next.new].quotes {
          if current.quotes[quote.pair] != quote { changed += 1 }
          current.quotes[quote.pair] = quote
        }
        recorded += days[next.new].rates.count + days[next.new].quotes.count
        next.new += 1
      }
      judge?.walk(day: day, stored: stored, new: newOfTheDay, current: current, sources: sources)
      if current == stored {
        // Nothing new from here on and this row is already right: so is every later one
        // (and, each unit's next rate having been met, there is nothing left to judge).
        if next.new == days.count { break }
        continue
      }
      try Store.writeRateDay(write, db, day: day, blob: SnapshotCoding.encode(current, day: day, sources: sources))
    }
    try writeAsQuoted(db, byDay, sources: sources)
    for (day, rate) in byDay.replaced {
      try keepReplaced(
        db, Int(rate.currency), RateSnapshot.Held(perEuro: rate.perEuro, day: day, source: Int(rate.source)),
        sources: sources)
    }
    return (changed, judge?.checker.findings ?? [])
  }

  /// Keeps a rate another source's replaced on its own day (`rate_quoted`, base EUR unless
  /// it is there already in its own base).
  private static func keepReplaced(_ db: Database, _ index: Int, _ held: RateSnapshot.Held, sources: SourceNames) throws
  {
    guard let unit = Currency.at(index) else { return }
    try db.execute(
      sql: """
        INSERT INTO rate_quoted (unit, base, day, source, value)
        SELECT ?1, 'EUR', ?2, ?3, ?4
        WHERE NOT EXISTS (SELECT 1 FROM rate_quoted WHERE unit = ?1 AND day = ?2 AND source = ?3)
        """,
      arguments: [unit.code, held.day, sources.name(held.source), held.perEuro.description])
  }

  /// Writes the rates given in another base than the euro as they were given.
  private static func writeAsQuoted(_ db: Database, _ byDay: RatesByDay, sources: SourceNames) throws {
    guard !byDay.asQuoted.isEmpty else { return }
    let write = try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO rate_quoted (unit, base, day, source, value) VALUES (?, ?, ?, ?, ?)")
    // Every one, EUR's own value in the base included (what turned the others into euros),
    // and those of a source a later one replaced the same day.
    for (key, quoted) in byDay.asQuoted.sorted(by: { $0.key < $1.key }) {
      let source = key & 0xFFFF
      let dayAndUnit = key >> 16
      guard let unit = Currency.at(dayAndUnit % Currency.indexCount) else { continue }
      try write.execute(arguments: [
        unit.code, quoted.base.code, dayAndUnit / Currency.indexCount, byDay.sources.name(source),
        quoted.value.description,
      ])
    }
  }
}

extension RateDayTable {
  /// What the rules of SPEC §12 find in the stored rates dated `from...to`, every rate
  /// judged (`check rates`): each against its unit's previous rate, the rate before `from`
  /// included.
  static func findings(_ db: Database, from: Int, to: Int) throws -> [RateFinding] {
    var sources = SourceNames()
    let before = try snapshot(db, onOrBefore: from - 1, sources: &sources)?.snapshot ?? RateSnapshot()
    var judge = try Judge(
      db, rules: RateTrustTables.rules(db), asQuoted: [:], from: from, before: before, sources: sources)
    judge.judgesAll = true
    // The quotes in use before `from`, as their series' previous.
    for quote in before.quotes.values {
      guard let unit = Currency.at(quote.currency), let base = Currency.at(quote.quotedIn),
        let date = CalendarDate(dayNumber: quote.day)
      else { continue }
      judge.checker.seed(
        RateChecker.Observation(
          RateRow(
            unit: unit, base: base, date: date, value: quote.value, source: sources.name(quote.source), isQuote: true),
          perEuro: nil, isNew: false))
    }
    let replaced = try replacedRates(db)
    let statement = try db.cachedStatement(
      sql: "SELECT day, rates FROM rate_day WHERE day BETWEEN ? AND ? ORDER BY day")
    for (day, snapshot) in try rows(statement, arguments: [from, to], sources: &sources) {
      // Another source's rates of the day, kept though replaced: for rule (e).
      for (kept, perEuro) in replaced where kept.date.dayNumber == day {
        guard let held = snapshot.rates[kept.unit.index], held.day == day, sources.name(held.source) != kept.source
        else { continue }
        judge.checker.observe(RateChecker.Observation(kept, perEuro: perEuro, isNew: true))
      }
      judge.walk(day: day, stored: snapshot, new: [], current: snapshot, sources: sources)
    }
    return judge.checker.findings
  }

  /// The rates as given (`rate_quoted`) with their units per euro: in euros as they are;
  /// in another base through EUR's value in it from the same source that day, as the
  /// import turned them into euros (a rate another source replaced is kept only so).
  private static func replacedRates(_ db: Database) throws -> [(row: RateRow, perEuro: DecimalValue)] {
    let given = try RateTrustTables.quoted(db)
    var euroIn: [String: DecimalValue] = [:]
    for row in given where row.unit == Catalog.eur && row.base != Catalog.eur {
      euroIn["\(row.base.code) \(row.date.dayNumber) \(row.source)"] = row.value
    }
    return given.compactMap { row in
      if row.base == Catalog.eur { return (row, row.value) }
      // The import made this very quotient of these two rates, or it would not be stored.
      guard row.unit != Catalog.eur, let euro = euroIn["\(row.base.code) \(row.date.dayNumber) \(row.source)"],
        let perEuro = try? (row.value / euro).rounded(toSignificantDigits: 30)
      else { return nil }
      return (row, perEuro)
    }
  }

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
          guard let data else { throw DamagedSnapshot(day: day, detail: tr("no data")) }
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
        guard let data else { throw DamagedSnapshot(day: day, detail: tr("no data")) }
        return try data.withUnsafeBytes { bytes throws(DamagedSnapshot) in
          try SnapshotCoding.decode(bytes, day: day, sources: &sources, olderFormats: true)
        }
      }
      let blob = Data(SnapshotCoding.encode(snapshot, day: day, sources: sources))
      try write.execute(arguments: [blob, day])
    }
  }
}

extension RateDayTable {
  /// The rules' view of an import's walk: every rate recorded on a day it passes, stored
  /// or new, shown to a `RateChecker` in its own base.
  struct Judge {
    var checker: RateChecker
    let asQuoted: [Int: (base: Currency, value: DecimalValue)]
    /// Whether every rate is judged (`check rates`), not only what new ones change.
    var judgesAll = false
    /// Stored rates given in another base (`rate_quoted`), by unit, day and source.
    let storedAsQuoted: [StoredRateKey: (base: Currency, value: DecimalValue)]

    struct StoredRateKey: Hashable {
      var unit: Int
      var day: Int
      var source: String
    }

    init(
      _ db: Database, rules: RateChecker.Rules, asQuoted: [Int: (base: Currency, value: DecimalValue)],
      from firstDay: Int,
      before: RateSnapshot, sources: SourceNames
    ) throws {
      checker = RateChecker(rules: rules)
      self.asQuoted = asQuoted
      var stored: [StoredRateKey: (base: Currency, value: DecimalValue)] = [:]
      let rows = try Row.fetchCursor(
        db, sql: "SELECT unit, base, day, source, value FROM rate_quoted WHERE base != 'EUR' AND day >= ?",
        arguments: [firstDay - RateChecker.jumpWindow - 366])
      while let row = try rows.next() {
        if RateTrustTables.namesRemovedUnit(row[0]) || RateTrustTables.namesRemovedUnit(row[1]) { continue }
        guard let unit = Catalog.unit(storedAs: row[0]), let base = Catalog.unit(storedAs: row[1]),
          let value = DecimalValue(storedText: row[4] as String)
        else {
          throw StoreDamage(
            table: "rate_quoted", row: nil, key: "\(row[0] as String? ?? "?") day \(row[2] as Int? ?? 0)",
            problem: tr("a rate as given that cannot be read"))
        }
        stored[StoredRateKey(unit: unit.index, day: row[2], source: row[3])] = (base, value)
      }
      storedAsQuoted = stored
      // What was in use before the first new day: each unit's previous rate.
      for (index, held) in before.rates.enumerated() {
        guard let held else { continue }
        if let given = given(index, held, sources: sources, isNew: false) {
          checker.seed(given)
        } else {
          checker.seed(euro: index, seen(held, sources: sources, isNew: false))
        }
      }
    }

    /// The checker's number of the walk's source `number`: looked up once a source.
    private var sourceNumbers: [Int32] = []

    /// The units `walk` has shown the checker on the day it walks, cleared after each
    /// day: one array for the whole walk, not one for each of an import's 7,000 days.
    private var judged = [Bool](repeating: false, count: Currency.indexCount)

    mutating func checkerSource(_ number: Int, _ sources: SourceNames) -> Int32 {
      while sourceNumbers.count <= number { sourceNumbers.append(-1) }
      if sourceNumbers[number] < 0 { sourceNumbers[number] = checker.sourceNumber(of: sources.name(number)) }
      return sourceNumbers[number]
    }

    /// A rate per euro as the checker keeps it: numbers only.
    mutating func seen(_ held: RateSnapshot.Held, sources: SourceNames, isNew: Bool) -> RateChecker.Seen {
      RateChecker.seen(
        perEuro: held.perEuro, day: held.day, source: checkerSource(held.source, sources), isNew: isNew || judgesAll)
    }

    /// A rate given in another base than the euro, as the checker sees it (in that base);
    /// nil for a rate given in euros, which `seen` shows.
    func given(_ index: Int, _ held: RateSnapshot.Held, sources: SourceNames, isNew: Bool)
      -> RateChecker.Observation?
    {
      if isNew ? asQuoted.isEmpty : storedAsQuoted.isEmpty { return nil }
      let source = sources.name(held.source)
      guard
        let given = isNew
          ? asQuoted[RatesByDay.asQuotedKey(day: held.day, currency: index, source: held.source)]
          : storedAsQuoted[StoredRateKey(unit: index, day: held.day, source: source)],
        let unit = Currency.at(index), let date = CalendarDate(dayNumber: held.day)
      else { return nil }
      let row = RateRow(unit: unit, base: given.base, date: date, value: given.value, source: source)
      return RateChecker.Observation(row, perEuro: held.perEuro, isNew: isNew || judgesAll)
    }

    /// Shows the checker one rate of the walk, in the base it was given in; and, for a
    /// pegged unit, judges it against its peg's band when `band`.
    private mutating func show(
      _ index: Int, _ held: RateSnapshot.Held, isNew: Bool, band: Bool, current: RateSnapshot, sources: SourceNames
    ) {
      // Rates in euros (every one of the ECB's) have no other form: nothing to look up.
      let hasGiven = isNew ? !asQuoted.isEmpty : !storedAsQuoted.isEmpty
      let given = hasGiven ? given(index, held, sources: sources, isNew: isNew) : nil
      let seen = seen(held, sources: sources, isNew: isNew)
      if let given { checker.observe(given) } else { checker.observe(euro: index, seen) }
      guard band, !checker.rules.pegs.isEmpty, let unit = Currency.at(index),
        let date = CalendarDate(dayNumber: held.day), let peg = checker.rules.pegs.peg(of: unit, on: date)
      else { return }
      let anchor = current.rates[peg.anchor.index]?.perEuro ?? (peg.anchor == Catalog.eur ? .one : nil)
      // Named as it was given, as `--accept` remembers it.
      if let given {
        checker.judgeBand(given, anchorPerEuro: anchor)
      } else {
        checker.judgeBand(euro: index, seen, anchorPerEuro: anchor)
      }
    }

    /// Shows the checker the rates recorded on `day`: the stored row's own (those the new
    /// ones leave in place) and the new ones, each against its unit's previous rate.
    mutating func walk(
      day: Int, stored: RateSnapshot?, new: [RatesByDay.NewRate], current: RateSnapshot, sources: SourceNames
    ) {
      defer { for rate in new { judged[Int(rate.currency)] = false } }
      for rate in new {
        let index = Int(rate.currency)
        let held = RateSnapshot.Held(perEuro: rate.perEuro, day: day, source: Int(rate.source))
        // A rate stored already, just as it is, is nothing new.
        let old = stored?.rates[index]
        if let old, old.day == day, old.source != held.source, sources.name(old.source) != sources.name(held.source) {
          show(index, old, isNew: false, band: false, current: current, sources: sources)
        }
        show(index, held, isNew: old != held, band: true, current: current, sources: sources)
        judged[index] = true
      }
      guard let stored else { return }
      for (index, held) in stored.knownRates.enumerated() where !judged[index] {
        guard let held, held.day == day else { continue }
        show(index, held, isNew: false, band: judgesAll, current: current, sources: sources)
      }
      // Quotes recorded that day, each in its own direction.
      for quote in stored.quotes.values where quote.day == day {
        guard let unit = Currency.at(quote.currency), let base = Currency.at(quote.quotedIn),
          let date = CalendarDate(dayNumber: day)
        else { continue }
        let row = RateRow(
          unit: unit, base: base, date: date, value: quote.value, source: sources.name(quote.source), isQuote: true)
        checker.observe(RateChecker.Observation(row, perEuro: nil, isNew: judgesAll))
      }
    }
  }
}

import CofferText
import GRDB

/// Everything the store holds that a session keeps in memory, as read in one go.
package struct StoredState: Sendable {
  /// The current amount of every holding with an entry, zero or not.
  package var holdings: [Holding: DecimalValue]
  /// The units the store added beyond the catalog, by code.
  package var units: [Currency]
  /// The named places the store lists, by name.
  package var places: [Place]
  package var local: Currency?
  /// nil when the rates were not read because they had not changed.
  package var rates: RateBook?
  package var ratesRevision: Int
  /// `rates max-age` and `rates max-jump` as stored.
  package var maxAge = StoredSettings.defaultMaxAge
  package var maxJump = RateChecker.Rules.defaultMaxJump
  /// Rows that could not be read (and so are not in the above): while there are any,
  /// what depends on them cannot be answered.
  package var damage: [StoreDamage]
}

extension Store {
  /// Runs `body` in one read transaction (a savepoint inside an `--atomic` run's): its
  /// reads see one state of the store. Deferred: it takes SQLite's read lock at its first
  /// read and never the write lock, which would hold off every other session's save.
  func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try writer.inDatabase { db in
        if db.isInsideTransaction { return try body(db) }
        var result: T?
        try db.inTransaction(.deferred) {
          result = try body(db)
          return .commit
        }
        guard let result else {
          throw StoreError.failed(path: location.description, reason: tr("a read gave no result"))
        }
        return result
      }
    } catch {
      throw storeError(error)
    }
  }

  /// Runs `body`, which reads with one statement, outside any transaction of its own (in
  /// an `--atomic` run's, when there is one): SQLite answers a statement from one state
  /// of the store, so a BEGIN and a COMMIT around it would only add two statements.
  func readOneStatement<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try writer.inDatabase { db in try body(db) }
    } catch {
      throw storeError(error)
    }
  }

  /// Reads the current amounts, the settings, and the rates when their revision differs
  /// from `knownRatesRevision` (rates can be large; they are re-read only when they
  /// moved). A row that cannot be read is returned as damage, not skipped.
  ///
  /// The current amount of a holding is its amount on `today` (SPEC §8): its latest
  /// entry's (the `holding` row), unless that entry is effective after today (saved in a
  /// time zone already in tomorrow, or by a clock that was ahead), when it is the amount
  /// the journal gives for today.
  package func load(knownRatesRevision: Int?, today: CalendarDate) throws(StoreError) -> StoredState {
    var state = try readState(knownRatesRevision: knownRatesRevision, today: today)
    if let damage = try entryOutOfBounds() { state.damage.append(damage) }
    return state
  }

  /// A journal entry with an id below 1 or a day outside the calendar (see
  /// `entryOutOfBounds(_:)`), asked apart from the read of the state: a damaged page met
  /// there is named as the journal's, and leaves `check` free to run.
  private func entryOutOfBounds() throws(StoreError) -> StoreDamage? {
    do {
      return try writer.inDatabase { db in try Self.entryOutOfBounds(db) }
    } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_CORRUPT {
      return StoreDamage(
        table: "journal", row: nil,
        problem: tr("SQLite cannot read its pages ({reason})", ["reason": error.message ?? tr("damaged")]))
    } catch {
      throw storeError(error)
    }
  }

  private func readState(knownRatesRevision: Int?, today: CalendarDate) throws(StoreError) -> StoredState {
    try read { db in
      var damage: [StoreDamage] = []
      // The units first: the holdings' codes are read against them.
      let (units, unitDamage) = try Self.addedUnits(db)
      let (places, placeDamage) = try Self.namedPlaces(db)
      damage += unitDamage + placeDamage
      var amounts: [Holding: DecimalValue] = [:]
      var later: [HoldingRecord] = []
      let holdings = try Row.fetchCursor(db.cachedStatement(sql: HoldingRecord.selection))
      while let row = try holdings.next() {
        do throws(StoreDamage) {
          let holding = try HoldingRecord(checking: row)
          if holding.effective > today {
            later.append(holding)
          } else {
            amounts[holding.holding] = holding.amount
          }
        } catch {
          damage.append(error)
        }
      }
      counters.dbReads += 3
      for holding in later {
        do {
          amounts[holding.holding] = try Self.balance(db, of: holding.holding, on: today).balance?.amount ?? .zero
        } catch let error as StoreDamage {
          damage.append(error)
        }
      }
      let (settings, settingDamage) = try StoredSettings.fetch(db)
      damage += settingDamage
      var rates: RateBook?
      if knownRatesRevision != settings.ratesRevision || !settingDamage.isEmpty {
        do {
          rates = try readRates(db, on: today)
        } catch let snapshot as DamagedSnapshot {
          damage.append(snapshot.damage)
          rates = RateBook()
        }
      }
      return StoredState(
        holdings: amounts, units: units, places: places, local: settings.local, rates: rates,
        ratesRevision: settings.ratesRevision, maxAge: settings.maxAge, maxJump: settings.maxJump, damage: damage)
    }
  }

  /// Every holding's latest entry (its `holding` row), effective after today or not; nil
  /// when a row cannot be read (the read of the state names it).
  func latestEntries() throws(StoreError) -> [Holding: HeldBalance]? {
    try read { db in
      counters.dbReads += 1
      var latest: [Holding: HeldBalance] = [:]
      let rows = try Row.fetchCursor(db.cachedStatement(sql: HoldingRecord.selection))
      while let row = try rows.next() {
        guard let record = try? HoldingRecord(checking: row) else { return nil }
        latest[record.holding] = HeldBalance(amount: record.amount, since: record.effective)
      }
      return latest
    }
  }

  /// The units the store added (its `unit` rows), each made known to this process
  /// (`AddedUnits`), by code; and the rows that could not be read.
  static func addedUnits(_ db: Database) throws -> ([Currency], [StoreDamage]) {
    var units: [Currency] = []
    var damage: [StoreDamage] = []
    let rows = try Row.fetchCursor(db.cachedStatement(sql: UnitRecord.selection))
    while let row = try rows.next() {
      do throws(StoreDamage) {
        let record = try UnitRecord(checking: row)
        guard let unit = AddedUnits.register(record.definition) else {
          throw StoreDamage(
            table: "unit", row: nil, key: "code '\(record.definition.code)'",
            problem: tr("more units than one process can hold ({limit})", ["limit": "\(AddedUnits.capacity)"]))
        }
        units.append(unit)
      } catch {
        damage.append(error)
      }
    }
    return (units, damage)
  }

  /// The named places the store lists, by name; and the rows that could not be read.
  static func namedPlaces(_ db: Database) throws -> ([Place], [StoreDamage]) {
    var places: [Place] = []
    var damage: [StoreDamage] = []
    let rows = try Row.fetchCursor(db.cachedStatement(sql: PlaceRecord.selection))
    while let row = try rows.next() {
      do throws(StoreDamage) { places.append(try PlaceRecord(checking: row).place) } catch { damage.append(error) }
    }
    return (places.sorted(), damage)
  }

  /// A journal entry with an id below 1 or a day outside the calendar, which the store's
  /// checks refuse as it is written: only a writer that turned them off can have made one,
  /// and a read could not tell where it stands among the entries. Three seeks, at the ends
  /// of the ids and of the days.
  static func entryOutOfBounds(_ db: Database) throws -> StoreDamage? {
    // Three SELECTs, not one with OR: SQLite would scan the table for the OR.
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: JournalEntry.selection + """
           WHERE id = (
            SELECT id FROM journal WHERE id < 1
            UNION ALL SELECT id FROM journal WHERE effective < ?
            UNION ALL SELECT id FROM journal WHERE effective > ? LIMIT 1)
          """),
      arguments: [CalendarDate.dayNumbers.lowerBound, CalendarDate.dayNumbers.upperBound])
    guard let row = try rows.next() else { return nil }
    do {
      _ = try JournalEntry(checking: row)
      return nil
    } catch {
      return error
    }
  }

  /// The rates in use on a date: for each currency the latest rate dated on or before
  /// it. One index seek, however long the history.
  package func rates(on date: CalendarDate) throws(StoreError) -> RateBook {
    try read { db in try readRates(db, on: date) }
  }

  /// The rates in use on each of `dates`, read in one transaction: a seek a date (see
  /// `RateDayTable.rows`). Each date's row is decoded, and its `RateBook` made, only when
  /// asked for, so that a long series holds the bytes it read rather than a snapshot or a
  /// book for each date.
  func rates(on dates: [CalendarDate]) throws(StoreError) -> DatedRates {
    try read { db in
      counters.dbReads += 1
      let found = try RateDayTable.rows(db, onOrBefore: dates.map(\.dayNumber))
      var dated = DatedRates(rows: found.rows, bytes: found.bytes, path: location.description)
      dated.pegs = try RateTrustTables.pegs(db)
      return dated
    }
  }

  /// The rates of `currencies` and their quotes with `target` dated in `from...to`,
  /// plus those in use when the range starts (see `RateDayTable.history`).
  package func history(
    of currencies: Set<Currency>, quotesWith target: Currency, from: CalendarDate, to: CalendarDate
  ) throws(StoreError) -> RateBook {
    try read { db in
      counters.dbReads += 1
      return try RateDayTable.history(db, of: currencies, quotesWith: target, from: from.dayNumber, to: to.dayNumber)
    }
  }

  /// The rates of one currency dated in `from...to`, plus the one in use when the range
  /// starts, oldest first.
  package func history(of currency: Currency, from: CalendarDate, to: CalendarDate) throws(StoreError) -> [Rate] {
    try history(of: [currency], quotesWith: currency, from: from, to: to).rates(of: currency)
  }

  /// What the rules of SPEC §12 find in the rates stored for `from...to` (see
  /// `RateDayTable.findings`).
  package func rateFindings(from: CalendarDate, to: CalendarDate) throws(StoreError) -> [RateFinding] {
    try read { db in
      counters.dbReads += 1
      return try RateDayTable.findings(db, from: from.dayNumber, to: to.dayNumber)
    }
  }

  private func readRates(_ db: Database, on date: CalendarDate) throws -> RateBook {
    counters.dbReads += 1
    var sources = SourceNames()
    var book = RateBook()
    if let row = try RateDayTable.snapshot(db, onOrBefore: date.dayNumber, sources: &sources) {
      book = RateBook(snapshot: row.snapshot, sources: sources)
    }
    book.pegs = try RateTrustTables.pegs(db)
    return book
  }

  /// Where `rates fetch` goes, in the order they were added. A row that cannot be read
  /// fails the read, naming it.
  package func rateSources() throws(StoreError) -> [RateSource] {
    try read { db in
      counters.dbReads += 1
      var sources: [RateSource] = []
      let rows = try Row.fetchCursor(db, sql: RateSource.selection)
      while let row = try rows.next() { sources.append(try RateSource(checking: row)) }
      return sources
    }
  }
}

/// The rates of a series of dates, as read from the store: each date's snapshot (none
/// before the first row), made into a `RateBook` when asked for.
struct DatedRates {
  /// Each date's row: its day, and where its bytes are in `bytes`; nil for a date before
  /// any row.
  let rows: [(day: Int, bytes: Range<Int>)?]
  let bytes: [UInt8]
  /// The store's path, which names its damage.
  let path: String
  private var sources = SourceNames()
  /// The store's pegs, which every date's book holds.
  var pegs = Pegs()
  /// The row decoded last, which the next date may share (a month end on a weekend).
  private var last: (day: Int, snapshot: RateSnapshot)?

  init(rows: [(day: Int, bytes: Range<Int>)?], bytes: [UInt8], path: String) {
    self.rows = rows
    self.bytes = bytes
    self.path = path
  }

  /// The rates of the date at `index`, decoded now: a row that is damaged fails naming
  /// itself, as the read that copied it would have.
  mutating func book(at index: Int) throws(StoreError) -> RateBook {
    var book = try bookWithoutPegs(at: index)
    book.pegs = pegs
    return book
  }

  private mutating func bookWithoutPegs(at index: Int) throws(StoreError) -> RateBook {
    guard let row = rows[index] else { return RateBook() }
    if let last, last.day == row.day { return RateBook(snapshot: last.snapshot, sources: sources) }
    let decoded = bytes.withUnsafeBytes { all in
      Result { () throws(DamagedSnapshot) in
        try SnapshotCoding.decode(UnsafeRawBufferPointer(rebasing: all[row.bytes]), day: row.day, sources: &sources)
      }
    }
    switch decoded {
    case .success(let snapshot):
      last = (row.day, snapshot)
      return RateBook(snapshot: snapshot, sources: sources)
    case .failure(let damage):
      throw .damagedRows(path: path, [damage.damage])
    }
  }
}

import GRDB

extension Store {
  /// Thrown inside an import's transaction when it is asked to stop: it rolls back.
  struct ImportStopped: Error {}

  /// Writes balances for past dates (and today) in one transaction, all of them or, on
  /// any error or a stop, none: each a journal entry effective on its date, replacing the
  /// amount as it stood then (written even when equal to what is carried there: it is a
  /// fact of that day), unless the journal already holds that amount for that currency
  /// and day. A currency's holding becomes its latest balance when nothing later is
  /// recorded. Returns nil when stopped.
  ///
  /// Built for a file of hundreds of thousands of rows: the stored entries the rows fall
  /// among are read once per currency, and the journal rows are bound straight to
  /// prepared statements of many rows each. An import that writes more rows than the
  /// journal holds builds the journal's indexes afresh after writing instead of
  /// updating them row by row: a third of the time, in the same transaction.
  package func importBalances(
    _ balances: [WrittenBalance], today: CalendarDate, shouldStop: () -> Bool = { false },
    progress: ((Int, Int) -> Void)? = nil
  ) throws(StoreError) -> ImportedBalances? {
    reopenIfItWasReadOnly()
    let now = EntryTime.now()
    // Grouped by currency, each by date: as BalanceFile gives them.
    let inOrder = zip(balances, balances.dropFirst()).allSatisfy { !WrittenBalance.byCurrencyAndDate($1, $0) }
    let rows = inOrder ? balances : balances.sorted(by: WrittenBalance.byCurrencyAndDate)
    var report = ImportedBalances()
    report.read = rows.count
    report.days = Self.distinctDays(rows)
    do {
      try inRollbackJournalWhenAlone(writing: rows.count) {
        try write { db in
          try probeJournal(db, today: today)
          var planned = PlannedEntries()
          // An amount's text, as a rule, is shorter than 16 bytes (what is not used is not touched).
          planned.reserve(rows: rows.count, textBytes: rows.count * 16)
          var holdings: [(Currency, DecimalValue)] = []
          var first = 0
          while first < rows.count {
            let currency = rows[first].currency
            var end = first
            while end < rows.count && rows[end].isOfTheSameCurrency(as: rows[first]) { end += 1 }
            let group = rows[first..<end]
            report.currencies += 1
            report.alreadyRecorded += try Self.plan(group, among: db, into: &planned)
            if let last = group.last, try !Self.hasEntry(db, of: currency, after: last.date) {
              holdings.append((currency, last.amount))
            }
            if shouldStop() { throw ImportStopped() }
            first = end
          }
          report.written = planned.count
          // Many rows: the indexes and the month ends built after them, not row by row.
          let bulk = try planned.count >= 10_000 && planned.count >= Self.journalRowCount(db)
          if bulk {
            try db.execute(
              sql: "DROP INDEX journal_by_currency; DROP INDEX journal_by_date; "
                + JournalMonthEnds.bulkTriggerNames.map { "DROP TRIGGER \($0);" }.joined(separator: " "))
          }
          let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
          try db.execute(sql: "PRAGMA cache_size = -65536")
          defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
          try JournalInsert(db, entered: now).insert(&planned, shouldStop: shouldStop, progress: progress)
          if bulk {
            try db.execute(sql: StoreSchema.journalIndexes)
            try Self.recordMonthEnds(db, of: planned)
            try db.execute(sql: JournalMonthEnds.bulkTriggersSQL)
            // What the dropped insert trigger would have marked.
            try JournalMonthCache.markStale(db, months: Set(planned.rows.lazy.map(\.month)).sorted())
          }
          if !planned.rows.isEmpty { try JournalMonthCache.repair(db, today: today) }
          for (currency, amount) in holdings {
            try HoldingRecord(currency: currency, amount: amount).upsert(db)
            counters.rowsWritten += 1
          }
          if shouldStop() { throw ImportStopped() }
        }
      }
    } catch is ImportStopped {
      return nil
    } catch {
      throw storeError(error)
    }
    if report.written > 0 { counters.saves += 1 }
    return report
  }

  /// Adds to `planned` the entries one currency's rows make, each replacing the amount
  /// carried to its day (the stored entries up to that day first: the row is entered
  /// after them); returns how many rows the journal already held.
  private static func plan(
    _ rows: ArraySlice<WrittenBalance>, among db: Database, into planned: inout PlannedEntries
  ) throws -> Int {
    guard let firstRow = rows.first, let lastRow = rows.last else { return 0 }
    let currency = firstRow.currency
    let stored = try entries(db, of: currency, around: firstRow.date...lastRow.date)
    var alreadyRecorded = 0
    var next = 0
    var carried = DecimalValue.zero
    let code = planned.addText(currency.code)
    // The text of the amount carried: usually the row before's, written once.
    var carriedText: Range<Int>?
    for row in rows {
      let day = row.date.dayNumber
      var onDay: DecimalValue?
      while next < stored.count && stored[next].day <= day {
        carried = stored[next].amount
        carriedText = nil
        if stored[next].day == day { onDay = stored[next].amount }
        next += 1
      }
      if onDay == row.amount {
        alreadyRecorded += 1
        carriedText = nil
      } else {
        let old = carriedText ?? planned.addText(carried)
        let new = planned.addText(row.amount)
        planned.rows.append(
          PlannedEntries.Row(day: day, month: JournalMonthEnds.month(of: row.date), code: code, old: old, new: new))
        carriedText = new
      }
      carried = row.amount
    }
    return alreadyRecorded
  }

  /// How many days the rows are for: one bit a day between the first and the last.
  private static func distinctDays(_ rows: [WrittenBalance]) -> Int {
    guard let first = rows.lazy.map(\.date.dayNumber).min(), let last = rows.lazy.map(\.date.dayNumber).max() else {
      return 0
    }
    var seen = [Bool](repeating: false, count: last - first + 1)
    var count = 0
    for row in rows where !seen[row.date.dayNumber - first] {
      seen[row.date.dayNumber - first] = true
      count += 1
    }
    return count
  }

  /// The month ends of the rows just written (`planned`, whose ids are the last
  /// `planned.count` given: one writer gives rowids one after the other), which the
  /// insert trigger would have recorded: of each currency's rows of a month, the last.
  private static func recordMonthEnds(_ db: Database, of planned: PlannedEntries) throws {
    let firstID = db.lastInsertedRowID - Int64(planned.count) + 1
    let rows = planned.rows
    var lasts: [(id: Int64, row: PlannedEntries.Row)] = []
    for (place, row) in rows.enumerated() {
      let next = place + 1 < rows.count ? rows[place + 1] : nil
      if let next, next.code == row.code, next.month == row.month { continue }
      lasts.append((firstID + Int64(place), row))
    }
    try JournalMonthEnds.upsert(db, lasts, text: planned.text)
  }

  private static func journalRowCount(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0
  }

  /// A currency's stored entries within `days`, with the one in effect when it starts,
  /// oldest first (of a day's, in the order entered).
  private static func entries(
    _ db: Database, of currency: Currency, around days: ClosedRange<CalendarDate>
  ) throws -> [(day: Int, amount: DecimalValue)] {
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: JournalBalance.selection + """
           WHERE code = ?1 AND effective <= ?3 AND effective >= coalesce(
            (SELECT max(effective) FROM journal WHERE code = ?1 AND effective < ?2), ?2)
          ORDER BY effective, id
          """),
      arguments: [currency.code, days.lowerBound.dayNumber, days.upperBound.dayNumber])
    var entries: [(day: Int, amount: DecimalValue)] = []
    while let row = try rows.next() {
      let entry = try JournalBalance(checking: row)
      entries.append((entry.effective.dayNumber, entry.new))
    }
    return entries
  }
}

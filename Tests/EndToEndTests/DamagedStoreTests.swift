import Foundation
import Testing

/// A store damaged by hand (written with the sqlite3 shell, as a stray tool or a person
/// would): every damaged row is named by the commands that need it and by `check`, none
/// crashes Coffer, none is left out of a total in silence; and valid but extreme input
/// (a far-future rate, the largest revision) never wedges a store.
@Suite struct DamagedStoreTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/store.db" }

  func sqlite(_ sql: String) throws {
    let outcome = try coffer.run([database, sql], binary: "/usr/bin/sqlite3")
    #expect(outcome.status == 0, "sqlite3: \(outcome.stderr)")
  }

  /// Expects the sqlite3 shell to refuse `sql` (the store's tables are STRICT and check
  /// what they can): such damage cannot be written at all.
  func refused(_ sql: String) throws {
    let outcome = try coffer.run([database, sql], binary: "/usr/bin/sqlite3")
    #expect(outcome.status != 0, "sqlite3 took \(sql)")
    #expect(
      outcome.stderr.contains("cannot store") || outcome.stderr.contains("constraint failed"), "\(outcome.stderr)")
  }

  /// A store holding USD 1200 and EUR 300, saved.
  func storeWithHoldings() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 1200; set EUR 300"]).status == 0)
  }

  // MARK: - Wedged by valid input

  @Test(arguments: [
    ("far.csv", "date,code,rate\n5000-01-01,USD,1.1\n", "5000-01-01"),
    ("far.json", #"{"base":"EUR","date":"9999-12-31","rates":{"USD":1.1}}"#, "9999-12-31"),
    // The other end of the calendar, where no later rates are in use: the local
    // currency's rate is there too.
    ("first.csv", "date,code,rate\n0001-01-01,USD,1.1\n0001-01-01,CNY,7.9\n", "0001-01-01"),
  ])
  func aFarFutureRateIsStoredAndReadBack(file: String, contents: String, date: String) throws {
    let path = try coffer.write(file, contents)
    #expect(try coffer.run(["--db", database, "-c", "rates import \(path)"]).status == 0)
    // Every later write and read goes on working, and the store is sound.
    let later = try coffer.run([
      "--db", database, "-c",
      "rates set USD 7; rates import \(CofferProcess.fixtures)/ecb-daily-2026-10-30.csv; print rate(USD); check",
    ])
    #expect(later.status == 0, "\(later)")
    #expect(later.stdout.contains("\n7\nthe store \(database) is sound"))
    let far = try coffer.run(["--db", database, "-c", "print rate_at(USD, \(date))"])
    #expect(far.status == 0, "\(far)")
  }

  @Test func theSameThroughRatesOption() throws {
    let path = try coffer.write("far.csv", "date,code,rate\n5000-01-01,USD,1.1\n")
    #expect(try coffer.run(["--db", database, "--rates", path, "-c", "rates set USD 7"]).status == 0)
    #expect(try coffer.run(["--db", database, "-c", "check"]).status == 0)
  }

  @Test func theLargestRatesRevisionGoesRound() throws {
    try storeWithHoldings()
    try sqlite("UPDATE setting SET value = '9223372036854775807' WHERE key = 'rates_revision'")
    let outcome = try coffer.run(["--db", database, "-c", "rates set GBP 9; print rate(GBP)"])
    #expect(outcome == Outcome(stdout: "9\n", stderr: "", status: 0))
    #expect(try coffer.run(["--db", database, "-c", "check"]).status == 0)
  }

  // MARK: - Holdings

  @Test func aSecondRowOfTheSameCodeIsNamedAndNoEditVanishes() throws {
    try storeWithHoldings()
    try sqlite("INSERT INTO holding VALUES ('Usd', '', '7', 20779, 9)")
    let set = try coffer.run(["--db", database, "-c", "set USD 2"])
    #expect(set.status == 3)
    #expect(set.stderr.contains("holding (code 'Usd'): not a currency code as Coffer writes one"), "\(set)")
    let check = try coffer.run(["--db", database, "-c", "check"])
    #expect(check.status == 3)
    #expect(check.stdout.contains("damaged: holding (code 'Usd')"))
    // Mended with the sqlite3 shell, the store is whole again and USD is what was saved.
    try sqlite("DELETE FROM holding WHERE code = 'Usd'")
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD)"]).stdout == "1200\n")
  }

  @Test(arguments: [
    ("'1,200'", "amount '1,200' is not a number as Coffer writes one"),
    ("'abc'", "amount 'abc' is not a number as Coffer writes one"),
    ("''", "amount '' is not a number as Coffer writes one"),
    ("' 1200'", "amount ' 1200' is not a number as Coffer writes one"),
    ("'\(String(repeating: "9", count: 41))'", "amount '9999999999999999999999999999999999999999…' (41 characters)"),
    ("'-500'", "amount '-500': an amount cannot be negative"),
    ("'1200.123456'", "amount '1200.123456': USD allows 2 decimal places; 1200.123456 has 6"),
    ("'1234567890123456'", "amount '1234567890123456': an amount has at most 15 integer digits; this one has 16"),
  ])
  func anUnreadableHoldingIsNamedByEveryReadAndByCheck(value: String, problem: String) throws {
    try storeWithHoldings()
    try sqlite("UPDATE holding SET amount = \(value) WHERE code = 'USD'")
    let named = "holding (code 'USD'): \(problem)"
    for command in ["total", "holdings", "print total()", "print amount(EUR)", "print count()", "set GBP 1"] {
      let outcome = try coffer.run(["--db", database, "-c", command])
      #expect(outcome.status == 3, "\(command): \(outcome)")
      #expect(outcome.stdout == "", "\(command)")
      #expect(outcome.stderr.contains(named), "\(command): \(outcome.stderr)")
    }
    let check = try coffer.run(["--db", database, "-c", "check"])
    #expect(check.status == 3)
    #expect(check.stdout.contains("damaged: " + named))
    // What does not read the holdings still works.
    #expect(try coffer.run(["--db", database, "-c", "print 1 + 1; echo ok"]).stdout == "2\nok\n")
  }

  /// What is not text where Coffer writes text, or not a whole number within the calendar
  /// where it writes a day, cannot be written: the tables are STRICT and check their days.
  @Test(arguments: [
    "UPDATE holding SET amount = X'31323030' WHERE code = 'USD'",
    "UPDATE holding SET amount = NULL WHERE code = 'USD'",
    "UPDATE journal SET old = X'00' WHERE id = 1",
    "UPDATE journal SET effective = '2026-02-30' WHERE id = 1",
    "UPDATE journal SET effective = 19742.5 WHERE id = 1",
    "UPDATE journal SET effective = 2932897 WHERE id = 1",
    "UPDATE journal SET utc_offset = 'x' WHERE id = 1",
    "UPDATE journal SET code = NULL WHERE id = 1",
    "UPDATE rate_source SET url = X'00' WHERE name = 'ECB'",
    "INSERT INTO rate_day VALUES (20000, 'text')",
  ])
  func aValueOfTheWrongKindCannotBeWritten(sql: String) throws {
    try storeWithHoldings()
    let before = try coffer.run(["--db", database, "-c", "holdings --format csv; log --format csv"])
    try refused(sql)
    #expect(try coffer.run(["--db", database, "-c", "holdings --format csv; log --format csv"]) == before)
    #expect(try coffer.run(["--db", database, "-c", "check"]).status == 0)
  }

  /// A writer that turned STRICT off for a while (its table made again without it, then
  /// with it) can leave values of the wrong kind: a start and `check` name each, never
  /// reading a blob as text or a real or text as a day.
  @Test(arguments: [
    ("code = X'555344'", "holding (code a blob of 3 bytes): not a currency code as Coffer writes one"),
    ("amount = X'313030'", "holding (code 'USD'): amount a blob of 3 bytes is not a number as Coffer writes one"),
    ("effective = 20784.5", "holding (code 'USD'): effective is the real number 20784.5, not a day"),
    ("effective = '2026-01-01'", "holding (code 'USD'): effective is '2026-01-01', not a day"),
  ])
  func aValueLeftWhileStrictWasOffIsNamed(change: String, named: String) throws {
    try storeWithHoldings()
    let strict = "UPDATE sqlite_schema SET sql = replace(sql, ') WITHOUT ROWID, STRICT', ') WITHOUT ROWID')"
    try sqlite("PRAGMA writable_schema = ON; \(strict) WHERE name = 'holding'")
    try sqlite("UPDATE holding SET \(change) WHERE code = 'USD'")
    try sqlite(
      "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, ') WITHOUT ROWID', "
        + "') WITHOUT ROWID, STRICT') WHERE name = 'holding'")
    let total = try coffer.run(["--db", database, "-c", "print total()"])
    #expect(total.status == 3 && total.stdout == "" && total.stderr.contains(named), "\(total)")
    let check = try coffer.run(["--db", database, "-c", "check"])
    #expect(check.status == 3 && check.stdout.contains("damaged: " + named), "\(check)")
  }

  // MARK: - Settings, journal, sources

  @Test func aLocalCurrencyCofferDoesNotKnowIsNamedNotTakenForCNY() throws {
    try storeWithHoldings()
    try sqlite("INSERT INTO setting VALUES ('local', 'XXX')")
    let outcome = try coffer.run(["--db", database, "-c", "total"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("(key 'local'): 'XXX' is not a currency Coffer knows"))
  }

  /// A journal row Coffer would not write is named by `log` and by `check`: as itself, or,
  /// when it is a holding's latest entry, as the holding derived from it (which `log`, as
  /// every read of the holdings, meets first).
  @Test(arguments: [
    ("new = 'lots'", "amount 'lots' is not a number as Coffer writes one"),
    ("code = 'XYZ'", "not a currency code as Coffer writes one"),
    ("entered = '2026-11-22 10:00:00'", "entered '2026-11-22 10:00:00' is not a UTC time"),
    ("utc_offset = 9999", "utc_offset is the integer 9999, not minutes east of UTC"),
  ])
  func aBadJournalRowIsNamedByLogNotDropped(change: String, problem: String) throws {
    try storeWithHoldings()
    try sqlite("UPDATE journal SET \(change) WHERE id = 1")
    let log = try coffer.run(["--db", database, "-c", "log"])
    #expect(log.status == 3)
    #expect(log.stdout == "")
    #expect(log.stderr.contains(problem), "\(log.stderr)")
    #expect(log.stderr.contains("journal row 1: ") || log.stderr.contains("holding (code "), "\(log.stderr)")
    let check = try coffer.run(["--db", database, "-c", "check"])
    #expect(check.status == 3)
    #expect(check.stdout.contains("damaged: journal row 1: "), "\(check.stdout)")
  }

  @Test func aHoldingThatDisagreesWithItsJournalIsNamedByCheck() throws {
    try storeWithHoldings()
    try sqlite("UPDATE holding SET amount = '5' WHERE code = 'USD'")
    let check = try coffer.run(["--db", database, "-c", "check"])
    #expect(check.status == 3)
    #expect(check.stdout == "damaged: holding (code 'USD'): amount 5 is not the journal's latest (row 1: 1200)\n")
  }

  @Test(arguments: [
    ("url = 'https://example.org/' || char(27) || ']0;PWNED' || char(7)", "is not an http or https URL"),
    ("currencies = 'USD XYZ'", "currencies 'USD XYZ' is not a list of catalog codes"),
  ])
  func aBadRateSourceIsNamedByTheCommandsThatReadIt(change: String, problem: String) throws {
    try storeWithHoldings()
    try sqlite("UPDATE rate_source SET \(change) WHERE name = 'ECB'")
    let outcome = try coffer.run(["--db", database, "-c", "rates sources"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("rate_source row 1 (name 'ECB'): "))
    #expect(outcome.stderr.contains(problem))
    #expect(!outcome.stderr.contains("\u{1B}"), "an escape is never printed raw")
    #expect(try coffer.run(["--db", database, "-c", "check"]).status == 3)
  }

  // MARK: - Rates

  /// The rates blob of day 20000 in the store's format 3 holding one rate of USD
  /// (catalog index 1), given by its scale byte (bit 7 for a negative value) and
  /// magnitude, with the right checksum: damage only a reading of the rules can find.
  func blob(scale: UInt8, magnitude: UInt64) -> String {
    var bytes: [UInt8] = [3, 1, 1, UInt8(ascii: "x"), 1, 1, 0, 0, scale]
    var value = magnitude
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
    bytes.append(0)  // no quotes
    var crc: UInt32 = 0xFFFF_FFFF
    // The day (20000, as 8 bytes little-endian), then the bytes.
    for byte in [0x20, 0x4E, 0, 0, 0, 0, 0, 0] + bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)]
    return "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
  }

  @Test func anyByteOfADaysRatesChangedIsNamed() throws {
    try storeWithHoldings()
    // Today's rates: one byte in the middle of the blob changed, structure and all intact.
    try sqlite(
      """
      UPDATE rate_day SET rates = CAST(substr(rates, 1, 40)
        || CASE WHEN substr(rates, 41, 1) = X'5A' THEN X'5B' ELSE X'5A' END || substr(rates, 42) AS BLOB)
        WHERE day = (SELECT max(day) FROM rate_day)
      """)
    let outcome = try coffer.run(["--db", database, "-c", "total"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("the stored rates are damaged (its checksum does not match its bytes)"))
  }

  @Test(arguments: [
    (UInt8(0), UInt64(0), "a rate must be greater than 0, found 0"),
    (UInt8(0x80 | 2), UInt64(110), "a rate must be greater than 0, found -1.1"),
    (UInt8(0), UInt64(10_000_000_000_000_000), "a rate must be below 10^15"),
    (UInt8(20), UInt64(1), "a rate must be at least 10^-15"),
  ])
  func aRateOutsideTheRulesInsideADayIsNamedNeverUsed(scale: UInt8, magnitude: UInt64, problem: String) throws {
    try storeWithHoldings()
    try sqlite("INSERT INTO rate_day VALUES (20000, \(blob(scale: scale, magnitude: magnitude)))")
    // 20000 is 2024-10-04: today's rates are later rows, which carry it forward only if
    // written by Coffer; the dated total reads the damaged row itself.
    let dated = try coffer.run(["--db", database, "-c", "total at 2024-10-05"])
    #expect(dated.status == 3)
    #expect(dated.stdout == "")
    #expect(dated.stderr.contains("rate_day row 20000 (2024-10-04): the stored rates are damaged (\(problem)"))
    let check = try coffer.run(["--db", database, "-c", "check"])
    #expect(check.status == 3)
    #expect(check.stdout.contains("damaged: rate_day row 20000 (2024-10-04)"))
  }

  /// Days before 0001-01-01 and after 9999-12-31, at the ends of what a day can be and
  /// next to the calendar.
  @Test(arguments: ["-9223372036854775808", "-719163", "2932897", "9223372036854775807"])
  func aDayOutsideTheCalendarIsNamedNotACrash(day: String) throws {
    try storeWithHoldings()
    try sqlite("INSERT INTO rate_day VALUES (\(day), X'01')")
    let outcome = try coffer.run(["--db", database, "-c", "total at 2001-01-01"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("rate_day row \(day): the stored rates are damaged (day"), "\(outcome.stderr)")
    // Not a row any date reads, yet it was some date's rates: every read of rates names it.
    let today = try coffer.run(["--db", database, "-c", "total"])
    #expect(today.status == 3)
    #expect(today.stderr.contains("rate_day row \(day)"))
  }

  // MARK: - --atomic

  @Test func anAtomicRunIsOneTransaction() throws {
    let rates = try coffer.write("at.csv", "date,code,rate\n2026-11-01,USD,1.1\n")
    let failed = try coffer.run([
      "--db", database, "--atomic", "-c",
      "rates import \(rates); rates sources add foo https://example.org/x; set USD 5; bogus",
    ])
    #expect(failed.status == 1)
    #expect(failed.stderr.hasSuffix("coffer: nothing saved: --atomic run had errors\n"))
    let after = try coffer.run(["--db", database, "-c", "rates sources; rates USD; print amount(USD)"])
    #expect(!after.stdout.contains("foo"))
    #expect(after.stdout.contains("1 USD = 6.6528822055 CNY"), "the import was rolled back too")
    #expect(after.stdout.hasSuffix("\n0\n"))
    // The same run without the error keeps all three.
    let kept = try coffer.run([
      "--db", database, "--atomic", "-c",
      "rates import \(rates); rates sources add foo https://example.org/x; set USD 5",
    ])
    #expect(kept.status == 0)
    let later = try coffer.run(["--db", database, "-c", "rates sources; rates USD; print amount(USD)"])
    #expect(later.stdout.contains("foo "))
    #expect(later.stdout.contains("1 USD = 6.7569090909 CNY"), "1.1 USD per euro, from at.csv")
    #expect(later.stdout.hasSuffix("\n5\n"))
  }

  // MARK: - Time

  @Test func anImpossibleCofferTodayIsAnError() throws {
    let outcome = try coffer.run(
      ["--db", database, "-c", "total"], extraEnvironment: ["COFFER_TODAY": "2100-02-29"])
    #expect(
      outcome
        == Outcome(
          stdout: "", stderr: "coffer: error: COFFER_TODAY='2100-02-29' is not a valid date (YYYY-MM-DD)\n", status: 2))
  }

  @Test func journalTimesAreUTCWithTheirOffset() throws {
    #expect(
      try coffer.run(["--db", database, "-c", "set USD 1"], extraEnvironment: ["TZ": "Asia/Shanghai"]).status == 0)
    #expect(
      try coffer.run(["--db", database, "-c", "set USD 2"], extraEnvironment: ["TZ": "America/New_York"]).status == 0)
    // Stored in UTC, in the order they happened, with the offset of the clock that made each.
    let rows = try coffer.run(
      [database, "SELECT entered GLOB '????-??-??T??:??:??Z', utc_offset FROM journal ORDER BY entered, id"],
      binary: "/usr/bin/sqlite3")
    #expect(rows.stdout == "1|480\n1|-300\n" || rows.stdout == "1|480\n1|-240\n")
    let log = try coffer.run(["--db", database, "-c", "log --format csv"])
    let lines = log.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0] == "effective,code,place,old,new,entered")
    #expect(lines[1].hasPrefix("2026-11-22,USD,,1,2,2026-11-22T"), "newest first")
    #expect(lines[1].hasSuffix("-05:00") || lines[1].hasSuffix("-04:00"))
    #expect(lines[2].hasPrefix("2026-11-22,USD,,0,1,2026-11-22T"))
    #expect(lines[2].hasSuffix("+08:00"))
  }

  @Test(.enabled(if: getuid() == 0, "needs root to run coffer as another user (setpriv)"))
  func anOlderStoreThisUserMayNotWriteIsRefusedWithoutLeavingACopy() throws {
    // A store of schema 8, which only root may write; opened by `nobody`, in a folder
    // anyone may write.
    try sqlite(
      OlderStores.schemaEight(
        rows: """
          INSERT INTO journal (entered, utc_offset, effective, code, old, new) VALUES
            ('2026-11-01T10:00:00Z', 0, 18326, 'USD', '0', '5'), ('2026-11-01T10:00:00Z', 0, 20760, 'USD', '5', '7');
          INSERT INTO holding VALUES ('USD', '7');
          """))
    #expect(chmod(database, 0o444) == 0 && chmod(coffer.home, 0o777) == 0)
    for _ in 0..<2 {
      let outcome = try coffer.run(
        ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CofferProcess.binary, "--db", database, "-c", "total"],
        binary: "/usr/bin/setpriv")
      #expect(outcome.status == 3, "\(outcome)")
      #expect(outcome.stderr.contains("is read-only"), "\(outcome)")
    }
    #expect(!FileManager.default.fileExists(atPath: database + ".before-v12"))
    // Its owner upgrades it, keeping the one copy.
    let upgraded = try coffer.run(["--db", database, "-c", "print amount(USD)"])
    #expect(upgraded.status == 0 && upgraded.stdout == "7\n", "\(upgraded)")
    #expect(FileManager.default.fileExists(atPath: database + ".before-v12"))
    #expect(!FileManager.default.fileExists(atPath: database + ".before-v12.2"))
  }

  @Test func aStoreOfSchemaFourIsCopiedThenMigrated() throws {
    // Schema 4's journal kept local times with no zone.
    try sqlite(
      """
      PRAGMA application_id = 1131374182; PRAGMA user_version = 4;
      CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
      INSERT INTO grdb_migrations VALUES ('v1: holdings, rates, settings'), ('v2: journal'),
        ('v3: rates as one snapshot per day'), ('v4: rate sources; direct quotes in the day snapshots');
      CREATE TABLE holding (code TEXT PRIMARY KEY NOT NULL, amount TEXT NOT NULL);
      CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
      CREATE TABLE journal (
        id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, code TEXT NOT NULL, old TEXT NOT NULL,
        new TEXT NOT NULL);
      CREATE INDEX journal_code ON journal (code, id);
      CREATE TABLE rate_day (day INTEGER PRIMARY KEY, rates BLOB NOT NULL);
      CREATE TABLE rate_source (
        position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, url TEXT NOT NULL, currencies TEXT NOT NULL);
      INSERT INTO holding VALUES ('USD', '200');
      INSERT INTO journal (time, code, old, new) VALUES ('2025-06-30 23:30:00', 'USD', '0', '100'),
        ('2025-07-01 08:00:00', 'USD', '100', '200');
      """)
    let outcome = try coffer.run(
      ["--db", database, "-c", "log --format csv"], extraEnvironment: ["TZ": "Asia/Shanghai"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stderr
        == "coffer: the store \(database) was upgraded to this Coffer's schema; a copy as it was is kept in \(database).before-v12\n"
    )
    #expect(
      outcome.stdout
        == "effective,code,place,old,new,entered\n2025-07-01,USD,,100,200,2025-07-01T08:00:00+08:00\n"
        + "2025-06-30,USD,,0,100,2025-06-30T23:30:00+08:00\n")
    let stored = try coffer.run(
      [database, "SELECT entered, utc_offset, effective FROM journal ORDER BY id"], binary: "/usr/bin/sqlite3")
    // Effective dates are day numbers: 20269 is 2025-06-30.
    #expect(stored.stdout == "2025-06-30T15:30:00Z|480|20269\n2025-07-01T00:00:00Z|480|20270\n")
    // The copy is the store as it was, schema 4, and private.
    let copy = try coffer.run([database + ".before-v12", "PRAGMA user_version"], binary: "/usr/bin/sqlite3")
    #expect(copy.stdout == "4\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: database + ".before-v12")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    // Opened again: no second copy, no message.
    #expect(try coffer.run(["--db", database, "-c", "check"]).stderr == "")
    #expect(!FileManager.default.fileExists(atPath: database + ".before-v12.2"))
  }
}

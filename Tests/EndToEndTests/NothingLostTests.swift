import Foundation
import Testing

/// Edits are never lost and wrong data is never taken: other processes on the same
/// store, saves that fail, files that are not Coffer stores, endless input.
@Suite struct NothingLostTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/shared.db"
  }

  /// Runs `/bin/sh -c COMMAND` in the sandbox (for ulimit and timeout).
  func shell(_ command: String) throws -> Outcome {
    try coffer.run(["-c", command], binary: "/bin/sh")
  }

  // MARK: - Other processes

  @Test func aSessionSavingBesideManyShortRunsIsNeverKilled() throws {
    #expect(try coffer.run(["--db", database, "-c", "save"]).status == 0)
    let live = try coffer.start(["--db", database])
    var lastSent = 0
    for round in 1...40 {
      // A save per round, while short-lived processes open and close the same store:
      // the last one to close used to pull SQLite's shared memory from under the session.
      live.send("set USD \(round); save")
      lastSent = round
      let other = try coffer.run(["--db", database, "-c", "total"])
      #expect(other.status == 0, "\(other)")
    }
    live.send("print amount(USD)")
    #expect(live.waitFor("the last value") { $0.stdout == "\(lastSent)\n" })
    #expect(live.finish() == 0)
    #expect(live.stderr == "")
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD)"]).stdout == "\(lastSent)\n")
  }

  @Test func aSheetFieldPassedThroughDoesNotOverwriteAnotherSessionsSave() throws {
    #expect(try coffer.run(["--db", database, "-c", "set GBP 1"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open GBP; print amount(GBP)")
    #expect(live.waitFor("the sheet") { $0.stdout == "1\n" })
    #expect(try coffer.run(["--db", database, "-c", "set GBP 5"]).status == 0)
    live.send("next; dismiss")
    live.send("print amount(GBP)")
    #expect(live.waitFor("the dismiss") { $0.stdout.hasSuffix("\n5\n") })
    #expect(live.finish() == 0)
    #expect(live.stderr == "")
    let log = try coffer.run(["--db", database, "-c", "log GBP --format csv"])
    #expect(
      log.stdout.split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst().dropLast().joined(separator: ",")
      }
        == ["code,place,old,new", "GBP,,1,5", "GBP,,0,1"])
  }

  @Test func aChangedSheetFieldThatMeetsANewerSaveIsAConflictAndKeptForPasting() throws {
    #expect(try coffer.run(["--db", database, "-c", "set GBP 1; set EUR 1"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open GBP; 7; print amount(GBP)")
    #expect(live.waitFor("the draft") { $0.stdout == "1\n" })
    #expect(try coffer.run(["--db", database, "-c", "set GBP 6"]).status == 0)
    live.send("EUR 2; dismiss")
    #expect(
      live.waitFor("the conflict") {
        $0.stderr.contains("another session saved GBP = 6 (yours: 7); that edit is kept unsaved")
      })
    // EUR is saved, GBP is not; at the end the lost edit is printed as a line to paste.
    #expect(live.finish() == 3)
    #expect(live.stderr.hasSuffix("coffer: not saved; to apply these edits later, run them again:\nset GBP 7\n"))
    #expect(live.stderr.components(separatedBy: "another session saved").count == 2, "reported once: \(live.stderr)")
    #expect(try coffer.run(["--db", database, "-c", "print amount(GBP) amount(EUR)"]).stdout == "6\n2\n")
  }

  /// A sheet field over this session's own unsaved balance for a past date is based on
  /// the store's amount, not the one it showed: alone, its edit is no conflict (it was
  /// one, "another session saved EUR = 5"); beside another session's save meanwhile, it
  /// still is, and stays one at the end of the run, though the save wrote the balance for
  /// the past date (which used to let the last save write over the other session's 7).
  @Test func aSheetFieldOverAnUnsavedPastBalanceIsAConflictOnlyWithAnotherSave() throws {
    #expect(try coffer.run(["--db", database, "-c", "set EUR 5 at 2026-01-05"]).status == 0)
    let alone = try coffer.run(["--db", database, "-c", "set EUR 2 at 2026-01-09; open; EUR 3; dismiss"])
    #expect(alone.status == 0, "\(alone)")
    #expect(alone.stderr == "", "\(alone)")
    #expect(
      try coffer.run(["--db", database, "-c", "print amount(EUR) amount_at(EUR, 2026-01-09)"]).stdout == "3\n2\n")
    #expect(try coffer.run(["--db", database, "-c", "set GBP 5 at 2026-01-05"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("set GBP 4 at 2026-02-01; open; GBP; print amount(GBP)")
    #expect(live.waitFor("the sheet") { $0.stdout == "4\n" }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set GBP 7"]).status == 0)
    live.send("8; dismiss")
    #expect(
      live.waitFor("the conflict") { $0.stderr.contains("another session saved GBP = 7 (yours: 8)") }, "\(live.stderr)")
    #expect(live.finish() == 3)
    #expect(try coffer.run(["--db", database, "-c", "print amount(GBP)"]).stdout == "7\n")
  }

  @Test(arguments: ["cancel", "undo; cancel"])
  func aSheetCommitTakenBackAfterAnUnsavedPastBalanceLeavesNoAmountOfItsOwn(takeBack: String) throws {
    // Taking back the sheet's commit once committed the amount before it as today's own
    // edit: the balance for 2026-04-10 written again after it was then overruled by a
    // today's 10 nobody wrote.
    let outcome = try coffer.run([
      "--db", database, "-c", "set EUR 10 at 2026-04-10; open; EUR 0; blur; \(takeBack); set EUR 1 at 2026-04-10",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    let after = try coffer.run(["--db", database, "-c", "print amount(EUR); log EUR"])
    #expect(after.stdout.hasPrefix("1\n"), "\(after)")
    // The balance for 2026-04-10 and no entry for today.
    #expect(after.stdout.contains("2026-04-10  EUR  0 → 1"), "\(after)")
    #expect(!after.stdout.contains("2026-11-22  EUR"), "\(after)")
  }

  /// A commit a save in the sheet wrote is taken back by a new edit: `cancel` and `undo`
  /// put back the amount at `open` (the unsaved edit the commit replaced was none).
  @Test(arguments: ["cancel", "undo; dismiss"])
  func aSheetCommitTakenBackAfterASaveInTheSheetIsUndoneInTheStore(takeBack: String) throws {
    let outcome = try coffer.run(["--db", database, "-c", "open; USD 7; blur; save; \(takeBack)"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD)"]).stdout == "0\n")
  }

  /// In a sheet at a date, a commit a save in the sheet wrote is taken back by a balance
  /// for the date again, and a later commit is based on what that save wrote: once,
  /// `undo` did nothing after the save, and the next commit was a conflict with this
  /// very session.
  @Test(arguments: ["undo; dismiss", "cancel"])
  func aCommitInASheetAtADateTakenBackAfterASaveIsUndoneInTheStore(takeBack: String) throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10"]).status == 0)
    let outcome = try coffer.run([
      "--db", database, "-c", "open at 2026-06-01; USD 7; blur; save; \(takeBack); print amount_at(USD, 2026-06-01)",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasSuffix("5\n"), "\(outcome)")
    let after = try coffer.run(["--db", database, "-c", "print amount_at(USD, 2026-06-01); log USD"])
    #expect(after.stdout.hasPrefix("5\n2026-06-01  USD  7 → 5"), "\(after)")
  }

  @Test func aCommitInASheetAtADateAfterASaveInTheSheetIsNoConflict() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10"]).status == 0)
    let outcome = try coffer.run([
      "--db", database, "-c", "open at 2026-06-01; USD 7; blur; save; USD 9; blur; dismiss",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr.isEmpty, "\(outcome)")
    #expect(try coffer.run(["--db", database, "-c", "print amount_at(USD, 2026-06-01)"]).stdout == "9\n")
  }

  /// What `holdings import` writes inside a sheet at a date is this session's own, as a
  /// save in the sheet is: a commit over an imported balance is no conflict, and a later
  /// entry imported makes the commit not the current amount.
  @Test func aCommitInASheetAtADateOverABalanceImportedInTheSheetIsNoConflict() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10; set EUR 1 at 2026-04-10"]).status == 0)
    let file = try coffer.write(
      "held.csv", "date,code,amount\n2026-06-01,USD,40\n2026-05-01,EUR,30\n2026-11-20,EUR,31\n")
    let outcome = try coffer.run([
      "--db", database, "-c",
      "open at 2026-06-01; holdings import \(file); print amount_at(USD, 2026-06-01) amount_at(EUR, 2026-06-01); "
        + "USD 7; EUR 8; blur; dismiss",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr.isEmpty, "\(outcome)")
    #expect(outcome.stdout.contains("40\n30\n"), "\(outcome)")
    let after = try coffer.run([
      "--db", database, "-c", "print amount_at(USD, 2026-06-01) amount_at(EUR, 2026-06-01) amount(USD) amount(EUR)",
    ])
    #expect(after.stdout == "7\n8\n7\n31\n", "\(after)")
  }

  /// A sheet at a date shows what `holdings import` wrote on its date, as it shows what a
  /// save in it wrote: a field not being edited at once, a commit taken back afterwards.
  @Test func aSheetAtADateShowsWhatAnImportInItWroteOnItsDate() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 10 at 2026-05-01; set EUR 4 at 2026-05-01"]).status == 0)
    let file = try coffer.write("held.csv", "date,code,amount\n2026-06-01,USD,30\n2026-06-01,EUR,9\n")
    let outcome = try coffer.run([
      "--db", database, "-c",
      "open at 2026-06-01 --lines; holdings import \(file); show; USD 7; blur; undo; show; dismiss",
    ])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr.isEmpty, "\(outcome)")
    let rows = outcome.stdout.split(separator: "\n").filter { $0.contains("US Dollar") || $0.contains("Euro") }
    #expect(rows.count == 4, "\(outcome)")
    // The focused field keeps the text it was entered with (a draft is the person's).
    #expect(rows.first?.contains("[10]") == true, "\(rows)")
    #expect(rows.filter { $0.contains("€9.00") }.count == 2, "\(rows)")
    #expect(rows.last(where: { $0.contains("US Dollar") })?.contains("$30.00") == true, "\(rows)")
    #expect(try coffer.run(["--db", database, "-c", "print amount_at(USD, 2026-06-01)"]).stdout == "30\n")
  }

  /// A sheet at a date keeps what it read of a holding this session did not save: a
  /// commit over a balance another session saved since the sheet opened, which the field
  /// does not show, is a conflict, also after a save in the sheet of another holding.
  @Test func aCommitInASheetAtADateOverAnotherSessionsSaveSinceItOpenedIsAConflict() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open at 2026-06-01; print 1")
    #expect(live.waitFor("the sheet") { $0.stdout.hasSuffix("1\n") }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set USD 3 at 2026-06-01"]).status == 0)
    live.send("EUR 2; blur; save; USD 8; blur; dismiss")
    #expect(
      live.waitFor("the conflict") { $0.stderr.contains("another session saved USD on 2026-06-01 = 3 (yours: 8)") },
      "\(live.stderr)")
    #expect(live.finish() == 3)
    let after = try coffer.run(["--db", database, "-c", "print amount_at(USD, 2026-06-01) amount_at(EUR, 2026-06-01)"])
    #expect(after.stdout == "3\n2\n", "\(after)")
  }

  /// What a save in a sheet at a date wrote is what the sheet's next commit is based on,
  /// not what the store holds when that commit is made: another session's save in
  /// between is a conflict.
  @Test(arguments: ["USD 8; blur; save", "cancel; save"])
  func aCommitInASheetAtADateAfterItsSaveAndAnotherSessionsIsAConflict(next: String) throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open at 2026-06-01; USD 7; blur; save; print 1")
    #expect(live.waitFor("the save") { $0.stdout.hasSuffix("1\n") }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set USD 9 at 2026-06-01"]).status == 0)
    live.send(next)
    #expect(
      live.waitFor("the conflict") { $0.stderr.contains("another session saved USD on 2026-06-01 = 9") },
      "\(live.stderr)")
    #expect(live.finish() == 3)
    #expect(try coffer.run(["--db", database, "-c", "print amount_at(USD, 2026-06-01)"]).stdout == "9\n")
  }

  /// Taking back an unsaved commit in a sheet at a date after another session saved a
  /// later entry writes nothing, and the current amount is that session's.
  @Test(arguments: ["cancel", "undo; dismiss"])
  func aCommitInASheetAtADateTakenBackAfterAnotherSessionsLaterEntryWritesNothing(takeBack: String) throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open at 2026-06-01; USD 7; blur; print 1")
    #expect(live.waitFor("the commit") { $0.stdout.hasSuffix("1\n") }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set USD 6 at 2026-05-01; set USD 9 at 2026-07-01"]).status == 0)
    live.send("\(takeBack); print amount(USD) amount_at(USD, 2026-06-01)")
    #expect(live.waitFor("the amounts") { $0.stdout.hasSuffix("9\n6\n") }, "\(live.stdout)")
    #expect(live.finish() == 0, "\(live.stderr)")
    let log = try coffer.run(["--db", database, "-c", "log USD"])
    #expect(!log.stdout.contains("2026-06-01"), "\(log)")
  }

  /// Taking back an unsaved commit in a sheet at a date shows another session's save of
  /// that very day, read while the commit was pending, in the current amount too (it
  /// showed the amount from before both).
  @Test func aCommitInASheetAtADateTakenBackShowsAnotherSessionsSaveOfThatDay() throws {
    #expect(try coffer.run(["--db", database, "-c", "set EUR 4 at 2026-04-10"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open at 2026-06-01; EUR 9; blur; print 1")
    #expect(live.waitFor("the commit") { $0.stdout.hasSuffix("1\n") }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set EUR 2 at 2026-06-01"]).status == 0)
    live.send("undo; print amount(EUR) amount_at(EUR, 2026-06-01); print 3")
    #expect(live.waitFor("the amounts") { $0.stdout.hasSuffix("3\n") }, "\(live.stdout)")
    #expect(live.finish() == 0, "\(live.stderr)")
    #expect(live.stdout.hasSuffix("1\n2\n2\n3\n"), "\(live.stdout)")
  }

  /// A commit in a sheet at a date, made after another session saved a later entry of
  /// the holding, is not the current amount: that entry is.
  @Test func aCommitInASheetAtADateBeforeAnotherSessionsLaterEntryIsNotTheCurrentAmount() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 5 at 2026-04-10"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open at 2026-06-01; print 1")
    #expect(live.waitFor("the sheet") { $0.stdout.hasSuffix("1\n") }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set USD 9"]).status == 0)
    live.send("USD 8; blur; print amount(USD) amount_at(USD, 2026-06-01); dismiss; print amount(USD)")
    #expect(live.waitFor("the amounts") { $0.stdout.hasSuffix("9\n8\n") || $0.stdout.count > 40 }, "\(live.stdout)")
    #expect(live.finish() == 0, "\(live.stderr)")
    #expect(live.stdout.hasPrefix("1\n9\n8\n"), "\(live.stdout)")
    #expect(live.stdout.hasSuffix("\n9\n"), "\(live.stdout)")
  }

  /// Taking back a commit shows the store's amount as it is now: another session's save
  /// of the holding, read while the commit was pending, is not hidden by the amount the
  /// field showed when it took the focus.
  @Test func aSheetCommitTakenBackShowsAnotherSessionsSaveOfTheHolding() throws {
    let live = try coffer.start(["--db", database])
    live.send("open; EUR 21; print 1")
    #expect(live.waitFor("the field") { $0.stdout == "1\n" }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set EUR 2"]).status == 0)
    // Leaving the field commits 21 over the 0 it showed; `undo` takes it back.
    live.send("JPY 1; undo; print amount(EUR); dismiss; print amount(EUR)")
    #expect(live.waitFor("the amounts") { $0.stdout.hasSuffix("2\n") && $0.stdout.contains("\n2\n") }, "\(live.stdout)")
    #expect(live.finish() == 0, "\(live.stderr)")
    #expect(live.stdout.hasPrefix("1\n2\n"), "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "print amount(EUR) amount(JPY)"]).stdout == "2\n1\n")
  }

  /// Taking back a commit a save in the sheet wrote is an edit based on what that save
  /// wrote: another session's save since is a conflict, not overwritten.
  @Test(arguments: ["cancel", "undo; dismiss"])
  func aSheetCommitTakenBackAfterASaveIsAConflictWithAnotherSessionsSaveSince(takeBack: String) throws {
    let live = try coffer.start(["--db", database])
    live.send("open; USD 7; blur; save; print 1")
    #expect(live.waitFor("the save") { $0.stdout == "1\n" }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set USD 3"]).status == 0)
    live.send(takeBack)
    live.send("save")
    #expect(
      live.waitFor("the conflict") { $0.stderr.contains("another session saved USD = 3 (yours: 0)") }, "\(live.stderr)")
    #expect(live.finish() == 3)
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD)"]).stdout == "3\n")
  }

  /// A save that finds the store holding our amount already (another session saved the
  /// same) writes nothing and takes it as the base of later edits: a commit taken back
  /// afterwards shows it, not the amount the store held before.
  @Test func aSaveFindingOurAmountStoredAlreadyTakesItAsTheBase() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 4"]).status == 0)
    let live = try coffer.start(["--db", database])
    live.send("open; USD 0; blur; print 1")
    #expect(live.waitFor("the commit") { $0.stdout == "1\n" }, "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "set USD 0"]).status == 0)
    live.send("save; USD 5; blur; undo; print amount(USD); dismiss; print amount(USD)")
    #expect(live.finish() == 0, "\(live.stderr)")
    #expect(live.stdout.hasPrefix("1\n0\n"), "\(live.stdout)")
    #expect(live.stdout.hasSuffix("\n0\n"), "\(live.stdout)")
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD)"]).stdout == "0\n")
  }

  @Test func aConflictOnOneCurrencyDoesNotHoldBackTheOthers() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 1; set EUR 1"]).status == 0)
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD 2; print 0")
    #expect(live.waitFor("the first edit") { $0.stdout == "0\n" })
    #expect(try coffer.run(["--db", database, "-c", "set USD 9"]).status == 0)
    live.send("set EUR 2; set JPY 3; save")
    #expect(live.waitFor("the conflict") { $0.stderr.contains("USD = 9 (yours: 2)") })
    #expect(try coffer.run(["--db", database, "-c", "holdings --format plain"]).stdout == "USD 9\nEUR 2\nJPY 3\n")
    // Later saves of other currencies go through; the conflicting one stays pending.
    live.send("set HKD 4; save")
    live.send("save --force")
    #expect(live.finish() == 1)
    #expect(
      try coffer.run(["--db", database, "-c", "holdings --format plain"]).stdout == "USD 2\nEUR 2\nJPY 3\nHKD 4\n")
  }

  // MARK: - Stores that are not Coffer's

  @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
    let path = coffer.home + "/notes.db"
    let made = try shell("sqlite3 \(path) 'CREATE TABLE notes (text); PRAGMA user_version = 5'")
    #expect(made.status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let outcome = try coffer.run(["--db", path, "-c", "total"])
    #expect(
      outcome
        == Outcome(
          stdout: "",
          stderr:
            "coffer: error: \(path) is not a Coffer store: it is another application's SQLite database (tables notes); left untouched\n",
          status: 3))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aStoreFromANewerCofferIsRefused() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 1"]).status == 0)
    #expect(try shell("sqlite3 \(database) 'PRAGMA application_id; PRAGMA user_version = 13'").stdout == "1131374182\n")
    let outcome = try coffer.run(["--db", database, "-c", "total"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("made by a newer Coffer (schema 13; this one knows up to 12)"))
    #expect(try shell("sqlite3 \(database) 'PRAGMA user_version'").stdout == "13\n")
  }

  @Test(arguments: ["x", "SQLite format 3", String(repeating: "not a database\n", count: 80)])
  func aFileThatIsNotSQLiteIsRefusedAndLeftAlone(contents: String) throws {
    let path = try coffer.write("odd.db", contents)
    let outcome = try coffer.run(["--db", path, "-c", "set USD 1"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr == "coffer: error: \(path) is not a Coffer store (not a SQLite database, or damaged)\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
  }

  @Test func aStoreMadeBeforeTheApplicationIdIsMarkedWhenOpened() throws {
    // A store of schema 1, as the first Coffer made it: no application id, no version but
    // GRDB's table of migrations.
    let made = try shell(
      """
      sqlite3 \(database) "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: holdings, rates, settings');
        CREATE TABLE holding (code TEXT PRIMARY KEY NOT NULL, amount TEXT NOT NULL);
        CREATE TABLE rate (code TEXT NOT NULL, date TEXT NOT NULL, perEuro TEXT NOT NULL, source TEXT NOT NULL,
          PRIMARY KEY (code, date));
        CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        INSERT INTO holding VALUES ('USD', '1');"
      """)
    #expect(made.status == 0, "\(made)")
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD)"]).stdout == "1\n")
    #expect(try shell("sqlite3 \(database) 'PRAGMA application_id'").stdout == "1131374182\n")
  }

  @Test func checkSaysPlainlyWhetherTheStoreIsSound() throws {
    #expect(
      try coffer.run([
        "--db", database, "-c", "rates import \(CofferProcess.fixtures)/ecb-daily-2026-10-30.csv; set USD 1",
      ]).status == 0)
    #expect(
      try coffer.run(["--db", database, "-c", "check"])
        == Outcome(
          stdout: "the store \(database) is sound (SQLite integrity check: ok; every row Coffer keeps reads back)\n",
          stderr: "", status: 0))
    // A large store (the ECB history) is checked on open only after an unclean exit;
    // scribble over the journal's page, which opening it does not read: `check` finds it.
    let large = coffer.home + "/large.db"
    #expect(
      try coffer.run(["--db", large, "-c", "rates import \(CofferProcess.fixtures)/eurofxref-hist.zip; set USD 1"])
        .status == 0)
    #expect(try scribble(onPageOf: "journal", in: large).status == 0)
    let checked = try coffer.run(["--db", large, "-c", "check"])
    #expect(checked.status == 3, "\(checked)")
    #expect(checked.stderr.contains("error: the store \(large) is damaged: SQLite's integrity check found "))
    // A small store is checked every time it is opened, and refused before any write.
    #expect(try scribble(onPageOf: "journal", in: database).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let refused = try coffer.run(["--db", database, "-c", "set USD 2"])
    #expect(refused.status == 3)
    #expect(refused.stderr.hasPrefix("coffer: error: the store \(database) is damaged: SQLite's quick check found "))
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  @Test func aCleanExitLeavesAnEmptyLogAndAKilledSessionIsCheckedAtTheNextOpen() throws {
    let large = coffer.home + "/large.db"
    #expect(
      try coffer.run(["--db", large, "-c", "rates import \(CofferProcess.fixtures)/eurofxref-hist.zip; set USD 1"])
        .status == 0)
    // SQLite's log and shared memory stay beside the store for the next run, the log
    // emptied: nothing in it to recover, so a large store is not checked.
    #expect(try size(of: large + "-wal") == 0)
    #expect(FileManager.default.fileExists(atPath: large + "-shm"))
    #expect(try scribble(onPageOf: "rate_source", in: large).status == 0)
    let unchecked = try coffer.run(["--db", large, "-c", "print amount(USD)"])
    #expect(unchecked == Outcome(stdout: "1\n", stderr: "", status: 0))
    #expect(try size(of: large + "-wal") == 0)
    // A session killed after a save leaves it in the log: the next open checks the store
    // and finds the damage before anything reads or writes it.
    let live = try coffer.start(["--db", large])
    live.send("set USD 2; save; print amount(USD)")
    #expect(live.waitFor("the save") { $0.stdout == "2\n" })
    kill(live.process.processIdentifier, SIGKILL)
    live.process.waitUntilExit()
    #expect(try size(of: large + "-wal") > 0)
    let refused = try coffer.run(["--db", large, "-c", "print amount(USD)"])
    #expect(refused.status == 3, "\(refused)")
    #expect(refused.stderr.hasPrefix("coffer: error: the store \(large) is damaged: SQLite's quick check found "))
  }

  func size(of path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
  }

  /// Overwrites the b-tree page header of `table`'s root page.
  func scribble(onPageOf table: String, in path: String) throws -> Outcome {
    try shell(
      """
      page=$(sqlite3 \(path) "SELECT rootpage FROM sqlite_master WHERE name = '\(table)'")
      printf '\\377\\377\\377\\377\\377\\377\\377\\377' | dd of=\(path) bs=1 seek=$(((page - 1) * 4096 + 3)) conv=notrunc 2>/dev/null
      """)
  }

  @Test func anExplicitStoreInAMissingFolderIsAnError() throws {
    let outcome = try coffer.run(["--db", coffer.home + "/no/such/folder/c.db", "-c", "total"])
    #expect(
      outcome
        == Outcome(
          stdout: "",
          stderr:
            "coffer: error: cannot open the store \(coffer.home)/no/such/folder/c.db: the folder \(coffer.home)/no/such/folder does not exist\n",
          status: 3))
    #expect(!FileManager.default.fileExists(atPath: coffer.home + "/no"))
  }

  // MARK: - Endless and unreadable input

  @Test func anEndlessLineIsAnErrorWithinBoundedMemoryAndTime() throws {
    // 200 MB of address space and 10 s of CPU: reading /dev/zero as a script used to
    // grow without bound.
    let outcome = try shell(
      "ulimit -v 400000; ulimit -t 10; \(CofferProcess.binary) --db :memory: -c 'source /dev/zero' -c 'print 5'; echo \"status $?\""
    )
    #expect(
      outcome
        == Outcome(
          stdout: "status 1\n",
          stderr: "/dev/zero:1:1: error: line 1 has no end within 1048576 bytes; the rest of /dev/zero is not read\n",
          status: 0))
  }

  @Test func aFailedReadIsAnErrorNotTheEndOfTheFile() throws {
    // Reading /proc/self/mem at offset 0 fails with EIO.
    let outcome = try coffer.run(["--db", ":memory:", "--keep-going", "/proc/self/mem", "-c", "print 5"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "/proc/self/mem:1:1: error: cannot read /proc/self/mem: Input/output error\n")
  }

  @Test func longRunsOfContinuedLinesTakeLinearTime() throws {
    // 8 MB of `\`-continued lines: quadratic scanning took 41 s; 15 s of CPU is ample.
    let line = "set USD 1 \\\n"
    let path = try coffer.write("continued.coffer", String(repeating: line, count: 700_000) + "\n")
    let outcome = try shell(
      "ulimit -t 15; \(CofferProcess.binary) --db :memory: --keep-going \(path) >/dev/null 2>&1; echo \"status $?\"")
    #expect(outcome.stdout == "status 1\n")
  }

  @Test func sigtermStopsALongScriptQuicklyAndSavesWhatRan() throws {
    // The export, a file of its own, says that the script runs and its first line ran.
    let exported = coffer.home + "/started.ledger"
    let path = try coffer.write(
      "long.coffer",
      "set USD amount(USD) + 1\nrates export \(exported)\n"
        + String(repeating: "set USD amount(USD) + 1\n", count: 1_000_000))
    let live = try coffer.start(["--db", database, path])
    waitUntil("the script to start") { FileManager.default.fileExists(atPath: exported) }
    let sent = Date()
    kill(live.process.processIdentifier, SIGTERM)
    let status = live.finish()
    #expect(Date().timeIntervalSince(sent) < 2)
    #expect(status == 128 + SIGTERM)
    // What ran before the signal is saved: USD counted up from 0.
    let saved = try coffer.run(["--db", database, "-c", "assert amount(USD) > 0"])
    #expect(saved.status == 0, "\(saved)")
  }

  // MARK: - Smaller

  @Test func aValueGivenToHelpIsAUsageError() throws {
    let outcome = try coffer.run(["--help=x"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("Error: --help takes no value\n"))
  }

  @Test func sourcingAFileThatIsNotAScriptDoesNotEchoItsContents() throws {
    let path = try coffer.write("hostname", "secret-host\n")
    let outcome = try coffer.run(["--db", ":memory:", "-c", "source \(path)"])
    #expect(
      outcome
        == Outcome(
          stdout: "",
          stderr: "\(path):1:1: error: \(path) does not look like a Coffer script (it does not start with a command)\n",
          status: 1))
  }
}

/// The cases a hostile review of the above found.
@Suite struct NothingLostReviewTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  func shell(_ command: String) throws -> Outcome {
    try coffer.run(["-c", command], binary: "/bin/sh")
  }

  @Test func aValueTypedBackAfterARefusedDismissIsCommitted() throws {
    let database = coffer.home + "/typed.db"
    #expect(try coffer.run(["--db", database, "-c", "set GBP 1"]).status == 0)
    let outcome = try coffer.run(
      ["--db", database, "--keep-going"], stdin: "open USD\nset 1.234\nGBP\nset 9\ndismiss\nset 1\nUSD 2\ndismiss\n")
    #expect(outcome.status == 1)
    #expect(try coffer.run(["--db", database, "-c", "holdings --format plain"]).stdout == "USD 2\nGBP 1\n")
  }

  @Test func aDatabaseWithATableNamedHoldingIsNotTakenForACofferStore() throws {
    let path = coffer.home + "/other.db"
    #expect(try shell("sqlite3 \(path) 'CREATE TABLE holding (code TEXT PRIMARY KEY, amount TEXT)'").status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let outcome = try coffer.run(["--db", path, "-c", "total"])
    #expect(outcome.status == 3)
    #expect(
      outcome.stderr.contains("is not a Coffer store: it is another application's SQLite database; left untouched"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// A store killed while it was being made, after WAL mode wrote the file's header and
  /// before the first migration committed (kill9 found it: one kill in many runs), holds
  /// a database of no schema at all. It holds nothing, and is made a store, as a new file
  /// is; a database with a schema of its own is still refused.
  @Test func aDatabaseOfNoSchemaAtAllIsMadeAStore() throws {
    let path = coffer.home + "/stopped.db"
    #expect(try shell("sqlite3 \(path) 'PRAGMA journal_mode = WAL'").status == 0)
    #expect(try coffer.run(["--db", path, "-c", "set USD 1; holdings --format plain"]).stdout == "USD 1\n")
    let versioned = coffer.home + "/versioned.db"
    #expect(try shell("sqlite3 \(versioned) 'PRAGMA user_version = 3'").status == 0)
    #expect(try coffer.run(["--db", versioned, "-c", "total"]).status == 3)
  }

  @Test func cancelRevertsTheSheetsCommitsSoNothingOfItIsSaved() throws {
    let database = coffer.home + "/cancel.db"
    #expect(try coffer.run(["--db", database, "-c", "set GBP 1; set USD 2"]).status == 0)
    let outcome = try coffer.run(
      ["--db", database], stdin: "open GBP\nset 5\nnext\n7\nprev\ncancel\nholdings --format plain\n")
    #expect(
      outcome
        == Outcome(
          stdout: "cancelled: 2 changes discarded (GBP, HKD)\nUSD 2\nGBP 1\n",
          stderr: "note: rates as old as 2026-10-30 (23 days) for CNY, USD, GBP\n", status: 0))
    #expect(try coffer.run(["--db", database, "-c", "log --format csv"]).stdout.split(separator: "\n").count == 3)
  }

  @Test func aLineOfTheLongestLengthEndingInCRLFSplitAcrossReadsIsRead() throws {
    let outcome = try shell(
      """
      \(try coffer.writerInTwoParts(#"b"echo " + b"a" * 65531 + b"\r""#, then: #"b"\necho after\n""#)) \
        | \(CofferProcess.binary) --db :memory: | tail -1
      """)
    #expect(outcome.stdout == "after\n")
  }

  @Test func theRestOfAContinuedLineOverTheLimitDoesNotRunOnItsOwn() throws {
    let path = try coffer.write(
      "long.coffer",
      "echo " + String(repeating: "x", count: 60_000) + " \\\n" + String(repeating: "y", count: 10_000)
        + " \\\nset GBP 99\nprint amount(GBP)\n")
    let outcome = try coffer.run(["--db", ":memory:", "--keep-going", path])
    #expect(outcome.stdout == "0\n")
    #expect(outcome.stderr == "\(path):2:1: error: continued line is longer than 65536 bytes\n")
  }

  @Test func aFileStartingWithABlankLineIsStillNotEchoed() throws {
    let path = try coffer.write("secret", "\n# a comment\nhunter2secret\n")
    let outcome = try coffer.run(["--db", ":memory:", "-c", "source \(path)"])
    #expect(
      outcome.stderr
        == "\(path):3:1: error: \(path) does not look like a Coffer script (it does not start with a command)\n")
    // A typo in a real script's first statement still gets its hint.
    let typo = try coffer.write("typo.coffer", "prnt 1\n")
    #expect(
      try coffer.run(["--db", ":memory:", typo]).stderr
        == "\(typo):1:1: error: unknown command 'prnt'; did you mean print?\n")
  }

  @Test func aValueThatLooksLikeAHelpFlagIsJustAValue() throws {
    #expect(
      try coffer.run(["--db", ":memory:", "-c", "echo --help=x"])
        == Outcome(stdout: "--help = x\n", stderr: "", status: 0))
  }
}

@Suite struct LeavingTests {
  /// A script that ends with an invalid draft in the open sheet: the rest is saved, the
  /// draft is printed as a comment to fix and type again, and the run exits 3.
  @Test func invalidDraftsAtTheEndOfInputAreNamedAndExitThree() throws {
    let coffer = try CofferProcess()
    let database = coffer.home + "/drafts.db"
    let outcome = try coffer.run(["--db", database], stdin: "set GBP 3\nopen\nUSD 12abc\nEUR 5\n")
    #expect(outcome.status == 3)
    #expect(
      outcome.stderr
        == "<stdin>:4:1: error: USD: invalid amount '12abc': malformed number '12abc'; the draft stays on USD\n"
        + "coffer: not saved; to apply these edits later, run them again:\n"
        + "# USD draft '12abc' is not a valid amount (malformed number '12abc')\n")
    #expect(try coffer.run(["--db", database, "-c", "holdings --format plain"]).stdout == "EUR 5\nGBP 3\n")
  }

  @Test func anExplicitStoreInAMissingFolderIsAnError() throws {
    let coffer = try CofferProcess()
    let outcome = try coffer.run(["--db", coffer.home + "/no/such/dir/x.db", "-c", "total"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.contains("the folder \(coffer.home)/no/such/dir does not exist"))
    #expect(!FileManager.default.fileExists(atPath: coffer.home + "/no"))
  }
}

@Suite struct ErrorTextTests {
  @Test func controlCharactersInAnErrorAreShownEscaped() throws {
    let coffer = try CofferProcess()
    let outcome = try coffer.run(["--db", ":memory:", "-c", "set \u{7} 5", "-c", "bogus\u{1B}[31m"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "<command>:1:5: error: unexpected character '\\u{7}'\n")
    let keptGoing = try coffer.run(["--db", ":memory:", "--keep-going", "-c", "echo ok\nprint \u{1B}[31m"])
    #expect(keptGoing.stderr == "<command>:2:7: error: unexpected character '\\u{1b}'\n")
  }
}

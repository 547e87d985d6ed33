import Foundation
import Testing

/// Bad input gets a clear error at its place, the status the manual gives, and changes
/// nothing.
@Suite struct BadInputTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  @Test(arguments: [
    ("print 12abc", "<command>:1:7: error: malformed number '12abc'"),
    ("print 1.2.3", "<command>:1:7: error: malformed number '1.2.3'"),
    ("set USD 1,000", "<command>:1:9: error: malformed number '1,000'; use _ to group digits"),
    ("set USD 1.234", "<command>:1:9: error: invalid amount for USD: USD allows 2 decimal places; 1.234 has 3"),
    ("set JPY 0.5", "<command>:1:9: error: invalid amount for JPY: JPY has no minor units; 0.5 has 1"),
    ("set KWD 1.2345", "<command>:1:9: error: invalid amount for KWD: KWD allows 3 decimal places; 1.2345 has 4"),
    ("set USD -5", "<command>:1:9: error: invalid amount for USD: an amount cannot be negative"),
    (
      "set USD 1234567890123456",
      "<command>:1:9: error: invalid amount for USD: an amount has at most 15 integer digits; this one has 16"
    ),
    ("set UDS 5", "<command>:1:5: error: unknown currency 'UDS'; did you mean USD?"),
    ("totl", "<command>:1:1: error: unknown command 'totl'; did you mean total?"),
    ("USD 5", "<command>:1:1: error: 'USD' is a currency, not a command; use 'set USD AMOUNT' or 'open USD'"),
    ("let rent = 5; print $rnt", "<command>:1:21: error: unknown variable '$rnt'; did you mean rent?"),
    ("print totl()", "<command>:1:7: error: unknown function 'totl'; did you mean total?"),
    ("print amount(USD, EUR)", "<command>:1:7: error: amount() takes 1 argument (a currency code), got 2 arguments"),
    ("print \"abc", "<command>:1:7: error: unterminated string; expected a closing \""),
    ("print 1 / (2 - 2)", "<command>:1:9: error: division by zero"),
    (
      "print 99999999999999999999999999999999999999 * 10",
      "<command>:1:46: error: overflow: the result needs more than 38 significant digits"
    ),
    (
      "print 123456789012345678901234567890123456789",
      "<command>:1:7: error: a number can have at most 38 significant digits ('123456789012345678901234567890123456789')"
    ),
    (
      "holdings --colour",
      "<command>:1:10: error: unknown option --colour for holdings; expected --format or --all or --in or --why"
    ),
    ("total --format xml", "<command>:1:16: error: --format takes table, plain, csv or json"),
    ("set USD", "<command>:1:8: error: expected an amount"),
    ("source missing.coffer", "<command>:1:8: error: cannot read script MISSING: No such file or directory"),
  ])
  func errorNamesItsPlace(commands: String, error: String) throws {
    let outcome = try coffer.run(["--db", ":memory:", "-c", commands])
    let expected = error.replacingOccurrences(of: "MISSING", with: coffer.home + "/missing.coffer")
    #expect(outcome == Outcome(stdout: "", stderr: expected + "\n", status: 1))
  }

  @Test func deepNestingIsAnError() throws {
    let deep = String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)
    let outcome = try coffer.run(["--db", ":memory:", "-c", "print " + deep])
    #expect(
      outcome
        == Outcome(stdout: "", stderr: "<command>:1:71: error: expression nested deeper than 64 levels\n", status: 1))
  }

  @Test func invalidUTF8NulAndLongLinesAreErrorsNotCrashes() throws {
    var bytes = Data("print 1\nprint \"caf".utf8)
    bytes.append(contentsOf: [0xE9, 0x22, 0x0A])
    bytes.append(Data("print 2\0\n".utf8))
    bytes.append(Data(("print 3" + String(repeating: " ", count: 70_000) + "\n").utf8))
    bytes.append(Data("print 4\n".utf8))
    let outcome = try coffer.run(["--db", ":memory:", "--keep-going"], stdinData: bytes)
    #expect(
      outcome
        == Outcome(
          stdout: "1\n4\n",
          stderr: """
            <stdin>:2:11: error: invalid UTF-8 (byte 0xE9 at offset 10)
            <stdin>:3:8: error: NUL byte in source
            <stdin>:4:1: error: line is 70007 bytes long; the limit is 65536

            """, status: 1))
  }

  @Test func aLongLineFailsAloneHoweverAPipeHandsItOver() throws {
    // The line's first 66,000 bytes, then, once the reader has taken them, its end: the
    // reader has more than the limit in hand before the line's end arrives. A file gives
    // it in one or two reads; both must read on after the line (and a CR before its LF is
    // not counted).
    let script = try coffer.writerInTwoParts(#"b"print 1\n" + b"x" * 66000"#, then: #"b"xx\r\nprint 4\n""#)
    let piped = try coffer.run(
      ["-c", "(\(script)) | \(CofferProcess.binary) --db :memory: --keep-going"], binary: "/bin/sh")
    let expected = Outcome(
      stdout: "1\n4\n", stderr: "<stdin>:2:1: error: line is 66002 bytes long; the limit is 65536\n", status: 1)
    #expect(piped == expected)
    let path = coffer.home + "/long.coffer"
    let file = try coffer.run(
      ["-c", "(\(script)) > \(path); \(CofferProcess.binary) --db :memory: --keep-going \(path)"], binary: "/bin/sh")
    #expect(file.stdout == expected.stdout && file.status == 1)
    #expect(file.stderr == expected.stderr.replacingOccurrences(of: "<stdin>", with: path))
    // With no end within a megabyte the source is given up, in bounded memory.
    let endless = try coffer.run(
      ["-c", "head -c 3000000 /dev/zero | tr '\\0' x | \(CofferProcess.binary) --db :memory:"], binary: "/bin/sh")
    #expect(
      endless
        == Outcome(
          stdout: "",
          stderr: "<stdin>:1:1: error: line 1 has no end within 1048576 bytes; the rest of <stdin> is not read\n",
          status: 1))
  }

  @Test func failedStatementChangesNothing() throws {
    let database = coffer.home + "/c.db"
    let outcome = try coffer.run(["--db", database, "-c", "set USD 5; let x = 1 / 0"])
    #expect(outcome.status == 1)
    // What ran before the error is saved; the failed statement set nothing.
    let after = try coffer.run(["--db", database, "-c", "print amount(USD); print $x"])
    #expect(after == Outcome(stdout: "5\n", stderr: "<command>:1:26: error: unknown variable '$x'\n", status: 1))
    let partial = try coffer.run(["--db", database, "-c", "set EUR 9 10"])
    #expect(partial.stderr == "<command>:1:11: error: unexpected number 10; expected the end of the statement\n")
    #expect(try coffer.run(["--db", database, "-c", "print amount(EUR)"]).stdout == "0\n")
  }

  @Test func usageErrorsExitTwo() throws {
    let bogus = try coffer.run(["--bogus"])
    #expect(bogus.status == 2)
    #expect(bogus.stderr.hasPrefix("Error: Unknown option '--bogus'"))
    let format = try coffer.run(["--format", "xml", "-c", "print 1"])
    #expect(format.status == 2)
    // argument-parser checks the value against OutputFormat's cases, and says so.
    #expect(
      format.stderr.hasPrefix(
        "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'plain', 'csv' or 'json'."
      ))
    let missing = try coffer.run(["--db", ":memory:", "nowhere.coffer"])
    #expect(
      missing
        == Outcome(
          stdout: "", stderr: "coffer: error: cannot read script nowhere.coffer: No such file or directory\n", status: 2
        ))
    let folder = try coffer.run(["--db", ":memory:", "-c", "print 1", "."])
    #expect(folder == Outcome(stdout: "", stderr: "coffer: error: cannot read script .: it is a folder\n", status: 2))
  }

  @Test func helpAndVersionExitZero() throws {
    let help = try coffer.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: coffer [--db <path>]"))
    #expect(help.stdout.contains("--keep-going"))
    #expect(try coffer.run(["--version"]) == Outcome(stdout: "0.1.0\n", stderr: "", status: 0))
  }

  @Test func storeThatIsNotADatabaseExitsThreeAndIsLeftAlone() throws {
    let text = String(repeating: "these are my notes\n", count: 200)
    let path = try coffer.write("notes.db", text)
    let outcome = try coffer.run(["--db", path, "-c", "set USD 1"])
    #expect(
      outcome
        == Outcome(
          stdout: "", stderr: "coffer: error: \(path) is not a Coffer store (not a SQLite database, or damaged)\n",
          status: 3))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func damagedStoredRatesAreNamedByDateAndChangeNothing() throws {
    let database = coffer.home + "/damaged.db"
    let setUp = try coffer.run(["--db", database, "-c", "rates set USD 7.5; rates set JPY 0.05; set USD 10"])
    #expect(setUp.status == 0)
    // Cut the blob of today's rates short, as a damaged disk or a stray tool might.
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    sqlite.arguments = [
      database, "UPDATE rate_day SET rates = substr(rates, 1, 12) WHERE day = (SELECT max(day) FROM rate_day)",
    ]
    try sqlite.run()
    sqlite.waitUntilExit()
    #expect(sqlite.terminationStatus == 0)
    let outcome = try coffer.run(["--db", database, "-c", "total"])
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr.hasPrefix(
        "<command>:1:1: error: the store \(database) has a row Coffer cannot use: rate_day row 20779 (2026-11-22): "
          + "the stored rates are damaged ("))
    #expect(outcome.status == 3)
  }

  @Test func storeInAFolderThatCannotBeMadeExitsThree() throws {
    try coffer.write("plainfile", "x")
    let outcome = try coffer.run(["--db", coffer.home + "/plainfile/sub/c.db", "-c", "total"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.hasPrefix("coffer: error: cannot open the store"))
  }

  @Test func lockedStoreFailsTheSaveWithStatusThreeAndSaysWhatWasKept() throws {
    let database = coffer.home + "/locked.db"
    #expect(try coffer.run(["--db", database, "-c", "set GBP 1"]).status == 0)
    // sqlite3 holds the write lock for longer than Coffer's 5 s busy timeout.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    holder.arguments = [database]
    let input = Pipe()
    holder.standardInput = input
    let said = try coffer.write("holder.out", "")
    holder.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: said))
    try holder.run()
    input.fileHandleForWriting.write(
      Data("BEGIN IMMEDIATE;\nUPDATE setting SET value = value;\nSELECT 'locked';\n".utf8))
    waitUntil("sqlite3 to hold the write lock") { (try? String(contentsOfFile: said, encoding: .utf8)) == "locked\n" }
    let outcome = try coffer.run(["--db", database, "-c", "set USD 5"])
    input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
    try? input.fileHandleForWriting.close()
    holder.waitUntilExit()
    #expect(
      outcome
        == Outcome(
          stdout: "",
          stderr: """
            <command>:1:1: error: the store \(database) is locked by another process (waited 5 s) (1 unsaved edit kept in memory)
            coffer: not saved; to apply these edits later, run them again:
            set USD 5

            """,
          status: 3))
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD) amount(GBP)"]).stdout == "0\n1\n")
  }
}

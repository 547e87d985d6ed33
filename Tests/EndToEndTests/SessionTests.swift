import Foundation
import Testing

/// Scripts, the command line's run order, saving and the sheet, through the binary.
@Suite struct SessionTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  var database: String { coffer.home + "/coffer.db" }

  @Test func commandsRunInOrderBeforeScriptFiles() throws {
    let first = try coffer.write("one.coffer", "print 3\n")
    let second = try coffer.write("two.coffer", "print 4 # a comment\n\n")
    let outcome = try coffer.run(["--db", ":memory:", first, "-c", "print 1", second, "-c", "print 2"])
    #expect(outcome == Outcome(stdout: "1\n2\n3\n4\n", stderr: "", status: 0))
  }

  @Test func scriptStopsAtTheFirstErrorUnlessKeepGoing() throws {
    let script = try coffer.write("s.coffer", "print 1\nprint 2 +\nprint 3\nprint nope()\nprint 4\n")
    let stopped = try coffer.run(["--db", ":memory:", script])
    #expect(stopped == Outcome(stdout: "1\n", stderr: "\(script):2:10: error: expected a value\n", status: 1))
    let kept = try coffer.run(["--db", ":memory:", "--keep-going", script])
    #expect(
      kept
        == Outcome(
          stdout: "1\n3\n4\n",
          stderr: "\(script):2:10: error: expected a value\n\(script):4:7: error: unknown function 'nope'\n", status: 1)
    )
  }

  @Test func continuationSemicolonsAndStatementsOnOneLine() throws {
    let script = try coffer.write("c.coffer", "let a = 1 + \\\n  2; print $a * \\\n 2\nprint 'x;#' ; echo done # bye\n")
    #expect(try coffer.run(["--db", ":memory:", script]) == Outcome(stdout: "6\nx;#\ndone\n", stderr: "", status: 0))
  }

  @Test func sourceIsRelativeToTheScriptAndRecursionIsStopped() throws {
    try coffer.write("lib/rates.coffer", "let fee = 3\nsource more/deep.coffer\n")
    try coffer.write("lib/more/deep.coffer", "print $fee * 2\n")
    let main = try coffer.write("main.coffer", "source lib/rates.coffer\nprint $fee\n")
    let outcome = try coffer.run(["--db", ":memory:", main], in: "/")
    #expect(outcome == Outcome(stdout: "6\n3\n", stderr: "", status: 0))

    let loop = try coffer.write("loop.coffer", "echo in\nsource loop.coffer\n")
    let looped = try coffer.run(["--db", ":memory:", loop])
    #expect(looped.status == 1)
    #expect(looped.stdout == String(repeating: "in\n", count: 16))
    #expect(
      looped.stderr
        == "\(coffer.home)/loop.coffer:2:8: error: source nested deeper than 16 files (does a script source itself?)\n")
  }

  @Test func pipedInputRunsEachLineAsItArrives() throws {
    let live = try coffer.start(["--db", ":memory:"])
    live.send("print 1 + 1")
    // The answer comes before stdin is closed: lines are not held until EOF.
    #expect(live.waitFor("the first answer") { $0.stdout == "2\n" })
    live.send("set USD 10; print amount(USD)")
    #expect(live.waitFor("the second answer") { $0.stdout == "2\n10\n" })
    live.send("bogus")
    #expect(live.waitFor("the error") { $0.stderr == "<stdin>:3:1: error: unknown command 'bogus'\n" })
    #expect(live.finish() == 1)
  }

  @Test func savedAtTheEndOfEachScriptAndReadBackByTheNextRun() throws {
    let outcome = try coffer.run(["--db", database, "-c", "set USD 100; set EUR 5", "-c", "set USD 150; local HKD"])
    #expect(outcome.status == 0)
    let after = try coffer.run(["--db", database, "-c", "local; holdings --format plain; log; stats --format plain"])
    let lines = after.stdout.split(separator: "\n").map(String.init)
    #expect(lines.prefix(3) == ["HKD Hong Kong Dollar 港币", "USD 150", "EUR 5"])
    // The journal holds each saved change, newest first.
    #expect(lines[3].hasSuffix("USD  100 → 150"))
    #expect(lines[4].hasSuffix("EUR  0 → 5"))
    #expect(lines[5].hasSuffix("USD  0 → 100"))
    #expect(lines.contains("saves 0"))
    let attributes = try FileManager.default.attributesOfItem(atPath: database)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }

  @Test func defaultStoreIsUnderXDGDataHome() throws {
    #expect(try coffer.run(["-c", "set GBP 3"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: coffer.home + "/data/coffer/coffer.db"))
    #expect(try coffer.run(["-c", "print amount(GBP)"]).stdout == "3\n")
    let byEnvironment = try coffer.run(["-c", "print amount(GBP)"], extraEnvironment: ["COFFER_DB": database])
    #expect(byEnvironment.stdout == "0\n")
  }

  @Test func atomicRunSavesNothingAfterAnError() throws {
    let first = try coffer.write("a.coffer", "set USD 1\n")
    let second = try coffer.write("b.coffer", "set EUR 2\nset JPY 0.5\n")
    let failed = try coffer.run(["--db", database, "--atomic", first, second])
    #expect(failed.status == 1)
    #expect(
      failed.stderr
        == "\(second):2:9: error: invalid amount for JPY: JPY has no minor units; 0.5 has 1\ncoffer: nothing saved: --atomic run had errors\n"
    )
    #expect(try coffer.run(["--db", database, "-c", "print count()"]).stdout == "0\n")
    // Without --atomic the first file is saved when it ends.
    #expect(try coffer.run(["--db", database, first, second]).status == 1)
    #expect(try coffer.run(["--db", database, "-c", "holdings --format plain"]).stdout == "USD 1\nEUR 2\n")
    // A clean atomic run saves everything once.
    let clean = try coffer.run([
      "--db", database, "--atomic", "-c", "set GBP 3", "-c", "set HKD 4; stats --format plain",
    ])
    #expect(clean.status == 0)
    #expect(try coffer.run(["--db", database, "-c", "print count()"]).stdout == "4\n")
  }

  @Test func conflictWithAnotherProcessNamesBothValuesAndForceOverwrites() throws {
    #expect(try coffer.run(["--db", database, "-c", "set USD 10"]).status == 0)
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD 20; print amount(USD)")
    #expect(live.waitFor("the pending edit") { $0.stdout == "20\n" })
    // Another process saves USD meanwhile.
    #expect(try coffer.run(["--db", database, "-c", "set USD 30; set EUR 1"]).status == 0)
    live.send("print amount(USD) amount(EUR)")
    #expect(live.waitFor("the reload") { $0.stdout == "20\n20\n1\n" })
    live.send("save")
    #expect(
      live.waitFor("the conflict") {
        $0.stderr
          == "<stdin>:3:5: error: conflict: another session saved USD = 30 (yours: 20); that edit is kept unsaved; 'save --force' overwrites (1 unsaved edit kept in memory)\n"
      })
    live.send("save --force")
    #expect(live.finish() == 1)
    #expect(try coffer.run(["--db", database, "-c", "print amount(USD) amount(EUR)"]).stdout == "20\n1\n")
  }

  @Test func sheetSessionCommitsOnFocusChangeAndSavesOnceOnDismiss() throws {
    let script = try coffer.write(
      "sheet.coffer",
      """
      open USD
      1200
      EUR 12abc
      JPY 1.5
      dismiss
      EUR 300
      JPY
      1500
      set 1_600
      prev
      dismiss
      stats --format plain
      """)
    let outcome = try coffer.run(["--db", database, "--keep-going", script])
    // data_version is asked before each of the 12 statements, and by each of the two
    // dismisses again before it prints the total (the form's Done runs no statement).
    #expect(
      outcome
        == Outcome(
          stdout: """
            ¥10,280.93 CNY (3 holdings)
            commits 3
            saves 1
            rows_written 3
            total_reads 1
            total_recomputes 1
            db_reads 5
            version_checks 14
            rows_rendered 0

            """,
          stderr: """
            \(script):4:1: error: EUR: invalid amount '12abc': malformed number '12abc'; the draft stays on EUR
            \(script):5:1: error: cannot finish: invalid drafts in EUR ('12abc': malformed number '12abc'), JPY ('1.5': JPY has no minor units; 1.5 has 1); fix them or cancel
            \(script):6:1: error: JPY: invalid amount '1.5': JPY has no minor units; 1.5 has 1; the draft stays on JPY

            """, status: 1))
    #expect(
      try coffer.run(["--db", database, "-c", "holdings --format plain"]).stdout == "USD 1200\nEUR 300\nJPY 1600\n")
  }

  @Test func sheetShowCancelUndoAndBlur() throws {
    let outcome = try coffer.run([
      "--db", ":memory:", "-c",
      """
      set USD 5
      open GBP; 10; next; 20; undo; show all; blur; cancel
      print amount(GBP) amount(HKD) amount(USD)
      open; 7; cancel; print amount(USD)
      open; USD 9; KRW; 1.5; cancel; print amount(USD) amount(KRW)
      open CNY
      """,
    ])
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "<command>:6:6: error: CNY is the local currency; it has no row in the sheet\n")
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 41 + 1 + 3 + 1 + 1 + 1 + 2 + 1)
    #expect(lines[0] == "  USD  US Dollar                          $5.00            ¥33.26")
    // undo reverted the last commit (GBP 10); HKD's draft was not yet committed, and
    // blur committed it.
    #expect(lines[3] == "  GBP  British Pound                          —")
    #expect(lines[4] == "> HKD  Hong Kong Dollar                    [20]")
    #expect(lines[40] == "  ZAR  South African Rand                     —")
    // cancel reverted every commit of its sheet session (HKD's blur, USD 9) and dropped
    // the drafts (USD 7, KRW 1.5): the amounts are again those at `open`.
    #expect(
      lines[41...] == [
        "cancelled: 1 change discarded (HKD)", "0", "0", "5", "cancelled: 1 change discarded (USD)", "5",
        "cancelled: 2 changes discarded (USD, KRW)", "5", "0", "",
      ])
  }

  /// Every script in Examples/ runs to its end (its assertions hold) and prints exactly
  /// what its `.out` file beside it says, as argument-parser tests its examples; on
  /// stderr, what its `.err` file says (the notes on the rates' age), or nothing.
  @Test(
    arguments: try FileManager.default.contentsOfDirectory(atPath: CofferProcess.examples)
      .filter { $0.hasSuffix(".coffer") }.sorted())
  func everyExamplePrintsWhatItsOutputFileSays(example: String) throws {
    let path = CofferProcess.examples + "/" + example
    let expected = try String(contentsOfFile: path.replacingOccurrences(of: ".coffer", with: ".out"), encoding: .utf8)
    let notes = try? String(contentsOfFile: path.replacingOccurrences(of: ".coffer", with: ".err"), encoding: .utf8)
    let outcome = try coffer.run(["--db", ":memory:", path])
    #expect(outcome == Outcome(stdout: expected, stderr: notes ?? "", status: 0), "\(example)")
  }

  @Test func thereAreExamplesToRun() throws {
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: CofferProcess.examples).filter { $0.hasSuffix(".coffer") }
        .count >= 5)
  }
}

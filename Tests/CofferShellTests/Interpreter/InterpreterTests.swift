import CofferCore
import CofferScript
import Foundation
import Testing

@testable import CofferShell

/// An interpreter over an in-memory store whose output lands in temporary files, removed
/// with the harness.
final class Harness {
  let outPath = NSTemporaryDirectory() + "coffer-out-" + UUID().uuidString
  let errPath = NSTemporaryDirectory() + "coffer-err-" + UUID().uuidString
  let interpreter: Interpreter
  private let out: UnsafeMutablePointer<FILE>
  private let err: UnsafeMutablePointer<FILE>

  init(location: StoreLocation = .memory) throws {
    out = try #require(fopen(outPath, "w"))
    err = try #require(fopen(errPath, "w"))
    let output = Output(out: out, err: err, color: false, isTerminal: false)
    let ledger = try Ledger(location: location, today: CalendarDate(year: 2026, month: 11, day: 22)!)
    var options = RunOptions()
    options.keepGoing = true
    interpreter = Interpreter(ledger: ledger, output: output, options: options)
  }

  deinit {
    fclose(out)
    fclose(err)
    unlink(outPath)
    unlink(errPath)
  }

  /// Runs one line; returns what it printed and what it reported.
  func run(_ text: String) -> (out: String, err: String) {
    _ = interpreter.execute(LogicalLine(source: "t", line: 1, bytes: Array(text.utf8)))
    fflush(out)
    fflush(err)
    let printed = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let reported = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    ftruncate(fileno(out), 0)
    rewind(out)
    ftruncate(fileno(err), 0)
    rewind(err)
    return (printed, reported)
  }
}

@Suite struct InterpreterTests {
  @Test(arguments: [
    ("print 1 + 2 * 3", "7"), ("print (1 + 2) * 3", "9"), ("print -2 * -3", "6"), ("print 10 / 4", "2.5"),
    ("print 0.1 + 0.2", "0.3"), ("print 1_000 - .5", "999.5"), ("print round(1 / 3, 4)", "0.3333"),
    ("print 2 - 3 - 4", "-5"), ("print 100 / 8 / 5", "2.5"),
  ])
  func evaluatesArithmeticExactly(line: String, printed: String) throws {
    let harness = try Harness()
    #expect(harness.run(line) == (printed + "\n", ""))
  }

  @Test func variablesHoldValuesOfEveryKind() throws {
    let harness = try Harness()
    #expect(
      harness.run("let a = 2; let a = $a * 21; let s = \"x\"; let d = 2026-01-31; print $a $s $d").out
        == "42\nx\n2026-01-31\n")
    #expect(harness.run("print $s + 1").err == "t:1:7: error: '+' needs a number, found a string\n")
  }

  @Test func functionsReadTheLedger() throws {
    let harness = try Harness()
    _ = harness.run("set USD 100; set EUR 10")
    // 665.2882… + 74.326 = 739.614…: the total rounds the sum once, so it is not the
    // sum of the rounded values (665.29 + 74.33 = 739.62).
    #expect(
      harness.run("print amount(usd) value(EUR) rate(EUR) count() total()").out == "100\n74.33\n7.4326\n2\n739.61\n")
    #expect(
      harness.run("print amount(\"USD\")").err == "t:1:14: error: amount() expects a currency code such as USD here\n")
    #expect(
      harness.run("print round(1, 1.5)").err == "t:1:16: error: round(): places must be a whole number from 0 to 60\n")
  }

  @Test func aFailedStatementLeavesTheLedgerAsItWas() throws {
    let harness = try Harness()
    _ = harness.run("set USD 100")
    let commits = harness.interpreter.ledger.counters.commits
    #expect(harness.run("set USD 1 / 0").err == "t:1:11: error: division by zero\n")
    #expect(harness.run("clear UDS").err == "t:1:7: error: unknown currency 'UDS'; did you mean USD?\n")
    #expect(harness.interpreter.ledger.counters.commits == commits)
    #expect(harness.run("print amount(USD)").out == "100\n")
  }
}

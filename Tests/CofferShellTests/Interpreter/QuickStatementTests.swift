import CofferCore
import CofferScript
import Testing

@testable import CofferShell

/// `set CODE NUMBER` read from its bytes (`QuickStatement`) must be exactly what the lexer
/// and the grammar read of the same bytes, or not be taken at all.
@Suite struct QuickStatementTests {
  /// Statements near the quick form's edges: every mix of command words, blanks, codes,
  /// numbers and what may follow them.
  static func statements() -> [String] {
    let leads = ["", " \t"]
    let commands = ["set", "SET", "sets", "print", "se"]
    let blanks = [" ", "\t\t", ""]
    let codes = ["EUR", "USD", "eur", "EU", "EURO", "XYZ", "E1R", "AT"]
    let numbers = [
      "0", "5", "17611.72", "0123", "1_000", "1.", ".5", "1.2.3", "-5", "1e5", "12abc", "1,000", "2025-12-31",
      "99999999999999999999999999999.5", "5.",
    ]
    let tails = [
      "", " ", "\r", "\t ", " at 2025-01-01", " --format json", " # note", "; print 1", " + 1", "*2", "(", "x",
    ]
    var statements: [String] = []
    for lead in leads {
      for command in commands {
        for first in blanks {
          for code in codes {
            for second in blanks {
              for number in numbers {
                for tail in tails { statements.append(lead + command + first + code + second + number + tail) }
              }
            }
          }
        }
      }
    }
    return statements
  }

  static func firstSegment(of line: LogicalLine) -> LineScanner.Segment? {
    var segments = LineScanner.segments(of: line.bytes)
    return segments.next()
  }

  @Test func readsWhatTheGrammarReadsOrNothing() throws {
    let harness = try Harness()
    let interpreter = harness.interpreter
    var taken = 0
    var left = 0
    for text in Self.statements() {
      let line = LogicalLine(source: "t", line: 1, bytes: Array(text.utf8))
      for segment in LineScanner.segments(of: line.bytes) {
        guard let (quickEntry, quick) = interpreter.quickRead(line, segment) else {
          left += 1
          continue
        }
        taken += 1
        let (entry, full) = try interpreter.readInFull(line, segment)
        #expect(quickEntry === entry, "\(text)")
        #expect(quick.commandOffset == full.commandOffset && quick.endOffset == full.endOffset, "\(text)")
        #expect(quick.values.count == full.values.count, "\(text)")
        for (mine, theirs) in zip(quick.values, full.values) {
          #expect(mine.slot === theirs.slot, "\(text)")
          #expect(mine.value == theirs.value, "\(text)")
          #expect(mine.start == theirs.start && mine.end == theirs.end, "\(text)")
        }
        #expect(quick.keywords.isEmpty && full.keywords.isEmpty, "\(text)")
        #expect(quick.options.isEmpty && full.options.isEmpty, "\(text)")
      }
    }
    // Both kinds are met: the comparison above is not an empty loop, and the quick form
    // does not take everything.
    #expect(taken == 2 * 2 * 3 * 2 * 5 * 6)
    #expect(left > 10 * taken)
  }

  @Test(arguments: [
    ("set EUR 1.5", true), ("  set\tUSD\t\t2000  ", true), ("set EUR 5 # rent", true), ("set EUR 1_000", false),
    ("set EUR -5", false), ("set eur 5", false), ("set EUR 5 at 2025-12-31", false), ("set EUR 5.", false),
    ("set EUR .5", false), ("set EUR 5 + 1", false), ("Set EUR 5", false), ("set EURO 5", false),
    ("set EUR 5e3", false), ("set EUR 5 --format json", false),
  ])
  func takesOnlyThePlainestForm(text: String, taken: Bool) throws {
    let harness = try Harness()
    let line = LogicalLine(source: "t", line: 1, bytes: Array(text.utf8))
    let segment = try #require(Self.firstSegment(of: line))
    #expect((harness.interpreter.quickRead(line, segment) != nil) == taken)
  }

  @Test func theSheetsOwnSetIsLeftToTheGrammar() throws {
    let harness = try Harness()
    _ = harness.run("open")
    let line = LogicalLine(source: "t", line: 1, bytes: Array("set EUR 5".utf8))
    let segment = try #require(Self.firstSegment(of: line))
    #expect(harness.interpreter.quickRead(line, segment) == nil)
    #expect(try harness.interpreter.read(line, segment).0 === SheetSetCommand.entry)
  }

  @Test func aQuickStatementRunsAndFailsAsAnyOther() throws {
    let harness = try Harness()
    #expect(harness.run("set EUR 17611.72; print amount(EUR)").out == "17611.72\n")
    // The failures name the same places as the grammar's reading would.
    #expect(harness.run("set XYZ 5").err == harness.run("set XYZ 5 + 0").err)
    #expect(harness.run("set XYZ 5").err.hasPrefix("t:1:5: error: "))
    #expect(harness.run("  set EUR 99999999999999999999999999999.5").err.hasPrefix("t:1:11: error: "))
  }
}

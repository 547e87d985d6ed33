import Testing

@testable import CofferScript

@Suite struct SourceTests {
  @Test func segmentsSplitOnSemicolonsOutsideQuotesAndDropComments() {
    let text = #"echo "a;b"; print 1 ;  ; print 'x#y' # note; more"#
    let bytes = Array(text.utf8)
    let pieces = LineScanner.segments(of: bytes).map {
      String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)
    }
    #expect(pieces == [#"echo "a;b""#, " print 1 ", " print 'x#y' "])
  }

  @Test func continuationJoinsLinesAndKeepsPhysicalPlaces() {
    var line = LogicalLine(source: "s", line: 4, bytes: Array("print 1 + \\".utf8))
    #expect(line.continues)
    line.append(line: 5, bytes: Array("  2x".utf8))
    #expect(!line.continues)
    #expect(String(decoding: line.bytes, as: UTF8.self) == "print 1 +   2x")
    // The bad number sits on the second physical line, third column.
    #expect(line.location(ofOffset: 12) == SourceLocation(source: "s", line: 5, column: 3))
  }

  /// Found by the fuzzer: a run of `\` continued by empty lines left the last `\`
  /// inside the part already known to end outside strings, and `continues` trapped.
  @Test func manyBackslashesContinuedByEmptyLinesDoNotTrap() {
    var line = LogicalLine(source: "t", line: 1, bytes: Array("print 1 \\\\\\".utf8))
    var number = 1
    while line.continues && number < 10 {
      number += 1
      line.append(line: number, bytes: [])
    }
    #expect(number > 2 && number < 10)
    #expect(!line.continues)
  }

  @Test func backslashInACommentOrStringDoesNotContinue() {
    #expect(!LogicalLine(source: "s", line: 1, bytes: Array("print 1 # \\".utf8)).continues)
    #expect(!LogicalLine(source: "s", line: 1, bytes: Array("print \"a\\".utf8)).continues)
  }

  @Test func lineChecksRejectBadBytesWithTheirPlace() {
    #expect(LineChecks.check(Array("print 1".utf8), source: "s", line: 1) == nil)
    #expect(LineChecks.check(Array("print '中文'".utf8), source: "s", line: 1) == nil)
    let invalid = LineChecks.check(Array("ab".utf8) + [0xC3, 0x28], source: "s", line: 2)
    #expect(invalid?.description == "s:2:3: error: invalid UTF-8 (byte 0xC3 at offset 2)")
    let overlong = LineChecks.check([0x61, 0xC0, 0xAF], source: "s", line: 1)
    #expect(overlong?.location.column == 2)
    let surrogate = LineChecks.check([0xED, 0xA0, 0x80], source: "s", line: 1)
    #expect(surrogate != nil)
    let nul = LineChecks.check(Array("é".utf8) + [0], source: "s", line: 7)
    #expect(nul?.description == "s:7:2: error: NUL byte in source")
    let long = LineChecks.check([UInt8](repeating: 0x61, count: 65_537), source: "s", line: 1)
    #expect(long?.message == "line is 65537 bytes long; the limit is 65536")
    #expect(LineChecks.check([UInt8](repeating: 0x61, count: 65_536), source: "s", line: 1) == nil)
  }
}

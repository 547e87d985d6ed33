/// Finds statement boundaries (`;`) and comments (`#`) in a line while skipping quoted
/// strings, before any token is made. The sheet needs a statement's raw text (a draft
/// such as `12abc` is kept as typed, not lexed), so splitting cannot wait for the lexer.
package enum LineScanner {
  /// One statement's text: byte offsets in the line, comment and `;` excluded.
  package struct Segment: Sendable, Equatable {
    package let start: Int
    package let end: Int

    package init(start: Int, end: Int) {
      self.start = start
      self.end = end
    }
  }

  private struct Scan {
    var separators: [Int] = []
    var commentStart: Int?
    var inString = false
  }

  /// Splits a line at `;` outside quotes, dropping a `#` comment. Blank segments are
  /// left out. An unterminated quote runs to the end of the line (the lexer reports it).
  /// The segments are found one at a time, as they are run: nothing is allocated.
  package static func segments(of bytes: [UInt8]) -> Segments {
    Segments(bytes: bytes)
  }

  /// The statements of a line, in order.
  package struct Segments: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    private var index = 0
    /// Set once a `#` comment or the end of the line was reached.
    private var finished = false

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    package mutating func next() -> Segment? {
      while !finished {
        let start = index
        var end = bytes.count
        var cursor = index
        scanning: while cursor < bytes.count {
          let byte = bytes[cursor]
          if Quoting.isQuote(byte) {
            // An unterminated string runs to the end of the line (the lexer reports it).
            cursor = Quoting.closingQuote(in: bytes[...], openedAt: cursor) ?? bytes.count
          } else if byte == UInt8(ascii: "#") {
            end = cursor
            finished = true
            break scanning
          } else if byte == UInt8(ascii: ";") {
            end = cursor
            break scanning
          }
          cursor += 1
        }
        if end == bytes.count { finished = true }
        index = end + 1
        if bytes[start..<end].contains(where: { !LineScanner.isBlank($0) }) {
          return Segment(start: start, end: end)
        }
      }
      return nil
    }
  }

  /// Where the statement at the end of `bytes` starts: just after the last `;` outside a
  /// string, else 0. Completion completes that statement only (`print "a;b" ; set u`).
  package static func startOfLastStatement(_ bytes: [UInt8]) -> Int {
    scan(bytes[...]).separators.last.map { $0 + 1 } ?? 0
  }

  /// True when a final `\` would be code, not inside a comment or a string.
  static func endsOutsideCommentAndString(_ bytes: ArraySlice<UInt8>) -> Bool {
    let scan = scan(bytes)
    return scan.commentStart == nil && !scan.inString
  }

  package static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  private static func scan(_ bytes: ArraySlice<UInt8>) -> Scan {
    var result = Scan()
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if Quoting.isQuote(byte) {
        guard let closing = Quoting.closingQuote(in: bytes, openedAt: index) else {
          result.inString = true
          return result
        }
        index = closing
      } else if byte == UInt8(ascii: "#") {
        result.commentStart = index
        return result
      } else if byte == UInt8(ascii: ";") {
        result.separators.append(index)
      }
      index += 1
    }
    return result
  }
}

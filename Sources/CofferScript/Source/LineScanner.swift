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
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            cursor += 1
            while cursor < bytes.count {
              if bytes[cursor] == UInt8(ascii: "\\") && byte == UInt8(ascii: "\"") {
                cursor += 2
                continue
              }
              if bytes[cursor] == byte { break }
              cursor += 1
            }
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
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        result.inString = true
        index += 1
        while index < bytes.endIndex {
          if bytes[index] == UInt8(ascii: "\\") && byte == UInt8(ascii: "\"") {
            index += 2
            continue
          }
          if bytes[index] == byte {
            result.inString = false
            break
          }
          index += 1
        }
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

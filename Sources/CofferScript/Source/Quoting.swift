/// The quoting rules of the language, written once: a string opens with `"` or `'` and
/// closes with the same quote; inside `"…"` a backslash escapes the next byte (so `\"`
/// does not close it), `'…'` is raw. The lexer reads strings by them, and splitting a
/// line into statements (`;` and `#` inside a string are text) and completion skip
/// strings by them.
package enum Quoting {
  package static func isQuote(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }

  /// Whether a backslash escapes the next byte in strings opened with `quote`.
  package static func escapes(in quote: UInt8) -> Bool {
    quote == UInt8(ascii: "\"")
  }

  /// Where the string opened at `start` (a quote) ends: the index of its closing quote,
  /// or nil when `bytes` end first (an unterminated string).
  package static func closingQuote(in bytes: ArraySlice<UInt8>, openedAt start: Int) -> Int? {
    let quote = bytes[start]
    var index = start + 1
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") && escapes(in: quote) {
        index += 2
        continue
      }
      if byte == quote { return index }
      index += 1
    }
    return nil
  }
}

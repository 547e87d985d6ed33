import CofferText

/// Turns one statement's bytes into tokens. Numbers are read strictly: `12abc`, `1.2.3`
/// and `1,000` are errors, never a number followed by junk.
package struct Lexer {
  private let line: LogicalLine
  private let bytes: [UInt8]
  private var index: Int
  private let end: Int
  /// Open parentheses: inside a call, `,` separates arguments instead of grouping digits.
  private var depth = 0

  package init(line: LogicalLine, segment: LineScanner.Segment) {
    self.line = line
    self.bytes = line.bytes
    self.index = segment.start
    self.end = segment.end
  }

  /// All tokens of the segment; the first bytes that make no token are an error.
  package static func tokens(of line: LogicalLine, segment: LineScanner.Segment) throws(ScriptError) -> [Token] {
    let tokens = statementTokens(of: line, segment: segment)
    if let error = tokens.lazy.compactMap(\.invalid).first { throw error }
    return tokens
  }

  /// All tokens of the segment, bytes that make no token included as `.invalid` tokens:
  /// whether they are an error depends on the grammar that reaches them.
  package static func statementTokens(of line: LogicalLine, segment: LineScanner.Segment) -> [Token] {
    var lexer = Lexer(line: line, segment: segment)
    var tokens: [Token] = []
    // Room for most statements at once (a dated `set`, as a dump writes half a million, is
    // five tokens): the list is not made again as it grows.
    tokens.reserveCapacity(8)
    while let token = lexer.nextOrInvalid() { tokens.append(token) }
    return tokens
  }

  /// The next token, or an `.invalid` one running to the next blank (to the end of the
  /// statement after an unterminated string).
  package mutating func nextOrInvalid() -> Token? {
    let start = index
    do {
      return try next()
    } catch {
      var tokenStart = start
      while tokenStart < end && LineScanner.isBlank(bytes[tokenStart]) { tokenStart += 1 }
      if tokenStart < end && Quoting.isQuote(bytes[tokenStart]) {
        // Where a broken string ends cannot be known: it takes the rest.
        index = end
      } else {
        index = max(index, tokenStart + 1)
        while index < end && !LineScanner.isBlank(bytes[index]) { index += 1 }
      }
      return Token(.invalid(error), start: tokenStart, end: min(index, end))
    }
  }

  private func error(_ message: String, at offset: Int) -> ScriptError {
    ScriptError(message, at: line.location(ofOffset: offset))
  }

  package mutating func next() throws(ScriptError) -> Token? {
    while index < end && LineScanner.isBlank(bytes[index]) { index += 1 }
    guard index < end else { return nil }
    let start = index
    let byte = bytes[index]
    switch byte {
    case _ where Self.isWordStart(byte):
      index += 1
      while index < end && Self.isWordPart(bytes[index]) { index += 1 }
      // `quit!` and `exit!`: those two words may end in '!' (when it does not start '!=').
      if index < end && bytes[index] == UInt8(ascii: "!") && (index + 1 == end || bytes[index + 1] != UInt8(ascii: "="))
        && ["quit", "exit"].contains(text(start, index).lowercased())
      {
        index += 1
      }
      if index < end && bytes[index] == UInt8(ascii: "@") {
        return try holding(code: text(start, index), start: start)
      }
      if isFullWidthAt(index) {
        throw error(tr("'＠' is a full-width at sign: type @"), at: index)
      }
      return Token(.word(text(start, index)), start: start, end: index)
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
      return try number()
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return try string()
    case UInt8(ascii: "$"):
      index += 1
      guard index < end, Self.isWordStart(bytes[index]) else {
        throw error(tr("expected a variable name after '$'"), at: start)
      }
      while index < end && Self.isWordPart(bytes[index]) { index += 1 }
      return Token(.variable(text(start + 1, index)), start: start, end: index)
    case UInt8(ascii: "-")
    where index + 2 < end && bytes[index + 1] == UInt8(ascii: "-")
      && Self.isWordStart(bytes[index + 2]):
      index += 2
      while index < end && Self.isWordPart(bytes[index]) { index += 1 }
      return Token(.option(text(start + 2, index)), start: start, end: index)
    default:
      return try symbol()
    }
  }

  // MARK: - Holdings

  /// `CODE@PLACE` at `index` (the `@`), one token: a place word (`USD@wise`,
  /// `CNY@招商银行`) or a quoted name (`EUR@"N26 joint"`, `USD@""` the unnamed place). The
  /// token is the word `CODE@NAME`, the name as written inside any quotes: whatever reads a
  /// holding splits it at its first `@` (a code has none, nor has a place name).
  private mutating func holding(code: String, start: Int) throws(ScriptError) -> Token {
    let at = index
    index += 1
    if index < end && Quoting.isQuote(bytes[index]) {
      guard case .string(let name) = try string().kind else { return Token(.word(code), start: start, end: at) }
      return Token(.word(code + "@" + name), start: start, end: index)
    }
    let nameStart = index
    var first = true
    while index < end, let (scalar, length) = scalar(at: index),
      first ? PlaceWord.isStart(scalar) : PlaceWord.isPart(scalar)
    {
      index += length
      first = false
    }
    if first {
      throw error(
        tr("expected a place after '@' (a word, or a name in quotes; @\"\" is the unnamed place)"), at: at)
    }
    return Token(.word(code + "@" + text(nameStart, index)), start: start, end: index)
  }

  /// Whether the bytes at `position` are U+FF20 FULLWIDTH COMMERCIAL AT.
  private func isFullWidthAt(_ position: Int) -> Bool {
    position + 2 < end && bytes[position] == 0xEF && bytes[position + 1] == 0xBC && bytes[position + 2] == 0xA0
  }

  /// The Unicode scalar whose UTF-8 bytes start at `position`, with their count.
  private func scalar(at position: Int) -> (Unicode.Scalar, Int)? {
    let length = Self.scalarLength(bytes[position])
    guard position + length <= end else { return nil }
    var decoder = UTF8()
    var iterator = bytes[position..<position + length].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return (scalar, length)
  }

  // MARK: - Numbers and dates

  private mutating func number() throws(ScriptError) -> Token {
    let start = index
    // A date is exactly four digits, '-', two digits, '-', two digits.
    if let date = try date() { return date }
    var sawPoint = false
    var previousWasDigit = false
    var digits = 0
    while index < end {
      let byte = bytes[index]
      if Self.isDigit(byte) {
        digits += 1
        previousWasDigit = true
      } else if byte == UInt8(ascii: "_") && previousWasDigit && index + 1 < end && Self.isDigit(bytes[index + 1]) {
        previousWasDigit = false
      } else if byte == UInt8(ascii: ".") && !sawPoint {
        sawPoint = true
        previousWasDigit = false
      } else {
        break
      }
      index += 1
    }
    if digits == 0 {
      index = start + 1
      throw error(tr("unexpected '.'; expected a number such as 0.5"), at: start)
    }
    // Anything glued to the number that could continue a word or a number is junk.
    if index < end {
      let next = bytes[index]
      if Self.isWordStart(next) || next == UInt8(ascii: ".") {
        var junkEnd = index
        while junkEnd < end && Self.isWordPart(bytes[junkEnd]) { junkEnd += 1 }
        throw error(tr("malformed number '{number}'", ["number": text(start, junkEnd)]), at: start)
      }
      if next == UInt8(ascii: ","), depth == 0 {
        var groupEnd = index + 1
        while groupEnd < end && Self.isDigit(bytes[groupEnd]) { groupEnd += 1 }
        if groupEnd > index + 1 {
          throw error(
            tr("malformed number '{number}'; use _ to group digits", ["number": text(start, groupEnd)]), at: start)
        }
      }
    }
    if bytes[index - 1] == UInt8(ascii: ".") {
      throw error(
        tr("malformed number '{number}'; expected digits after '.'", ["number": text(start, index)]), at: start)
    }
    return Token(.number(text(start, index)), start: start, end: index)
  }

  private mutating func date() throws(ScriptError) -> Token? {
    let start = index
    guard start + 10 <= end else { return nil }
    let candidate = bytes[start..<start + 10]
    for (offset, byte) in candidate.enumerated() {
      let wanted = offset == 4 || offset == 7
      if wanted ? byte != UInt8(ascii: "-") : !Self.isDigit(byte) { return nil }
    }
    if start + 10 < end && (Self.isWordPart(bytes[start + 10]) || bytes[start + 10] == UInt8(ascii: ".")) {
      return nil
    }
    func value(_ from: Int, _ count: Int) -> Int {
      var result = 0
      for offset in 0..<count { result = result * 10 + Int(bytes[from + offset] - UInt8(ascii: "0")) }
      return result
    }
    let year = value(start, 4)
    let month = value(start + 5, 2)
    let day = value(start + 8, 2)
    let days = [
      31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]
    guard year >= 1, (1...12).contains(month), (1...days[month - 1]).contains(day) else {
      throw error(tr("invalid date '{date}'", ["date": text(start, start + 10)]), at: start)
    }
    index = start + 10
    return Token(.date(year: year, month: month, day: day), start: start, end: index)
  }

  // MARK: - Strings

  private mutating func string() throws(ScriptError) -> Token {
    let start = index
    let quote = bytes[index]
    index += 1
    var value: [UInt8] = []
    while index < end {
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return Token(.string(String(decoding: value, as: UTF8.self)), start: start, end: index)
      }
      if byte == UInt8(ascii: "\\") && Quoting.escapes(in: quote) {
        guard index + 1 < end else { break }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "u"):
          // `\u{1b}`: any Unicode scalar by its hex value, as messages show a control
          // character (and as a dump writes one).
          let (scalar, after) = try unicodeEscape(at: index)
          value.append(contentsOf: Array(String(Character(scalar)).utf8))
          index = after
          continue
        default:
          throw error(
            tr(
              "unknown escape '\\{character}' in string; use \\\" \\\\ \\n \\t or {unicode}",
              ["character": text(index + 1, index + 2), "unicode": "\\u{HEX}"]), at: index)
        }
        index += 2
        continue
      }
      value.append(byte)
      index += 1
    }
    throw error(
      tr("unterminated string; expected a closing {quote}", ["quote": quote == UInt8(ascii: "\"") ? "\"" : "'"]),
      at: start)
  }

  /// `\u{HEX}` at `start` (the backslash): the scalar, and the index just past `}`.
  private func unicodeEscape(at start: Int) throws(ScriptError) -> (Unicode.Scalar, Int) {
    var position = start + 2
    guard position < end, bytes[position] == UInt8(ascii: "{") else {
      throw error(tr("expected '{' after \\u in a string (\\u{1b})"), at: start)
    }
    position += 1
    var value: UInt32 = 0
    var digits = 0
    while position < end, let digit = Self.hexValue(bytes[position]) {
      value = value &* 16 &+ digit
      digits += 1
      position += 1
    }
    guard position < end, bytes[position] == UInt8(ascii: "}"), (1...6).contains(digits),
      let scalar = Unicode.Scalar(value)
    else {
      throw error(tr("\\u{…} takes 1 to 6 hex digits naming a Unicode scalar"), at: start)
    }
    return (scalar, position + 1)
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: - Symbols

  private mutating func symbol() throws(ScriptError) -> Token {
    let start = index
    let byte = bytes[index]
    let next: UInt8? = index + 1 < end ? bytes[index + 1] : nil
    let symbol: String
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
      if next == UInt8(ascii: "=") {
        symbol = text(start, start + 2)
      } else if byte == UInt8(ascii: "!") {
        throw error(tr("unexpected '!'; did you mean '!='?"), at: start)
      } else {
        symbol = text(start, start + 1)
      }
    case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: ","):
      symbol = text(start, start + 1)
    case UInt8(ascii: "("):
      depth += 1
      symbol = "("
    case UInt8(ascii: ")"):
      depth = max(0, depth - 1)
      symbol = ")"
    default:
      let length = max(1, Self.scalarLength(byte))
      throw error(
        tr("unexpected character '{character}'", ["character": text(start, min(end, start + length))]), at: start)
    }
    index = start + symbol.utf8.count
    return Token(.symbol(symbol), start: start, end: index)
  }

  // MARK: - Character classes

  private func text(_ from: Int, _ to: Int) -> String {
    String(decoding: bytes[from..<to], as: UTF8.self)
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  static func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == UInt8(ascii: "_")
  }

  static func isWordPart(_ byte: UInt8) -> Bool {
    isWordStart(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
  }

  private static func scalarLength(_ byte: UInt8) -> Int {
    switch byte {
    case 0xC0...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF7: 4
    default: 1
    }
  }
}

import CofferText

/// Reads one statement's tokens: commands pull words, options and expressions from it
/// in the order their grammar says.
package struct Parser {
  package let line: LogicalLine
  package let tokens: [Token]
  /// The next token's index (the grammar areas in `Parser+…` files move it).
  package internal(set) var position = 0
  /// Byte offset just past the statement, for "expected … at end" errors.
  package let endOffset: Int

  /// Nesting deeper than this (parentheses, unary minus, calls) is refused.
  package static let maxNesting = 64

  package init(line: LogicalLine, tokens: [Token], endOffset: Int) {
    self.line = line
    self.tokens = tokens
    self.endOffset = endOffset
  }

  package var atEnd: Bool { position >= tokens.count }
  package var peek: Token? { atEnd ? nil : tokens[position] }
  // Checks of the next tokens made in place: a token copied out (`peek`) is copied and
  // destroyed whole, case by case, which a statement's reading did a dozen times.

  package var nextIsWord: Bool {
    guard position < tokens.count, case .word = tokens[position].kind else { return false }
    return true
  }

  package var nextIsString: Bool {
    guard position < tokens.count, case .string = tokens[position].kind else { return false }
    return true
  }

  package var nextIsComparison: Bool {
    guard position < tokens.count, case .symbol(let symbol) = tokens[position].kind else { return false }
    return Comparison(rawValue: symbol) != nil
  }

  package func secondIsSymbol(_ symbol: String) -> Bool {
    position + 1 < tokens.count && tokens[position + 1].isSymbol(symbol)
  }

  /// Whether the next token is `symbol`.
  package func nextIsSymbol(_ symbol: String) -> Bool {
    guard position < tokens.count, case .symbol(let text) = tokens[position].kind else { return false }
    return text == symbol
  }

  /// The next token's word, if it is one.
  package var nextWord: String? {
    guard position < tokens.count, case .word(let word) = tokens[position].kind else { return nil }
    return word
  }

  /// Steps over the next token, already looked at.
  package mutating func skip() {
    if position < tokens.count { position += 1 }
  }

  /// The token after the next one.
  package var peekSecond: Token? { position + 1 < tokens.count ? tokens[position + 1] : nil }

  /// Reads a statement: its tokens, bytes that make none kept as `.invalid` tokens.
  package init(line: LogicalLine, segment: LineScanner.Segment) {
    self.init(line: line, tokens: Lexer.statementTokens(of: line, segment: segment), endOffset: segment.end)
  }

  /// Where the parser stands (a repeated part that read nothing ends there).
  package var mark: Int { position }

  package mutating func advance() -> Token? {
    guard let token = peek else { return nil }
    position += 1
    return token
  }

  package func error(_ message: String, at offset: Int) -> ScriptError {
    ScriptError(message, at: line.location(ofOffset: offset))
  }

  /// The offset of the next token, or the end of the statement.
  package var nextOffset: Int { position < tokens.count ? tokens[position].start : endOffset }

  /// An error about whatever comes next: "expected X, found Y" (or, when the next bytes
  /// make no token, why not).
  package func expected(_ what: String) -> ScriptError {
    if let error = peek?.invalid { return error }
    if let token = peek {
      return error(tr("expected {what}, found {token}", ["what": what, "token": token.display]), at: token.start)
    }
    return error(tr("expected {what}", ["what": what]), at: endOffset)
  }

  package mutating func accept(symbol: String) -> Bool {
    if nextIsSymbol(symbol) {
      position += 1
      return true
    }
    return false
  }

  /// Consumes and returns the next token, which must be a word.
  package mutating func expectWord(_ what: String) throws(ScriptError) -> (word: String, offset: Int) {
    guard let word = nextWord else { throw expected(what) }
    let start = tokens[position].start
    position += 1
    return (word, start)
  }

  package func expectEnd() throws(ScriptError) {
    guard let token = peek else { return }
    if let error = token.invalid { throw error }
    throw error(tr("unexpected {token}; expected the end of the statement", ["token": token.display]), at: token.start)
  }
}

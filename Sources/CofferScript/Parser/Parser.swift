/// Reads one statement's tokens: commands pull words, options and expressions from it
/// in the order their grammar says.
package struct Parser {
  package let line: LogicalLine
  package let tokens: [Token]
  package private(set) var position = 0
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
  // Checks of the next tokens made in place (no copy of a token's text).

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

  /// The token after the next one.
  package var peekSecond: Token? { position + 1 < tokens.count ? tokens[position + 1] : nil }

  /// Reads a statement: its tokens, bytes that make none kept as `.invalid` tokens.
  package init(line: LogicalLine, segment: LineScanner.Segment) {
    self.init(line: line, tokens: Lexer.statementTokens(of: line, segment: segment), endOffset: segment.end)
  }

  /// The rest of the statement as written (blanks around it trimmed) and its offset, or
  /// nil at the end. A sheet draft such as `12abc` and a path such as `/tmp/a-b.csv` are
  /// not made of tokens; they are taken whole.
  package mutating func rest() -> (text: String, offset: Int)? {
    guard let first = peek else { return nil }
    var end = endOffset
    while end > first.start && LineScanner.isBlank(line.bytes[end - 1]) { end -= 1 }
    position = tokens.count
    return (String(decoding: line.bytes[first.start..<end], as: UTF8.self), first.start)
  }

  /// A file path or URL: one quoted string (its escapes resolved, as any string's), or
  /// the rest of the statement as written.
  package mutating func path(_ what: String) throws(ScriptError) -> (text: String, offset: Int) {
    if let token = peek, case .string(let text) = token.kind {
      // A quoted path is the whole argument: nothing may follow it.
      position += 1
      try expectEnd()
      guard !text.isEmpty else { throw error("expected \(what)", at: token.start) }
      return (text, token.start)
    }
    // An unterminated or badly escaped quote is an error, not part of a path.
    if let token = peek, let error = token.invalid, Quoting.isQuote(line.bytes[token.start]) {
      throw error
    }
    guard let rest = rest() else { throw expected(what) }
    return rest
  }

  /// One file path: a quoted string (its escapes resolved), or the bytes from the next
  /// token up to the next blank, taken whole (`/tmp/a-b.db`, `~/x.db`, `2026.ledger`).
  /// The tokens inside it are consumed; what follows is left to the grammar.
  package mutating func file(_ what: String) throws(ScriptError) -> (text: String, offset: Int) {
    guard let first = peek else { throw expected(what) }
    if case .string(let text) = first.kind {
      position += 1
      guard !text.isEmpty else { throw error("expected \(what)", at: first.start) }
      return (text, first.start)
    }
    if let error = first.invalid, Quoting.isQuote(line.bytes[first.start]) { throw error }
    var end = first.start
    while end < endOffset && !LineScanner.isBlank(line.bytes[end]) { end += 1 }
    while let token = peek, token.start < end {
      // A token running past the blank (a quote opened inside the path) would be cut.
      guard token.end <= end else {
        throw error("a path with blanks must be quoted whole (\"…\")", at: first.start)
      }
      position += 1
    }
    return (String(decoding: line.bytes[first.start..<end], as: UTF8.self), first.start)
  }

  /// Takes the `--name` options (and the value after each one that takes a value) out of
  /// the statement, wherever they stand, so the grammar reads only the arguments.
  package mutating func takeOptions(
    taking valued: (String) -> Bool
  ) -> [(name: String, value: Token?, token: Token)] {
    guard tokens[position...].contains(where: { if case .option = $0.kind { true } else { false } }) else {
      return []
    }
    var options: [(name: String, value: Token?, token: Token)] = []
    var kept = Array(tokens[..<position])
    var index = position
    while index < tokens.count {
      let token = tokens[index]
      guard case .option(let name) = token.kind else {
        kept.append(token)
        index += 1
        continue
      }
      let lowered = name.lowercased()
      var value: Token?
      if valued(lowered), index + 1 < tokens.count {
        value = tokens[index + 1]
        index += 1
      }
      options.append((lowered, value, token))
      index += 1
    }
    self = Parser(line: line, tokens: kept, endOffset: endOffset, position: position)
    return options
  }

  private init(line: LogicalLine, tokens: [Token], endOffset: Int, position: Int) {
    self.init(line: line, tokens: tokens, endOffset: endOffset)
    self.position = position
  }

  /// Just past the last token read.
  package var consumedEnd: Int { position > 0 ? tokens[position - 1].end : (tokens.first?.start ?? endOffset) }

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
  package var nextOffset: Int { peek?.start ?? endOffset }

  /// An error about whatever comes next: "expected X, found Y" (or, when the next bytes
  /// make no token, why not).
  package func expected(_ what: String) -> ScriptError {
    if let error = peek?.invalid { return error }
    if let token = peek {
      return error("expected \(what), found \(token.display)", at: token.start)
    }
    return error("expected \(what)", at: endOffset)
  }

  package mutating func accept(symbol: String) -> Bool {
    if peek?.isSymbol(symbol) == true {
      position += 1
      return true
    }
    return false
  }

  /// Consumes and returns the next token, which must be a word.
  package mutating func expectWord(_ what: String) throws(ScriptError) -> (word: String, offset: Int) {
    guard let token = peek, let word = token.word else { throw expected(what) }
    position += 1
    return (word, token.start)
  }

  package func expectEnd() throws(ScriptError) {
    guard let token = peek else { return }
    if let error = token.invalid { throw error }
    throw error("unexpected \(token.display); expected the end of the statement", at: token.start)
  }

  // MARK: - Expressions

  package mutating func expression() throws(ScriptError) -> Expression {
    try additive(depth: 0)
  }

  /// True when the next token can start an expression.
  package var atExpression: Bool {
    guard position < tokens.count else { return false }
    switch tokens[position].kind {
    case .number, .variable, .string, .date: return true
    case .symbol(let symbol): return symbol == "(" || symbol == "-"
    case .word:
      return position + 1 < tokens.count && tokens[position + 1].isSymbol("(")
    case .option, .invalid: return false
    }
  }

  private mutating func additive(depth: Int) throws(ScriptError) -> Expression {
    var left = try multiplicative(depth: depth)
    while let token = peek, token.isSymbol("+") || token.isSymbol("-") {
      position += 1
      let right = try multiplicative(depth: depth)
      left = .binary(token.isSymbol("+") ? .add : .subtract, left, right, at: token.start)
    }
    return left
  }

  private mutating func multiplicative(depth: Int) throws(ScriptError) -> Expression {
    var left = try unary(depth: depth)
    while let token = peek, token.isSymbol("*") || token.isSymbol("/") {
      // `/tmp/x` after a value is a path for the grammar's next slot (`rates export from
      // DATE /tmp/x`), not a division: a word glued to '/' can start no value.
      if token.isSymbol("/"), position + 1 < tokens.count, tokens[position + 1].start == token.end,
        tokens[position + 1].word != nil, !(position + 2 < tokens.count && tokens[position + 2].isSymbol("("))
      {
        break
      }
      position += 1
      let right = try unary(depth: depth)
      left = .binary(token.isSymbol("*") ? .multiply : .divide, left, right, at: token.start)
    }
    return left
  }

  private mutating func unary(depth: Int) throws(ScriptError) -> Expression {
    if let token = peek, token.isSymbol("-") {
      try checkDepth(depth + 1, at: token.start)
      position += 1
      return .negate(try unary(depth: depth + 1), at: token.start)
    }
    return try primary(depth: depth)
  }

  private func checkDepth(_ depth: Int, at offset: Int) throws(ScriptError) {
    if depth > Self.maxNesting {
      throw error("expression nested deeper than \(Self.maxNesting) levels", at: offset)
    }
  }

  private mutating func primary(depth: Int) throws(ScriptError) -> Expression {
    guard let token = peek else { throw expected("a value") }
    switch token.kind {
    case .number(let text):
      position += 1
      return .number(text, at: token.start)
    case .string(let text):
      position += 1
      return .string(text, at: token.start)
    case .variable(let name):
      position += 1
      return .variable(name, at: token.start)
    case .date(let year, let month, let day):
      position += 1
      return .date(year: year, month: month, day: day, at: token.start)
    case .symbol("("):
      try checkDepth(depth + 1, at: token.start)
      position += 1
      let inner = try additive(depth: depth + 1)
      guard accept(symbol: ")") else {
        throw expected("')' to close the '(' at column \(line.location(ofOffset: token.start).column)")
      }
      return inner
    case .word(let name):
      guard position + 1 < tokens.count, tokens[position + 1].isSymbol("(") else {
        throw error(
          "unexpected word '\(name)'; expected a value (a number, $variable or function call)", at: token.start)
      }
      try checkDepth(depth + 1, at: token.start)
      position += 2
      var arguments: [Expression] = []
      if !accept(symbol: ")") {
        repeat {
          arguments.append(try argument(depth: depth + 1))
        } while accept(symbol: ",")
        guard accept(symbol: ")") else { throw expected("',' or ')' in the call of \(name)") }
      }
      return .call(name, arguments: arguments, at: token.start)
    default:
      throw expected("a value")
    }
  }

  /// A call argument: an expression, or a bare word such as a currency code.
  private mutating func argument(depth: Int) throws(ScriptError) -> Expression {
    if let token = peek, case .word(let word) = token.kind,
      !(position + 1 < tokens.count && tokens[position + 1].isSymbol("("))
    {
      position += 1
      return .word(word, at: token.start)
    }
    return try additive(depth: depth)
  }

  /// A comparison operator, for `assert`.
  package mutating func comparison() throws(ScriptError) -> Comparison {
    guard let token = peek, case .symbol(let symbol) = token.kind, let comparison = Comparison(rawValue: symbol)
    else {
      throw expected("a comparison (== != < <= > >=)")
    }
    position += 1
    return comparison
  }
}

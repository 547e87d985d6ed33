import CofferText

/// The arguments that are not expressions: the rest of a statement as written, paths and
/// files, and the options anywhere in it.
extension Parser {
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
      guard !text.isEmpty else { throw error(tr("expected {what}", ["what": what]), at: token.start) }
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
      guard !text.isEmpty else { throw error(tr("expected {what}", ["what": what]), at: first.start) }
      return (text, first.start)
    }
    if let error = first.invalid, Quoting.isQuote(line.bytes[first.start]) { throw error }
    var end = first.start
    while end < endOffset && !LineScanner.isBlank(line.bytes[end]) { end += 1 }
    while let token = peek, token.start < end {
      // A token running past the blank (a quote opened inside the path) would be cut.
      guard token.end <= end else {
        throw error(tr("a path with blanks must be quoted whole (\"…\")"), at: first.start)
      }
      position += 1
    }
    return (String(decoding: line.bytes[first.start..<end], as: UTF8.self), first.start)
  }

  /// A place's name standing alone: a quoted string, or the bytes of the next token up to
  /// the next blank when they make a place word (letters of any script: `招商银行`, which
  /// the lexer, reading ASCII words, leaves as bytes it could not read).
  package mutating func place(_ what: String) throws(ScriptError) -> (text: String, offset: Int) {
    guard let first = peek else { throw expected(what) }
    if case .string(let text) = first.kind {
      position += 1
      return (text, first.start)
    }
    if let error = first.invalid, Quoting.isQuote(line.bytes[first.start]) { throw error }
    guard let word = placeWord(at: first) else { throw expected(what) }
    while let token = peek, token.start < word.end { position += 1 }
    return (word.text, first.start)
  }

  /// Whether the next token starts a place word (see `place`).
  package var nextIsPlaceWord: Bool {
    guard let token = peek else { return false }
    return placeWord(at: token) != nil
  }

  /// The place word from `token` to the next blank, if those bytes make one.
  private func placeWord(at token: Token) -> (text: String, end: Int)? {
    var end = token.start
    while end < endOffset && !LineScanner.isBlank(line.bytes[end]) { end += 1 }
    let text = String(decoding: line.bytes[token.start..<end], as: UTF8.self)
    return PlaceWord.isWord(text) ? (text, end) : nil
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
}

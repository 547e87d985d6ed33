import CofferText

/// Reads a statement's arguments with its command's grammar: the one parser behind every
/// command. Expressions are read by `Parser`, everything else by the grammar.
package struct StatementReader {
  private var parser: Parser
  private let arguments: Arguments
  /// For completion: what could come next when the statement ran out.
  private var expectedAtEnd: [Grammar] = []
  private let collecting: Bool

  private init(_ parser: consuming Parser, commandOffset: Int, collecting: Bool) {
    self.parser = parser
    self.arguments = Arguments(line: parser.line, commandOffset: commandOffset, endOffset: parser.endOffset)
    arguments.values.reserveCapacity(4)
    self.collecting = collecting
  }

  /// Reads everything after the command's words. `command` names it in errors.
  /// `takesRest` is `grammar.takesRest`, which a caller running many statements keeps.
  package static func read(
    _ parser: consuming Parser, command: String, commandOffset: Int, grammar: Grammar, options: [OptionSpec],
    takesRest: Bool? = nil
  ) throws(ScriptError) -> Arguments {
    var reader = StatementReader(parser, commandOffset: commandOffset, collecting: false)
    if !(takesRest ?? grammar.takesRest) { try reader.readOptions(command: command, options) }
    try reader.read(grammar)
    try reader.parser.expectEnd()
    return reader.arguments
  }

  /// What the grammar could take after the tokens of `parser` (the words before the one
  /// being completed): keywords, slots, and whether the statement may end there.
  package static func expectations(after parser: Parser, grammar: Grammar) -> [Grammar] {
    var reader = StatementReader(parser, commandOffset: 0, collecting: true)
    _ = reader.parser.takeOptions { _ in false }
    // A statement cut short fails to read: what was asked at its end is the answer.
    try? reader.read(grammar)
    return reader.parser.atEnd ? reader.expectedAtEnd : []
  }

  private mutating func readOptions(command: String, _ specs: [OptionSpec]) throws(ScriptError) {
    let given = parser.takeOptions { name in specs.first { $0.name == name }?.values != nil }
    for option in given {
      guard let spec = specs.first(where: { $0.name == option.name }) else {
        let expected =
          specs.isEmpty
          ? tr("it takes no options")
          : tr("expected {what}", ["what": Grammar.either(specs.map { "--\($0.name)" })])
        throw parser.error(
          tr(
            "unknown option --{option} for {command}; {expected}",
            ["option": option.name, "command": command, "expected": expected]),
          at: option.token.start)
      }
      if let values = spec.values {
        guard let value = option.value, let word = value.word, values.isEmpty || values.contains(word.lowercased())
        else {
          throw parser.error(spec.valueError, at: option.value?.start ?? option.token.end)
        }
      }
      arguments.options.append(Arguments.Option(name: option.name, value: option.value, token: option.token))
    }
  }

  // MARK: - Walking the grammar

  private mutating func read(_ grammar: Grammar) throws(ScriptError) {
    switch grammar {
    case .keyword(let word):
      guard starts(grammar) else { throw parser.expected(grammar.expectation) }
      arguments.keywords.append(Arguments.Keyword(word: word, offset: parser.nextOffset))
      parser.skip()
    case .symbol:
      guard starts(grammar) else { throw parser.expected(grammar.expectation) }
      parser.skip()
    case .argument(let slot):
      guard starts(grammar) else { throw parser.expected(slot.description) }
      try read(slot)
    case .sequence(let items):
      for item in items { try read(item) }
    case .optional(let inner):
      if starts(inner) { try read(inner) }
    case .choice(let alternatives):
      var chosen: Grammar?
      for alternative in alternatives where chosen == nil && starts(alternative) { chosen = alternative }
      if let chosen {
        try read(chosen)
      } else if !alternatives.contains(where: \.isNullable) {
        throw parser.expected(grammar.expectation)
      }
    case .repeated(let inner):
      while starts(inner) {
        let before = parser.mark
        try read(inner)
        if parser.mark == before { break }
      }
    }
  }

  private mutating func read(_ slot: Slot) throws(ScriptError) {
    let start = parser.nextOffset
    let value = try value(of: slot)
    arguments.values.append(Arguments.Read(slot: slot, value: value, start: start, end: parser.consumedEnd))
  }

  private mutating func value(of slot: Slot) throws(ScriptError) -> Arguments.Value {
    switch slot.kind {
    case .currency, .word:
      let (word, offset) = try parser.expectWord(slot.description)
      return .word(word, at: offset)
    case .expression:
      return .expression(try parser.expression())
    case .comparison:
      let offset = parser.nextOffset
      return .comparison(try parser.comparison(), at: offset)
    case .string:
      guard let token = parser.advance(), case .string(let text) = token.kind else {
        throw parser.expected(slot.description)
      }
      return .string(text, at: token.start)
    case .path:
      let (text, offset) = try parser.path(slot.description)
      return .path(text, at: offset)
    case .file:
      let (text, offset) = try parser.file(slot.description)
      return .path(text, at: offset)
    case .place:
      let (text, offset) = try parser.place(slot.description)
      return .string(text, at: offset)
    case .text:
      guard let (text, offset) = parser.rest() else { throw parser.expected(slot.description) }
      return .text(text, at: offset)
    case .words:
      var tokens: [Token] = []
      while let token = parser.advance() { tokens.append(token) }
      return .words(tokens)
    }
  }

  /// Keywords that bring in a date (or a period), never taken for a currency code.
  private static let dateKeywords = ["at", "from", "to", "valued", "by"]

  /// Whether the next token can start `grammar`. At the end of the statement, what was
  /// asked is remembered for completion (so every alternative of a choice is asked;
  /// `read` takes the first that starts).
  private mutating func starts(_ grammar: Grammar) -> Bool {
    if parser.atEnd, collecting, case .argument = grammar {
      expectedAtEnd.append(grammar)
    } else if parser.atEnd, collecting, case .keyword = grammar {
      expectedAtEnd.append(grammar)
    }
    switch grammar {
    case .keyword(let word):
      return parser.nextWord?.isWord(word) == true
    case .symbol(let symbol):
      return parser.nextIsSymbol(symbol)
    case .argument(let slot):
      switch slot.kind {
      // The words that bring in dates are no currency: `rates USD at DATE`, `log from DATE`.
      case .currency:
        guard let word = parser.nextWord, !parser.secondIsSymbol("(") else { return false }
        return !Self.dateKeywords.contains { word.isWord($0) }
      case .word: return parser.nextIsWord
      case .expression: return parser.atExpression
      case .comparison: return parser.nextIsComparison
      case .string: return parser.nextIsString
      case .path, .text, .words, .file: return !parser.atEnd
      case .place: return parser.nextIsWord || parser.nextIsString || parser.nextIsPlaceWord
      }
    case .sequence(let items):
      for item in items {
        if starts(item) { return true }
        if !item.isNullable { return false }
      }
      return false
    case .optional(let inner), .repeated(let inner):
      return starts(inner)
    case .choice(let alternatives):
      var any = false
      for alternative in alternatives where starts(alternative) { any = true }
      return any
    }
  }
}

extension String {
  /// Whether this is `lowercase` in any letter case (ASCII), without making a lowered
  /// copy: the grammar asks it of the next word several times per statement.
  package func isWord(_ lowercase: String) -> Bool {
    guard utf8.count == lowercase.utf8.count else { return false }
    for (byte, wanted) in zip(utf8, lowercase.utf8) {
      let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
      guard lowered == wanted else { return false }
    }
    return true
  }

  /// `lowercased()` for the ASCII words that commands, functions and options are made of,
  /// without Unicode case mapping: it runs for every statement of a script, and a word
  /// already in lower case is returned as it is.
  package var lowercasedWord: String {
    let isUpper: (UInt8) -> Bool = { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return lowercased() }
    guard utf8.contains(where: isUpper) else { return self }
    let count = utf8.count
    return String(unsafeUninitializedCapacity: count) { buffer in
      for (index, byte) in utf8.enumerated() { buffer[index] = isUpper(byte) ? byte + 0x20 : byte }
      return count
    }
  }
}

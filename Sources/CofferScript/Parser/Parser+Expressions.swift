import CofferText

/// Expressions: arithmetic with precedence, unary minus, calls, parentheses, nested at
/// most `maxNesting` deep; and the comparisons of `assert`.
extension Parser {
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
    while nextIsSymbol("+") || nextIsSymbol("-") {
      let (adds, start) = (nextIsSymbol("+"), tokens[position].start)
      position += 1
      let right = try multiplicative(depth: depth)
      left = .binary(adds ? .add : .subtract, left, right, at: start)
    }
    return left
  }

  private mutating func multiplicative(depth: Int) throws(ScriptError) -> Expression {
    var left = try unary(depth: depth)
    while nextIsSymbol("*") || nextIsSymbol("/"), let token = peek {
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
    if nextIsSymbol("-") {
      let start = tokens[position].start
      try checkDepth(depth + 1, at: start)
      position += 1
      return .negate(try unary(depth: depth + 1), at: start)
    }
    return try primary(depth: depth)
  }

  private func checkDepth(_ depth: Int, at offset: Int) throws(ScriptError) {
    if depth > Self.maxNesting {
      throw error(tr("expression nested deeper than {limit} levels", ["limit": String(Self.maxNesting)]), at: offset)
    }
  }

  private mutating func primary(depth: Int) throws(ScriptError) -> Expression {
    guard position < tokens.count else { throw expected(tr("a value")) }
    // The token looked at in place (see `nextWord`).
    let start = tokens[position].start
    switch tokens[position].kind {
    case .number(let text):
      position += 1
      return .number(text, at: start)
    case .string(let text):
      position += 1
      return .string(text, at: start)
    case .variable(let name):
      position += 1
      return .variable(name, at: start)
    case .date(let year, let month, let day):
      position += 1
      return .date(year: year, month: month, day: day, at: start)
    case .symbol("("):
      try checkDepth(depth + 1, at: start)
      position += 1
      let inner = try additive(depth: depth + 1)
      guard accept(symbol: ")") else {
        throw expected(
          tr("')' to close the '(' at column {column}", ["column": String(line.location(ofOffset: start).column)]))
      }
      return inner
    case .word(let name):
      guard position + 1 < tokens.count, tokens[position + 1].isSymbol("(") else {
        throw error(
          tr("unexpected word '{name}'; expected a value (a number, $variable or function call)", ["name": name]),
          at: start)
      }
      try checkDepth(depth + 1, at: start)
      position += 2
      var arguments: [Expression] = []
      if !accept(symbol: ")") {
        repeat {
          arguments.append(try argument(depth: depth + 1))
        } while accept(symbol: ",")
        guard accept(symbol: ")") else { throw expected(tr("',' or ')' in the call of {name}", ["name": name])) }
      }
      return .call(name, arguments: arguments, at: start)
    default:
      throw expected(tr("a value"))
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
      throw expected(tr("a comparison (== != < <= > >=)"))
    }
    position += 1
    return comparison
  }
}

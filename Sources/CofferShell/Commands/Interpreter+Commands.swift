import CofferCore
import CofferScript

extension Interpreter {
  func help(_ parser: inout Parser) throws(StatementFailure) {
    if let (word, offset) = try? parser.expectWord("a command") {
      try expectEnd(parser)
      guard let command = CommandHelp.find(word) else {
        throw failure(parser, "no command '\(word)'\(Suggestions.hint(for: word, in: CommandHelp.names))", at: offset)
      }
      output.line("usage: \(command.usage)")
      output.line("  \(command.summary)")
      if !command.aliases.isEmpty { output.line("  also: \(command.aliases.joined(separator: ", "))") }
      if !command.examples.isEmpty {
        output.line("examples:")
        for example in command.examples { output.line("  \(example)") }
      }
      return
    }
    try expectEnd(parser)
    var table = TextTable([.left, .left])
    for command in CommandHelp.all { table.add([command.usage, command.summary]) }
    output.line("commands:")
    for line in table.lines() { output.line("  " + line) }
    output.line("in the sheet (open):")
    var sheetTable = TextTable([.left, .left])
    for command in CommandHelp.sheet { sheetTable.add([command.usage, command.summary]) }
    sheetTable.add(["EXPR", "set the focused field's draft"])
    sheetTable.add(["C EXPR", "focus C and set its draft"])
    for line in sheetTable.lines() { output.line("  " + line) }
    output.line("functions: total() amount(C) value(C) rate(C) convert(X, FROM, TO) round(X, N) count()")
  }

  func set(_ parser: inout Parser) throws(StatementFailure) {
    let currency = try currency(&parser)
    guard parser.atExpression else { throw StatementFailure(parser.expected("an amount")) }
    let expression = try expression(&parser)
    try expectEnd(parser)
    let value = try amount(expression, for: currency, parser)
    ledger.commit(value, of: currency)
  }

  func expression(_ parser: inout Parser) throws(StatementFailure) -> Expression {
    do { return try parser.expression() } catch { throw StatementFailure(error) }
  }

  func clear(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "clear")
    if parser.accept(word: "all") {
      try expectEnd(parser)
      if options.interactive && !flags.yes {
        throw failure(
          parser, "'clear all' sets every amount to 0; type 'clear all --yes' to do it", at: parser.endOffset)
      }
      for currency in Catalog.all { ledger.commit(.zero, of: currency) }
      return
    }
    let currency = try currency(&parser)
    try expectEnd(parser)
    ledger.commit(.zero, of: currency)
  }

  func local(_ parser: inout Parser) throws(StatementFailure) {
    if parser.atEnd {
      let local = ledger.portfolio.local
      output.line("\(local.code) \(local.englishName) \(local.chineseName)")
      return
    }
    let offset = parser.nextOffset
    let currency = try currency(&parser)
    try expectEnd(parser)
    guard sheet == nil else {
      throw failure(parser, "cannot change the local currency while the sheet is open; dismiss it first", at: offset)
    }
    ledger.setLocal(currency)
  }

  func convert(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "convert")
    guard parser.atExpression else { throw StatementFailure(parser.expected("an amount to convert")) }
    let expression = try expression(&parser)
    let amount = try number(expression, parser, role: "convert")
    let from = try currency(&parser)
    _ = parser.accept(word: "to")
    let to = try currency(&parser)
    let portfolio = try portfolioAt(&parser)
    try expectEnd(parser)
    let converted: DecimalValue
    do {
      converted = try portfolio.convert(amount, from: from, to: to).rounded(toPlaces: to.minorUnits)
    } catch {
      // A dated conversion names its date, as rate_at() does.
      let when = portfolio === ledger.portfolio ? "" : " on \(portfolio.today)"
      throw failure(parser, error.description + when, at: expression.offset)
    }
    switch flags.format ?? options.format {
    case .table:
      output.line(
        "\(MoneyText.format(amount, from, output: output, exact: true)) \(from.code) = \(MoneyText.format(converted, to, output: output)) \(to.code)"
      )
    case .plain:
      output.line(converted.description)
    case .csv:
      output.line("amount,from,value,to")
      output.line(CSVText.row([amount.description, from.code, converted.description, to.code]))
    case .json:
      output.line(
        JSONText.object([
          ("amount", JSONText.string(amount.description)), ("from", JSONText.string(from.code)),
          ("value", JSONText.string(converted.description)), ("to", JSONText.string(to.code)),
        ]))
    }
  }

  func printCommand(_ parser: inout Parser) throws(StatementFailure) {
    var values: [Value] = []
    while !parser.atEnd {
      guard parser.atExpression else { throw StatementFailure(parser.expected("a value to print")) }
      values.append(try evaluate(try expression(&parser), parser))
      _ = parser.accept(symbol: ",")
    }
    for value in values { output.line(value.printed) }
  }

  func echo(_ parser: inout Parser) throws(StatementFailure) {
    var words: [String] = []
    while let token = parser.advance() {
      switch token.kind {
      case .string(let text): words.append(text)
      case .variable(let name):
        guard let value = variables[name] else {
          throw failure(
            parser, "unknown variable '$\(name)'\(Suggestions.hint(for: name, in: variables.keys))", at: token.start)
        }
        words.append(value.printed)
      default:
        words.append(String(decoding: parser.line.bytes[token.start..<token.end], as: UTF8.self))
      }
    }
    output.line(words.joined(separator: " "))
  }

  func letCommand(_ parser: inout Parser) throws(StatementFailure) {
    let (name, _) = try expectWord(&parser, "a variable name")
    guard parser.accept(symbol: "=") else { throw StatementFailure(parser.expected("'=' after the variable name")) }
    guard parser.atExpression else { throw StatementFailure(parser.expected("a value")) }
    let expression = try expression(&parser)
    try expectEnd(parser)
    variables[name] = try evaluate(expression, parser)
  }

  func expectWord(_ parser: inout Parser, _ what: String) throws(StatementFailure) -> (String, Int) {
    do { return try parser.expectWord(what) } catch { throw StatementFailure(error) }
  }

  func assertCommand(_ parser: inout Parser, segment: LineScanner.Segment) throws(StatementFailure) {
    guard parser.atExpression else { throw StatementFailure(parser.expected("a value to compare")) }
    let leftStart = parser.nextOffset
    let left = try expression(&parser)
    let leftEnd = parser.nextOffset
    let comparison: Comparison
    do { comparison = try parser.comparison() } catch { throw StatementFailure(error) }
    guard parser.atExpression else { throw StatementFailure(parser.expected("a value after \(comparison.rawValue)")) }
    let rightStart = parser.nextOffset
    let right = try expression(&parser)
    let rightEnd = parser.peek?.start ?? segment.end
    var message: String?
    if let token = parser.peek, case .string(let text) = token.kind {
      message = text
      _ = parser.advance()
    }
    try expectEnd(parser)
    let lhs = try evaluate(left, parser)
    let rhs = try evaluate(right, parser)
    let holds: Bool
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)):
      holds = comparison.holds(a, b)
    case (.string(let a), .string(let b)) where comparison == .equal || comparison == .notEqual:
      holds = comparison.holds(a, b)
    case (.date(let a), .date(let b)):
      holds = comparison.holds(a, b)
    default:
      throw failure(
        parser, "cannot compare \(lhs.kindName) with \(rhs.kindName) using \(comparison.rawValue)", at: leftStart)
    }
    guard !holds else { return }
    func text(_ from: Int, _ to: Int) -> String {
      String(decoding: parser.line.bytes[from..<max(from, to)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
    var description =
      "assertion failed: \(text(leftStart, leftEnd)) \(comparison.rawValue) \(text(rightStart, rightEnd))"
    description += " (\(lhs.printed) \(comparison.rawValue) \(rhs.printed) is false)"
    if let message { description += ": \(message)" }
    throw failure(parser, description, at: leftStart)
  }

  func save(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "save")
    try expectEnd(parser)
    let location = parser.line.location(ofOffset: parser.endOffset)
    let count = ledger.pending.count
    do {
      try ledger.save(force: flags.force)
    } catch {
      throw StatementFailure(failedSaveMessage(error), at: location, status: error.isStoreUnavailable ? 3 : 1)
    }
    if options.interactive {
      output.line(count == 0 ? "nothing to save" : "saved \(count) \(count == 1 ? "change" : "changes")")
    }
  }

  /// `check`: SQLite's full integrity check, with a plain verdict. A damaged store fails
  /// the statement with status 3, as a store that cannot be used does.
  func check(_ parser: inout Parser) throws(StatementFailure) {
    try expectEnd(parser)
    let location = parser.line.location(ofOffset: parser.endOffset)
    let findings: [String]
    do {
      findings = try ledger.store.integrityCheck()
    } catch {
      throw StatementFailure(error, at: location)
    }
    let name = ledger.store.location.description
    guard findings.isEmpty else {
      let damage = StoreError.damaged(
        path: name, what: "SQLite's integrity check found " + findings.joined(separator: "; "))
      throw StatementFailure(damage, at: location)
    }
    output.line("the store \(name) is sound (SQLite integrity check: ok)")
  }

  func log(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "log")
    var currency: Currency?
    if let token = parser.peek, let word = token.word {
      _ = parser.advance()
      currency = try self.currency(named: word, parser: parser, at: token.start)
    }
    var limit = 10
    if parser.atExpression {
      let expression = try expression(&parser)
      let value = try number(expression, parser, role: "log")
      guard let count = value.wholeNumber, count > 0 else {
        throw failure(parser, "log: N must be a whole number above 0", at: expression.offset)
      }
      limit = count
    }
    try expectEnd(parser)
    let entries: [JournalEntry]
    do {
      entries = try ledger.store.journal(of: currency, limit: limit)
    } catch {
      throw StatementFailure(error, at: parser.line.location(ofOffset: parser.endOffset))
    }
    switch flags.format ?? options.format {
    case .table, .plain:
      for entry in entries {
        output.line("\(entry.time)  \(entry.currency.code)  \(entry.old) → \(entry.new)")
      }
    case .csv:
      output.line("time,code,old,new")
      for entry in entries {
        output.line(CSVText.row([entry.time, entry.currency.code, entry.old.description, entry.new.description]))
      }
    case .json:
      output.line(
        JSONText.array(
          entries.map { entry in
            JSONText.object([
              ("time", JSONText.string(entry.time)), ("code", JSONText.string(entry.currency.code)),
              ("old", JSONText.string(entry.old.description)), ("new", JSONText.string(entry.new.description)),
            ])
          }))
    }
  }

  func historyCommand(_ parser: inout Parser) throws(StatementFailure) {
    guard options.interactive, let history else {
      throw failure(parser, "history is kept only in the interactive shell", at: parser.tokens.first?.start ?? 0)
    }
    var limit = 20
    if parser.atExpression {
      let expression = try expression(&parser)
      guard let count = try number(expression, parser, role: "history").wholeNumber, count > 0 else {
        throw failure(parser, "history: N must be a whole number above 0", at: expression.offset)
      }
      limit = count
    }
    try expectEnd(parser)
    let lines = history()
    let start = max(0, lines.count - limit)
    for (index, line) in lines.enumerated().dropFirst(start) {
      output.line("\(String(index + 1).leftPadded(to: 5))  \(line)")
    }
  }

  func quit(_ parser: inout Parser) throws(StatementFailure) {
    // An interactive session succeeds whatever statements failed, as psql and sqlite3 do.
    var status: Int32 = hadError && !options.interactive ? 1 : 0
    if parser.atExpression {
      let expression = try expression(&parser)
      guard let value = try number(expression, parser, role: "quit").wholeNumber, (0...255).contains(value) else {
        throw failure(parser, "quit: STATUS must be a whole number from 0 to 255", at: expression.offset)
      }
      status = Int32(value)
    }
    try expectEnd(parser)
    quitStatus = status
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension Comparison {
  func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
    switch self {
    case .equal: lhs == rhs
    case .notEqual: lhs != rhs
    case .less: lhs < rhs
    case .lessOrEqual: lhs <= rhs
    case .greater: lhs > rhs
    case .greaterOrEqual: lhs >= rhs
    }
  }
}

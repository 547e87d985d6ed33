import CofferCore
import CofferScript

extension Interpreter {
  static let sheetWords: Set<String> = [
    "focus", "next", "prev", "first", "last", "blur", "show", "dismiss", "done", "cancel", "undo",
  ]

  func open(_ parser: inout Parser) throws(StatementFailure) {
    var focus: Currency?
    if !parser.atEnd {
      let offset = parser.nextOffset
      let currency = try currency(&parser)
      guard currency != ledger.portfolio.local else {
        throw failure(parser, "\(currency.code) is the local currency; it has no row in the sheet", at: offset)
      }
      focus = currency
    }
    try expectEnd(parser)
    sheet = Sheet(local: ledger.portfolio.local, focus: focus, ledger: ledger)
  }

  /// One input while the sheet is open. Drafts are kept as typed: `USD 12abc` sets the
  /// draft `12abc`, and only leaving the field evaluates it.
  func sheetStatement(_ line: LogicalLine, _ segment: LineScanner.Segment) throws(StatementFailure) {
    let bytes = line.bytes
    var start = segment.start
    while start < segment.end && LineScanner.isBlank(bytes[start]) { start += 1 }
    let parser = Parser(line: line, tokens: [], endOffset: segment.end)
    func rawText(from offset: Int) -> String {
      String(decoding: bytes[offset..<segment.end], as: UTF8.self).trimmingBlanksAndCR
    }
    // A word, and where the text after it starts.
    var wordEnd = start
    while wordEnd < segment.end && Self.isWordByte(bytes[wordEnd], first: wordEnd == start) { wordEnd += 1 }
    var afterWord = wordEnd
    while afterWord < segment.end && LineScanner.isBlank(bytes[afterWord]) { afterWord += 1 }
    let callFollows = afterWord < segment.end && bytes[afterWord] == UInt8(ascii: "(")
    guard wordEnd > start, !callFollows else {
      // A bare expression: the focused field's new draft.
      try setFocusedDraft(rawText(from: start), parser, at: start)
      return
    }
    let word = String(decoding: bytes[start..<wordEnd], as: UTF8.self)
    let lowered = word.lowercased()
    if lowered == "set" {
      try sheetSet(line, segment, after: afterWord, parser)
      return
    }
    if Self.sheetWords.contains(lowered) {
      var full = Parser(line: line, tokens: try tokens(line, segment), endOffset: segment.end)
      _ = full.advance()
      try sheetCommand(lowered, &full)
      return
    }
    if let currency = Catalog.currency(word), CommandHelp.find(word) == nil {
      try focusThenDraft(currency, afterWord < segment.end ? rawText(from: afterWord) : nil, parser, at: start)
      return
    }
    if lowered == "open" {
      throw failure(parser, "the sheet is already open", at: start)
    }
    var full = Parser(line: line, tokens: try commandTokens(line, segment), endOffset: segment.end)
    try topLevel(&full, segment: segment)
  }

  private static func isWordByte(_ byte: UInt8, first: Bool) -> Bool {
    let letter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == UInt8(ascii: "_")
    if first { return letter }
    return letter || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
  }

  /// `set C EXPR` or `set EXPR` in the sheet.
  private func sheetSet(_ line: LogicalLine, _ segment: LineScanner.Segment, after offset: Int, _ parser: Parser)
    throws(StatementFailure)
  {
    let bytes = line.bytes
    var wordEnd = offset
    while wordEnd < segment.end && Self.isWordByte(bytes[wordEnd], first: wordEnd == offset) { wordEnd += 1 }
    var rest = wordEnd
    while rest < segment.end && LineScanner.isBlank(bytes[rest]) { rest += 1 }
    let callFollows = rest < segment.end && bytes[rest] == UInt8(ascii: "(")
    let text = { (from: Int) in String(decoding: bytes[from..<segment.end], as: UTF8.self).trimmingBlanksAndCR }
    if wordEnd > offset, !callFollows {
      let word = String(decoding: bytes[offset..<wordEnd], as: UTF8.self)
      let currency = try currency(named: word, parser: parser, at: offset)
      guard rest < segment.end else { throw failure(parser, "expected an amount after \(currency.code)", at: rest) }
      try focusThenDraft(currency, text(rest), parser, at: offset)
      return
    }
    guard offset < segment.end else {
      throw failure(parser, "expected an amount, or a currency and an amount", at: offset)
    }
    try setFocusedDraft(text(offset), parser, at: offset)
  }

  /// Focuses a field and sets its draft. The draft is set even when the field left
  /// behind had an invalid draft: that error is reported, and the focus still moved.
  private func focusThenDraft(_ currency: Currency, _ draft: String?, _ parser: Parser, at offset: Int)
    throws(StatementFailure)
  {
    var leftBehind: StatementFailure?
    do {
      try focus(currency, parser, at: offset)
    } catch {
      guard sheet?.focused == currency else { throw error }
      leftBehind = error
    }
    if let draft { try setFocusedDraft(draft, parser, at: offset) }
    if let leftBehind { throw leftBehind }
  }

  private func setFocusedDraft(_ text: String, _ parser: Parser, at offset: Int) throws(StatementFailure) {
    guard var open = sheet else { return }
    guard open.setDraft(text) else {
      throw failure(parser, "no field has the focus; name a currency first (for example 'USD \(text)')", at: offset)
    }
    sheet = open
  }

  private func focus(_ currency: Currency, _ parser: Parser, at offset: Int) throws(StatementFailure) {
    guard let open = sheet else { return }
    guard let row = open.row(of: currency) else {
      throw failure(parser, "\(currency.code) is the local currency; it has no row in the sheet", at: offset)
    }
    guard open.focus != row else { return }
    try move(to: row, parser, at: offset)
  }

  /// Moves the focus, committing the field it leaves. An invalid draft stays on its
  /// field and is reported, but the focus still moves.
  private func move(to row: Int?, _ parser: Parser, at offset: Int) throws(StatementFailure) {
    guard var open = sheet else { return }
    let outcome = open.moveFocus(to: row, ledger: ledger, evaluate: evaluateDraft)
    sheet = open
    if let error = outcome.error {
      throw failure(parser, error.message, at: offset)
    }
  }

  private func sheetCommand(_ name: String, _ parser: inout Parser) throws(StatementFailure) {
    guard let open = sheet else { return }
    let offset = parser.tokens.first?.start ?? 0
    switch name {
    case "focus":
      let target = try currency(&parser)
      try expectEnd(parser)
      try focus(target, parser, at: offset)
    case "next", "prev", "first", "last", "blur":
      try expectEnd(parser)
      let row: Int? =
        switch name {
        case "next": open.row(steppingBy: 1)
        case "prev": open.row(steppingBy: -1)
        case "first": 0
        case "last": open.rows.count - 1
        default: nil
        }
      try move(to: row, parser, at: offset)
    case "show":
      let all = parser.accept(word: "all")
      try expectEnd(parser)
      let height = drawsLiveSheet ? windowHeight : SheetView.defaultWindow
      let rows = all ? open.rows[...] : SheetView.window(of: open, height: height)
      for currency in rows {
        output.line(sheetView.text(of: currency, sheet: open, ledger: ledger, output: output))
      }
    case "undo":
      try expectEnd(parser)
      var edited = open
      guard let undone = edited.undo(ledger: ledger) else {
        throw failure(parser, "nothing to undo in this sheet session", at: offset)
      }
      sheet = edited
      if options.interactive {
        output.line("\(undone.currency.code) is back to \(undone.restored)")
      }
    case "cancel":
      try expectEnd(parser)
      var closing = open
      let discarded = closing.revertAll(ledger: ledger)
      sheet = nil
      // Reverted amounts are read again from the store: another session may have saved
      // one of them while it was pending here.
      ledger.reloadBeforeNextStatement()
      let count = discarded.count
      output.line(
        count == 0
          ? "cancelled: no changes"
          : "cancelled: \(count) \(count == 1 ? "change" : "changes") discarded (\(discarded.map(\.code).joined(separator: ", ")))"
      )
    case "dismiss", "done":
      try expectEnd(parser)
      try dismiss(parser, at: offset)
    default:
      break
    }
  }

  private func dismiss(_ parser: Parser, at offset: Int) throws(StatementFailure) {
    guard var open = sheet else { return }
    let outcome = open.commitFocused(ledger: ledger, evaluate: evaluateDraft)
    sheet = open
    if !open.invalid.isEmpty {
      let fields = open.rows.compactMap { currency in
        open.invalid[currency].map { "\(currency.code) ('\($0.text)': \($0.reason))" }
      }
      var message = "cannot dismiss: invalid drafts in " + fields.joined(separator: ", ")
      message += "; fix them or cancel"
      _ = outcome
      throw failure(parser, message, at: offset)
    }
    sheet = nil
    do {
      try ledger.save()
    } catch {
      // The sheet is closed; its edits stay pending for the next save.
      throw StatementFailure(
        failedSaveMessage(error), at: parser.line.location(ofOffset: offset), status: error.isStoreUnavailable ? 3 : 1)
    }
    output.line(MoneyText.total(try readTotal(parser), output: output))
  }

  /// Evaluates a draft's text as an amount of `currency`.
  func evaluateDraft(_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError> {
    let line = LogicalLine(source: "draft", line: 1, bytes: Array(text.utf8))
    let segment = LineScanner.Segment(start: 0, end: line.bytes.count)
    do {
      let tokens = try tokens(line, segment)
      var parser = Parser(line: line, tokens: tokens, endOffset: segment.end)
      let expression = try expression(&parser)
      try expectEnd(parser)
      let value = try number(expression, parser, role: "an amount")
      if let problem = AmountRules.problem(with: value, for: currency) {
        return .failure(DraftError(currency: currency, text: text, reason: problem))
      }
      return .success(value)
    } catch {
      return .failure(DraftError(currency: currency, text: text, reason: error.message))
    }
  }
}

extension String {
  var trimmingBlanksAndCR: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return String(text)
  }
}

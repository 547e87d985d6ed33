import CofferCore
import CofferScript
import CofferText

/// The line sheet's side of the sheet's controller: an action as a statement, and a
/// draft's text evaluated as an expression of the language.
extension CommandContext {
  /// A sheet on the ledger, focused on `focus` (else the first row), on today's amounts
  /// or those held on `date`; its drafts are evaluated as this run's expressions.
  func newSheet(focus: Currency?, on date: CalendarDate?) throws(StoreError) -> SheetController {
    try SheetController(ledger: ledger, focus: focus, on: date) { [unowned self] text, currency in
      evaluateDraft(text, currency)
    }
  }

  /// Performs an action on the open sheet as a statement: a refusal fails the statement
  /// (an invalid draft left behind is named, though the focus moved); the warning that a
  /// draft is not an amount is said at a terminal (its row shows `!` in any case).
  @discardableResult
  func perform(_ action: SheetAction, at offset: Int) throws(StatementFailure) -> SheetOutcome {
    guard let sheet else { return SheetOutcome() }
    let outcome = sheet.perform(action)
    if let refusal = outcome.refusal { throw failure(refusal.text, at: offset) }
    if let message = outcome.message, case .notAnAmount = message, drawsLiveSheet {
      output.diagnostic(message.text)
    }
    return outcome
  }

  /// Evaluates a draft's text as an amount of `currency`, as a statement of its own.
  func evaluateDraft(_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError> {
    if let value = Self.plainNumber(text) {
      if let problem = AmountRules.problem(with: value, for: currency) {
        return .failure(DraftError(currency: currency, text: text, reason: problem))
      }
      return .success(value)
    }
    return evaluateDraftAsStatement(text, currency)
  }

  /// The draft lexed, parsed and evaluated as the language does a statement's amount.
  func evaluateDraftAsStatement(_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError> {
    let draftLine = LogicalLine(source: "draft", line: 1, bytes: Array(text.utf8))
    let statementLine = line
    line = draftLine
    defer { line = statementLine }
    do throws(StatementFailure) {
      let tokens: [Token]
      do {
        tokens = try Lexer.tokens(of: draftLine, segment: .init(start: 0, end: draftLine.bytes.count))
      } catch {
        throw StatementFailure(error)
      }
      var parser = Parser(line: draftLine, tokens: tokens, endOffset: draftLine.bytes.count)
      let expression: Expression
      do {
        expression = try parser.expression()
        try parser.expectEnd()
      } catch {
        throw StatementFailure(error)
      }
      let value = try number(expression, role: tr("an amount"))
      if let problem = AmountRules.problem(with: value, for: currency) {
        return .failure(DraftError(currency: currency, text: text, reason: problem))
      }
      return .success(value)
    } catch {
      return .failure(DraftError(currency: currency, text: text, reason: error.message))
    }
  }

  /// A draft of digits with at most one point between them (`1250`, `99.5`): the number
  /// literal the language would read, without lexing, parsing and evaluating the draft
  /// as a statement at every keystroke. nil for anything else, and for digits the literal
  /// refuses (too many): those go the language's way, which says why.
  static func plainNumber(_ text: String) -> DecimalValue? {
    let bytes = text.utf8
    guard let first = bytes.first, let last = bytes.last, isDigit(first), isDigit(last) else { return nil }
    var points = 0
    for byte in bytes where !isDigit(byte) {
      guard byte == UInt8(ascii: "."), points == 0 else { return nil }
      points += 1
    }
    return (try? DecimalValue.parseDigits(text)) ?? nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

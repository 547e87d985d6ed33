import CofferCore
import CofferScript

/// What the sheet's commands share: moving the focus (committing the field left) and
/// setting the focused field's draft.
extension CommandContext {
  /// Moves the focus, committing the field it leaves. An invalid draft stays on its
  /// field and is reported, but the focus still moves.
  func moveFocus(to row: Int?, at offset: Int) throws(StatementFailure) {
    guard var open = sheet else { return }
    let outcome = open.moveFocus(to: row, ledger: ledger, evaluate: evaluateDraft)
    sheet = open
    if let error = outcome.error {
      throw failure(error.message, at: offset)
    }
  }

  /// Focuses a currency's field, then sets its draft if one is given. The draft is set
  /// even when the field left behind had an invalid draft: that error is reported, and
  /// the focus still moved.
  func focus(_ currency: Currency, draft: (text: String, offset: Int)?, at offset: Int) throws(StatementFailure) {
    guard let open = sheet else { return }
    guard let row = open.row(of: currency) else {
      throw failure("\(currency.code) is the local currency; it has no row in the sheet", at: offset)
    }
    var leftBehind: StatementFailure?
    if open.focus != row {
      do {
        try moveFocus(to: row, at: offset)
      } catch {
        guard sheet?.focused == currency else { throw error }
        leftBehind = error
      }
    }
    if let draft { try setFocusedDraft(draft.text, at: offset) }
    if let leftBehind { throw leftBehind }
  }

  /// Sets the focused field's draft and checks it at once: a text that is not an amount
  /// marks the field `!` (and, at a terminal, says why) while it stays the draft, to be
  /// committed, or refused again, when the focus leaves; a valid one clears the mark.
  func setFocusedDraft(_ text: String, at offset: Int) throws(StatementFailure) {
    guard var open = sheet else { return }
    guard open.setDraft(text), let currency = open.focused else {
      throw failure("no field has the focus; name a currency first (for example 'USD \(text)')", at: offset)
    }
    let trimmed = text.trimmingBlanks
    if trimmed.isEmpty {
      open.markDraft(problem: nil)
    } else if case .failure(let error) = evaluateDraft(trimmed, currency) {
      open.markDraft(problem: error.reason)
      if drawsLiveSheet { output.diagnostic("\(currency.code): '\(trimmed)' is not an amount: \(error.reason)") }
    } else {
      open.markDraft(problem: nil)
    }
    sheet = open
  }

  /// Evaluates a draft's text as an amount of `currency`, as a statement of its own.
  func evaluateDraft(_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError> {
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
      let value = try number(expression, role: "an amount")
      if let problem = AmountRules.problem(with: value, for: currency) {
        return .failure(DraftError(currency: currency, text: text, reason: problem))
      }
      return .success(value)
    } catch {
      return .failure(DraftError(currency: currency, text: text, reason: error.message))
    }
  }

  /// Commits the focused draft of an open sheet (a run that ends keeps what was typed).
  func commitFocusedDraft() -> DraftError? {
    guard var open = sheet else { return nil }
    let outcome = open.commitFocused(ledger: ledger, evaluate: evaluateDraft)
    sheet = open
    return outcome.error
  }
}

import Testing

@testable import CofferCore

/// Drafts as the shell evaluates them, minus expressions: a plain decimal, checked.
func plainEvaluate(_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError> {
  guard let value = try? DecimalValue(parsing: text) else {
    return .failure(DraftError(currency: currency, text: text, reason: "not a number"))
  }
  if let problem = AmountRules.problem(with: value, for: currency) {
    return .failure(DraftError(currency: currency, text: text, reason: problem))
  }
  return .success(value)
}

func memoryLedger() throws -> Ledger {
  try Ledger(location: .memory, today: testDay)
}

@Suite struct SheetTests {
  @Test func rowsAreTheCatalogWithoutTheLocalCurrency() throws {
    let ledger = try memoryLedger()
    let sheet = Sheet(local: cny, focus: nil, ledger: ledger)
    #expect(sheet.rows.count == 41)
    #expect(!sheet.rows.contains(cny))
    #expect(sheet.focused == usd)
    ledger.setLocal(usd)
    let usdSheet = Sheet(local: usd, focus: jpy, ledger: ledger)
    #expect(usdSheet.rows.first == cny)
    #expect(usdSheet.focused == jpy)
  }

  @Test func draftStartsAsTheAmountAndCommitsWhenFocusLeaves() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("12.5"), of: usd)
    var sheet = Sheet(local: cny, focus: usd, ledger: ledger)
    #expect(sheet.draft == "12.5")
    _ = sheet.setDraft("100")
    // Not committed until the focus moves.
    #expect(ledger.portfolio.amount(of: usd) == decimal("12.5"))
    let outcome = sheet.moveFocus(to: sheet.row(of: jpy), ledger: ledger, evaluate: plainEvaluate)
    #expect(outcome.error == nil)
    #expect(ledger.portfolio.amount(of: usd) == decimal("100"))
    #expect(sheet.focused == jpy)
    #expect(sheet.draft == "")
    #expect(ledger.counters.commits == 2)
  }

  @Test func draftEqualToTheAmountIsNoChange() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("100"), of: usd)
    try ledger.save()
    var sheet = Sheet(local: cny, focus: usd, ledger: ledger)
    _ = sheet.setDraft("100.00")
    _ = sheet.moveFocus(to: sheet.row(steppingBy: 1), ledger: ledger, evaluate: plainEvaluate)
    #expect(ledger.counters.commits == 1)
    #expect(ledger.pending.isEmpty)
    // An empty draft on a zero field commits nothing either.
    _ = sheet.moveFocus(to: sheet.row(steppingBy: 1), ledger: ledger, evaluate: plainEvaluate)
    #expect(ledger.counters.commits == 1)
  }

  @Test func emptyDraftCommitsZero() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("5"), of: usd)
    var sheet = Sheet(local: cny, focus: usd, ledger: ledger)
    _ = sheet.setDraft("")
    _ = sheet.moveFocus(to: nil, ledger: ledger, evaluate: plainEvaluate)
    #expect(ledger.portfolio.amount(of: usd).isZero)
    #expect(sheet.focused == nil)
  }

  @Test func invalidDraftStaysOnItsFieldAndFocusStillMoves() throws {
    let ledger = try memoryLedger()
    var sheet = Sheet(local: cny, focus: jpy, ledger: ledger)
    _ = sheet.setDraft("1.5")
    let outcome = sheet.moveFocus(to: sheet.row(of: usd), ledger: ledger, evaluate: plainEvaluate)
    #expect(outcome.error?.currency == jpy)
    #expect(outcome.error?.reason == "JPY has no minor units; 1.5 has 1")
    #expect(sheet.focused == usd)
    #expect(sheet.invalid[jpy]?.text == "1.5")
    #expect(sheet.shownDraft(of: jpy) == "1.5")
    #expect(ledger.portfolio.amount(of: jpy).isZero)
    // Coming back, the draft is the invalid text, not the amount.
    _ = sheet.moveFocus(to: sheet.row(of: jpy), ledger: ledger, evaluate: plainEvaluate)
    #expect(sheet.draft == "1.5")
    _ = sheet.setDraft("150")
    _ = sheet.moveFocus(to: nil, ledger: ledger, evaluate: plainEvaluate)
    #expect(sheet.invalid.isEmpty)
    #expect(ledger.portfolio.amount(of: jpy) == decimal("150"))
  }

  @Test func focusWrapsAroundTheRows() throws {
    let ledger = try memoryLedger()
    let sheet = Sheet(local: cny, focus: nil, ledger: ledger)
    #expect(sheet.row(steppingBy: -1) == 40)
    var last = sheet
    _ = last.moveFocus(to: 40, ledger: ledger, evaluate: plainEvaluate)
    #expect(last.row(steppingBy: 1) == 0)
  }

  @Test func undoRevertsTheLatestCommitOfTheSession() throws {
    let ledger = try memoryLedger()
    var sheet = Sheet(local: cny, focus: usd, ledger: ledger)
    _ = sheet.setDraft("10")
    _ = sheet.moveFocus(to: sheet.row(of: jpy), ledger: ledger, evaluate: plainEvaluate)
    _ = sheet.setDraft("2000")
    _ = sheet.moveFocus(to: sheet.row(of: usd), ledger: ledger, evaluate: plainEvaluate)
    #expect(sheet.undo(ledger: ledger)?.currency == jpy)
    #expect(ledger.portfolio.amount(of: jpy).isZero)
    #expect(sheet.undo(ledger: ledger)?.currency == usd)
    #expect(sheet.draft == "", "the focused field shows the restored amount")
    #expect(sheet.undo(ledger: ledger) == nil)
    #expect(ledger.pending.isEmpty, "undone back to what the store holds leaves nothing to save")
  }

  @Test func revertingAllUndoesEveryCommitAndDropsEveryDraft() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("3"), of: usd)
    try ledger.save()
    var sheet = Sheet(local: cny, focus: usd, ledger: ledger)
    _ = sheet.setDraft("7")
    _ = sheet.moveFocus(to: sheet.row(of: jpy), ledger: ledger, evaluate: plainEvaluate)
    _ = sheet.setDraft("x")
    _ = sheet.moveFocus(to: sheet.row(of: kwd), ledger: ledger, evaluate: plainEvaluate)
    _ = sheet.setDraft("1.5")
    #expect(sheet.invalid.count == 1)
    #expect(sheet.revertAll(ledger: ledger) == [usd, jpy, kwd])
    #expect(sheet.invalid.isEmpty)
    #expect(sheet.focused == nil)
    #expect(ledger.portfolio.amount(of: usd) == decimal("3"))
    #expect(ledger.pending.isEmpty, "back to what the store holds: nothing to save")
  }

  @Test func aFieldCommittedWhereItStandsTakesItsNewTextAsItsOwn() throws {
    // A refused `dismiss` commits the focused field without moving the focus; typing
    // the old text back afterwards is a change, not a field passed through.
    let ledger = try memoryLedger()
    let gbp = try #require(Catalog.currency("GBP"))
    var sheet = Sheet(local: cny, focus: gbp, ledger: ledger)
    _ = sheet.setDraft("9")
    _ = sheet.commitFocused(ledger: ledger, evaluate: plainEvaluate)
    #expect(ledger.portfolio.amount(of: gbp) == decimal("9"))
    _ = sheet.setDraft("")
    _ = sheet.commitFocused(ledger: ledger, evaluate: plainEvaluate)
    #expect(ledger.portfolio.amount(of: gbp).isZero)
  }
}

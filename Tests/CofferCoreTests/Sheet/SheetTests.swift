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

/// A sheet of today's amounts on `ledger`, its drafts read as plain decimals.
func sheet(_ ledger: Ledger, focus: Currency?) throws -> SheetController {
  try SheetController(ledger: ledger, focus: focus, evaluate: plainEvaluate)
}

/// The sheet's controller, as both views drive it: actions in, outcomes out.
@Suite struct SheetTests {
  @Test func rowsAreTheCatalogWithoutTheLocalCurrency() throws {
    let ledger = try memoryLedger()
    let today = try sheet(ledger, focus: nil)
    #expect(today.rows.count == 41)
    #expect(!today.rows.contains(.currency(cny)))
    #expect(today.focused == usd)
    ledger.setLocal(usd)
    let usdSheet = try sheet(ledger, focus: jpy)
    #expect(usdSheet.rows.first == .currency(cny))
    #expect(usdSheet.focused == jpy)
  }

  @Test func draftStartsAsTheAmountAndCommitsWhenFocusLeaves() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("12.5"), of: usd)
    let sheet = try sheet(ledger, focus: usd)
    #expect(sheet.draft == "12.5")
    _ = sheet.perform(.setDraft("100"))
    // Not committed until the focus moves.
    #expect(ledger.portfolio.amount(of: usd) == decimal("12.5"))
    let outcome = sheet.perform(.move(.to(jpy)))
    #expect(outcome.message == nil)
    #expect(outcome.changed == [.currency(usd), .currency(jpy)])
    #expect(ledger.portfolio.amount(of: usd) == decimal("100"))
    #expect(sheet.focused == jpy)
    #expect(sheet.draft == "")
    #expect(ledger.counters.commits == 2)
  }

  @Test func draftEqualToTheAmountIsNoChange() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("100"), of: usd)
    try ledger.save()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.setDraft("100.00"))
    _ = sheet.perform(.move(.next))
    #expect(ledger.counters.commits == 1)
    #expect(ledger.pending.isEmpty)
    // An empty draft on a zero field commits nothing either.
    _ = sheet.perform(.move(.next))
    #expect(ledger.counters.commits == 1)
  }

  @Test func emptyDraftCommitsZero() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("5"), of: usd)
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.setDraft(""))
    _ = sheet.perform(.move(.none))
    #expect(ledger.portfolio.amount(of: usd).isZero)
    #expect(sheet.focused == nil)
  }

  @Test func invalidDraftStaysOnItsFieldAndFocusStillMoves() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: jpy)
    let typed = sheet.perform(.setDraft("1.5"))
    #expect(typed.message?.text == "JPY: JPY has no minor units; 1.5 has 1", "said as it is typed")
    #expect(typed.refusal == nil, "a warning, not a refusal")
    let outcome = sheet.perform(.move(.to(usd)))
    #expect(
      outcome.refusal?.text == "JPY: invalid amount '1.5': JPY has no minor units; 1.5 has 1; the draft stays on JPY")
    #expect(sheet.focused == usd)
    #expect(sheet.invalid[Holding(jpy)]?.text == "1.5")
    #expect(sheet.shownDraft(of: .currency(jpy)) == "1.5")
    #expect(ledger.portfolio.amount(of: jpy).isZero)
    // Coming back, the draft is the invalid text, not the amount.
    _ = sheet.perform(.move(.to(jpy)))
    #expect(sheet.draft == "1.5")
    #expect(sheet.focusedDraftProblem?.text == "JPY: JPY has no minor units; 1.5 has 1")
    _ = sheet.perform(.setDraft("150"))
    _ = sheet.perform(.move(.none))
    #expect(sheet.invalid.isEmpty)
    #expect(ledger.portfolio.amount(of: jpy) == decimal("150"))
  }

  @Test func focusWrapsAroundTheRowsAndPagesStopAtTheEnds() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: nil)
    _ = sheet.perform(.move(.none))
    _ = sheet.perform(.move(.previous))
    #expect(sheet.focus == 40, "from no focus, prev goes to the last row")
    _ = sheet.perform(.move(.next))
    #expect(sheet.focus == 0)
    _ = sheet.perform(.move(.page(-10)))
    #expect(sheet.focus == 0)
    _ = sheet.perform(.move(.page(100)))
    #expect(sheet.focus == 40)
  }

  @Test func theLocalCurrencyHasNoField() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: usd)
    let outcome = sheet.perform(.move(.to(cny)))
    #expect(outcome.refusal?.text == "CNY is the local currency; it has no row in the sheet")
    #expect(sheet.focused == usd)
  }

  @Test func aDraftNeedsAFocusedField() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.move(.none))
    #expect(
      sheet.perform(.setDraft("12")).refusal?.text
        == "no field has the focus; name a currency first (for example 'USD 12')")
  }

  @Test func undoRevertsTheLatestCommitOfTheSession() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.setDraft("10"))
    _ = sheet.perform(.move(.to(jpy)))
    _ = sheet.perform(.setDraft("2000"))
    _ = sheet.perform(.move(.to(usd)))
    #expect(sheet.perform(.undo).message?.text == "JPY is back to 0")
    #expect(ledger.portfolio.amount(of: jpy).isZero)
    #expect(sheet.perform(.undo).message?.text == "USD is back to 0")
    #expect(sheet.draft == "", "the focused field shows the restored amount")
    #expect(sheet.perform(.undo).refusal?.text == "nothing to undo in this sheet session")
    #expect(ledger.pending.isEmpty, "undone back to what the store holds leaves nothing to save")
  }

  @Test func cancelUndoesEveryCommitAndDropsEveryDraft() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("3"), of: usd)
    try ledger.save()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.setDraft("7"))
    _ = sheet.perform(.move(.to(jpy)))
    _ = sheet.perform(.setDraft("x"))
    _ = sheet.perform(.move(.to(kwd)))
    _ = sheet.perform(.setDraft("1.5"))
    #expect(sheet.invalid.count == 1, "JPY's; KWD takes three decimals, its draft is only changed")
    #expect(sheet.discardable == [Holding(usd), Holding(jpy), Holding(kwd)])
    let outcome = sheet.perform(.cancel)
    #expect(outcome.finished == .cancelled)
    #expect(outcome.message?.text == "cancelled: 3 changes discarded (USD, JPY, KWD)")
    #expect(sheet.invalid.isEmpty)
    #expect(sheet.focused == nil)
    #expect(ledger.portfolio.amount(of: usd) == decimal("3"))
    #expect(ledger.pending.isEmpty, "back to what the store holds: nothing to save")
  }

  @Test func doneIsRefusedWhileAFieldIsInvalidNamingEveryOne() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.setDraft("1x"))
    _ = sheet.perform(.move(.to(jpy)))
    _ = sheet.perform(.setDraft("1.5"))
    let refused = sheet.perform(.done)
    #expect(refused.finished == nil)
    #expect(
      refused.refusal?.text
        == "cannot finish: invalid drafts in USD ('1x': not a number), JPY ('1.5': JPY has no minor units; 1.5 has 1); "
        + "fix them or cancel")
    _ = sheet.perform(.setDraft("150"))
    _ = sheet.perform(.move(.to(usd)))
    _ = sheet.perform(.setDraft("2"))
    let done = sheet.perform(.done)
    #expect(done.finished == .done)
    #expect(done.message == nil)
    #expect(ledger.portfolio.amount(of: usd) == decimal("2"), "Done commits the focused field")
  }

  @Test func typingInPlaceIsCheckedAtEachKeyAndAFullFieldRefusesMore() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: usd)
    #expect(sheet.perform(.edit(.insert("1"))).message == nil)
    #expect(sheet.perform(.edit(.insert("x"))).message?.text == "USD: not a number")
    #expect(sheet.invalid[Holding(usd)] != nil)
    #expect(sheet.perform(.edit(.left)).changed == [.currency(usd)], "a cursor move redraws the field")
    #expect(sheet.perform(.edit(.end)).message == nil)
    _ = sheet.perform(.edit(.backspace))
    #expect(sheet.invalid.isEmpty, "fixed, the mark goes")
    _ = sheet.perform(.setDraft(String(repeating: "9", count: FieldEditor.capacity)))
    #expect(
      sheet.perform(.edit(.insert("9"))).refusal?.text
        == "USD: a field takes at most 1,024 characters; the rest was not taken")
  }

  @Test func aFieldCommittedWhereItStandsTakesItsNewTextAsItsOwn() throws {
    // A refused `dismiss` commits the focused field without moving the focus; typing
    // the old text back afterwards is a change, not a field passed through.
    let ledger = try memoryLedger()
    let gbp = try #require(Catalog.currency("GBP"))
    let sheet = try sheet(ledger, focus: gbp)
    _ = sheet.perform(.setDraft("9"))
    _ = sheet.perform(.commit)
    #expect(ledger.portfolio.amount(of: gbp) == decimal("9"))
    _ = sheet.perform(.setDraft(""))
    _ = sheet.perform(.commit)
    #expect(ledger.portfolio.amount(of: gbp).isZero)
  }

  @Test func aClearWhileTheSheetIsOpenIsOneOfItsCommits() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("4"), of: usd)
    try ledger.save()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.clear(Holding(usd)))
    #expect(ledger.portfolio.amount(of: usd).isZero)
    #expect(sheet.draft == "", "the focused field shows the new amount")
    _ = sheet.perform(.undo)
    #expect(ledger.portfolio.amount(of: usd) == decimal("4"))
  }
}

/// The focused field's selection as the controller keeps it: a move asked for `selecting`
/// (the form's keys) enters the field with its text selected; opening, the line sheet's
/// moves and undo select nothing.
@Suite struct SheetSelectionTests {
  @Test func aSelectingMoveEntersTheFieldSelectedAndNothingElseDoes() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("1500"), of: usd)
    ledger.commit(decimal("20"), of: jpy)
    let sheet = try sheet(ledger, focus: usd)
    #expect(sheet.draft == "1500")
    #expect(!sheet.field.isSelected, "the field the sheet opens on is not selected")
    _ = sheet.perform(.move(.to(jpy)))
    #expect(!sheet.field.isSelected, "the line sheet's moves select nothing")
    _ = sheet.perform(.move(.to(usd), selecting: true))
    #expect(sheet.field.isSelected)
    _ = sheet.perform(.move(.next, selecting: true))
    #expect(sheet.draft == "")
    #expect(!sheet.field.isSelected, "an empty field has nothing selected")
  }

  @Test func typingIntoASelectedFieldReplacesItsTextAndLeavingCommitsIt() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("1500"), of: usd)
    try ledger.save()
    let sheet = try sheet(ledger, focus: jpy)
    _ = sheet.perform(.move(.to(usd), selecting: true))
    let recomputes = ledger.counters.totalRecomputes
    for character in "1600" {
      let outcome = sheet.perform(.edit(.insert(character)))
      #expect(outcome.changed == [.currency(usd)], "a keystroke changes its own row only")
    }
    #expect(sheet.draft == "1600")
    #expect(ledger.counters.totalRecomputes == recomputes, "typing recomputes no total")
    _ = sheet.perform(.move(.next, selecting: true))
    #expect(ledger.portfolio.amount(of: usd) == decimal("1600"))
  }

  @Test func anInvalidTextTabbedBackIntoIsSelectedToo() throws {
    let ledger = try memoryLedger()
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.setDraft("1O0"))
    _ = sheet.perform(.move(.next, selecting: true))
    _ = sheet.perform(.move(.previous, selecting: true))
    #expect(sheet.draft == "1O0")
    #expect(sheet.field.isSelected)
    _ = sheet.perform(.edit(.insert("7")))
    #expect(sheet.invalid.isEmpty, "the text typed over it is valid")
  }

  @Test func movingToTheFocusedFieldKeepsItsSelectionAsItWas() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("1500"), of: usd)
    let sheet = try sheet(ledger, focus: usd)
    _ = sheet.perform(.edit(.left))
    _ = sheet.perform(.move(.to(usd), selecting: true))
    #expect(!sheet.field.isSelected, "the focus never left: nothing is selected anew")
    #expect(sheet.field.cursor == 3, "and the cursor stays")
  }

  @Test func undoPutsTheAmountBackUnselected() throws {
    let ledger = try memoryLedger()
    ledger.commit(decimal("1500"), of: usd)
    try ledger.save()
    let sheet = try sheet(ledger, focus: jpy)
    _ = sheet.perform(.move(.to(usd), selecting: true))
    _ = sheet.perform(.edit(.insert("7")))
    // Committed where it stands (as a refused or failed Done does), then undone.
    _ = sheet.perform(.commit)
    _ = sheet.perform(.undo)
    #expect(sheet.draft == "1500")
    #expect(!sheet.field.isSelected)
    _ = sheet.perform(.edit(.insert("0")))
    #expect(sheet.draft == "15000", "a digit typed after undo is added to the text put back")
  }
}

/// The sheet (the manual's §4): one field per currency but the local one, edited field by
/// field; a field's draft is committed whenever the focus leaves it. The one model behind
/// both views: the line sheet's commands and the form's keys become `SheetAction`s,
/// performed here, and come back as `SheetOutcome`s (rows to draw again, a
/// `SheetMessage`, whether the sheet is finished). It knows nothing of terminals.
///
/// It owns the drafts (the focused field's text, and the invalid texts left on fields),
/// the commits of this sheet session (for `undo` and `cancel`), Done, and what each of
/// them says. Each field owns its state: changing one field touches only that field. A
/// sheet opened at a past date (`open at DATE`) reads that day once when it opens; every
/// commit of it is effective on that date, and nothing of it reads the store again.
package final class SheetController {
  package let ledger: Ledger
  package let rows: [Currency]
  /// The amounts and values the fields show: today's portfolio, or (`open at DATE`) the
  /// holdings as they stood on a date, valued at that date's rates.
  package let portfolio: Portfolio
  /// For a sheet opened at a past date: what the store held then.
  package let dated: DatedView?
  /// Index into `rows`, or nil when nothing is focused (after `blur`).
  package private(set) var focus: Int?
  /// The focused field's text, with its cursor: the draft, not yet validated.
  package private(set) var field = FieldEditor()
  /// The focused field's text and amount when it took the focus: a draft still equal to
  /// that text is no change, and a changed one is based on that amount (so another
  /// session's save meanwhile is a conflict, not overwritten).
  private var entered: (text: String, amount: DecimalValue) = ("", .zero)
  /// Fields whose draft is not a valid amount: their text and why.
  package private(set) var invalid: [Currency: InvalidDraft] = [:]
  /// Commits made in this sheet session, newest last (see `Commit`).
  private var commits: [Commit] = []
  private let evaluate: Evaluate

  /// Turns a draft's text into an amount for a currency, or says why it cannot (the
  /// shell evaluates it as an expression).
  package typealias Evaluate = (_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError>

  /// One commit of this sheet session: the amount it replaced and, for a sheet at a date,
  /// the pending balance it replaced (nil inside: none), so that undoing it leaves
  /// nothing to write, as if it had not been made.
  private struct Commit {
    let currency: Currency
    let previous: DecimalValue
    let replacedPending: DatedEdit??
  }

  /// Opens the sheet on today's amounts, or, for a `date` before today, on the amounts
  /// held then (valued at that date's rates), read from the store once. The focus is on
  /// `focus`, else on the first row.
  package convenience init(ledger: Ledger, focus: Currency?, on date: CalendarDate? = nil, evaluate: @escaping Evaluate)
    throws(StoreError)
  {
    guard let date, date < ledger.portfolio.today else {
      self.init(ledger: ledger, focus: focus, portfolio: ledger.portfolio, dated: nil, evaluate: evaluate)
      return
    }
    let view = try ledger.datedView(on: date)
    let shown = try ledger.portfolio(asHeldOn: date)
    self.init(ledger: ledger, focus: focus, portfolio: shown, dated: view, evaluate: evaluate)
  }

  private init(
    ledger: Ledger, focus: Currency?, portfolio: Portfolio, dated: DatedView?, evaluate: @escaping Evaluate
  ) {
    self.ledger = ledger
    self.portfolio = portfolio
    self.dated = dated
    self.evaluate = evaluate
    rows = Catalog.all.filter { $0 != ledger.portfolio.local }
    // Opening is not a move from the keyboard: the field's text is not selected (see
    // `SheetForm.moveFromKeyboard`).
    enter(focus.flatMap { currency in rows.firstIndex(of: currency) } ?? 0, selecting: false)
  }

  package var focused: Currency? { focus.map { rows[$0] } }

  /// The focused field's draft.
  package var draft: String { field.text }

  /// The date whose balances the sheet edits; nil for today's.
  package var date: CalendarDate? { dated?.date }

  package func row(of currency: Currency) -> Int? { rows.firstIndex(of: currency) }

  /// The text a field shows instead of its committed amount: its draft when focused, its
  /// invalid text, else nil.
  package func shownDraft(of currency: Currency) -> String? {
    if focused == currency { return field.text }
    return invalid[currency]?.text
  }

  /// The invalid drafts, in row order.
  package var invalidFields: [(currency: Currency, draft: InvalidDraft)] {
    guard !invalid.isEmpty else { return [] }
    return rows.compactMap { currency in invalid[currency].map { (currency, $0) } }
  }

  /// What `cancel` would discard now: the currencies committed in this sheet session,
  /// left invalid, or with a changed draft, in row order.
  package var discardable: [Currency] {
    var discarded = Set(invalid.keys)
    if let currency = focused, field.text.trimmingBlanks != entered.text.trimmingBlanks { discarded.insert(currency) }
    for commit in commits { discarded.insert(commit.currency) }
    return rows.filter { discarded.contains($0) }
  }

  /// Why the focused draft is not an amount, as it was found when it was last checked
  /// (typed, or left on its field); nil when it is one, or blank.
  package var focusedDraftProblem: SheetMessage? {
    guard let currency = focused, let invalid = invalid[currency] else { return nil }
    return .notAnAmount(currency, reason: invalid.reason)
  }

  // MARK: - Actions

  /// Performs an action and says what it did.
  package func perform(_ action: SheetAction) -> SheetOutcome {
    switch action {
    case .move(let move, let selecting): return self.move(move, selecting: selecting)
    case .setDraft(let text): return setDraft(text)
    case .edit(let edit): return self.edit(edit)
    case .commit: return commitFocused()
    case .clear(let currency): return clear(currency)
    case .undo: return undo()
    case .cancel: return cancel()
    case .done: return done()
    }
  }

  private func move(_ move: SheetMove, selecting: Bool) -> SheetOutcome {
    let count = rows.count
    let target: Int?
    switch move {
    case .next: target = focus.map { ($0 + 1) % count } ?? 0
    case .previous: target = focus.map { ($0 - 1 + count) % count } ?? count - 1
    case .first: target = 0
    case .last: target = count - 1
    case .page(let offset): target = max(0, min(count - 1, (focus ?? 0) + offset))
    case .to(let currency):
      guard let row = row(of: currency) else { return SheetOutcome(message: .localHasNoRow(currency)) }
      // Already there: nothing is committed, the draft stays as typed (and its selection
      // as it was: the focus did not arrive, it never left).
      if row == focus { return SheetOutcome() }
      target = row
    case .none: target = nil
    }
    var outcome = commitFocused()
    if let previous = focused, !outcome.changed.contains(previous) { outcome.changed.append(previous) }
    focus = nil
    field = FieldEditor()
    if let target {
      enter(target, selecting: selecting)
      outcome.changed.append(rows[target])
    }
    return outcome
  }

  /// A draft given whole: checked at once, marking the field `!` (and saying why) while it
  /// is not an amount; a valid or blank one clears the mark.
  private func setDraft(_ text: String) -> SheetOutcome {
    guard let currency = focused else { return SheetOutcome(message: .noFocus(draft: text)) }
    field = FieldEditor(text)
    return check(currency)
  }

  /// An edit typed into the focused field: a key past the field's capacity is refused
  /// before anything else is done (the rest of a long paste costs nothing); a change of
  /// the text is checked at once, a move of the cursor only redraws the field.
  private func edit(_ edit: FieldEdit) -> SheetOutcome {
    guard let currency = focused else { return SheetOutcome() }
    let before = field.text
    switch edit {
    case .insert(let character):
      guard field.insert(character) else { return SheetOutcome(message: .fieldFull(currency)) }
    case .backspace: field.backspace()
    case .delete: field.delete()
    case .left: field.left()
    case .right: field.right()
    case .home: field.home()
    case .end: field.end()
    case .cutToEnd: field.cutToEnd()
    case .cutToStart: field.cutToStart()
    }
    guard field.text != before else { return SheetOutcome(changed: [currency]) }
    return check(currency)
  }

  /// Marks the focused field by what its draft is now.
  private func check(_ currency: Currency) -> SheetOutcome {
    var outcome = SheetOutcome(changed: [currency])
    let text = field.text.trimmingBlanks
    if !text.isEmpty, case .failure(let error) = evaluate(text, currency) {
      invalid[currency] = InvalidDraft(text: text, reason: error.reason)
      outcome.message = .notAnAmount(currency, reason: error.reason)
    } else {
      invalid[currency] = nil
    }
    return outcome
  }

  /// Commits the focused draft where it stands (the focus stays).
  private func commitFocused() -> SheetOutcome {
    var outcome = SheetOutcome()
    guard let currency = focused else { return outcome }
    let text = field.text.trimmingBlanks
    // A field merely passed through commits nothing, whatever the store holds now.
    if text == entered.text.trimmingBlanks && invalid[currency] == nil { return outcome }
    let amount: DecimalValue
    if text.isEmpty {
      amount = .zero
    } else {
      switch evaluate(text, currency) {
      case .success(let value):
        amount = value
      case .failure(let error):
        invalid[currency] = InvalidDraft(text: text, reason: error.reason)
        outcome.message = .invalidLeftBehind(error)
        outcome.changed.append(currency)
        return outcome
      }
    }
    if invalid.removeValue(forKey: currency) != nil { outcome.changed.append(currency) }
    // What is committed now is what the field holds from here on (the focus may stay,
    // as at a refused Done): typing the old text back later is a change again.
    defer { entered = (field.text, amount) }
    // The value the field showed is no change either (`1.0` for 1).
    if amount == entered.amount && !hasPending(currency) { return outcome }
    let previous = portfolio.amount(of: currency)
    let replaced = pendingBalance(currency)
    if commit(amount, of: currency, seen: entered.amount) {
      commits.append(Commit(currency: currency, previous: previous, replacedPending: replaced))
      outcome.changed.append(currency)
    }
    return outcome
  }

  /// A commit made while the sheet is open by a command other than a field's (`clear`):
  /// it is one of this sheet session's commits (so `undo` and `cancel` revert it), and a
  /// focused field on that currency shows the new amount as its own, so leaving it later
  /// is no conflict with this very session. A currency without a field (the local one)
  /// is committed as at the top level.
  private func clear(_ currency: Currency) -> SheetOutcome {
    guard row(of: currency) != nil else {
      ledger.commit(.zero, of: currency)
      return SheetOutcome()
    }
    let previous = portfolio.amount(of: currency)
    let replaced = pendingBalance(currency)
    commit(.zero, of: currency, seen: nil)
    if !previous.isZero { commits.append(Commit(currency: currency, previous: previous, replacedPending: replaced)) }
    invalid[currency] = nil
    if focused == currency {
      field = FieldEditor()
      entered = ("", .zero)
    }
    return SheetOutcome(changed: [currency])
  }

  /// Reverts the most recent commit of this sheet session. A focused field it reverts
  /// shows the amount put back as a program sets a field's value: the cursor at the end,
  /// nothing selected (the focus did not move; a digit typed next is added to the text).
  private func undo() -> SheetOutcome {
    guard let last = commits.popLast() else { return SheetOutcome(message: .nothingToUndo) }
    revert(last)
    if focused == last.currency {
      field = FieldEditor(Self.text(of: last.previous))
      entered = (field.text, last.previous)
    }
    return SheetOutcome(changed: [last.currency], message: .undone(last.currency, restored: last.previous))
  }

  /// Reverts every commit of this sheet session, newest first, so each amount is again
  /// what it was at `open`, and forgets every draft. Reverted amounts are read again from
  /// the store at the next statement: another session may have saved one of them while
  /// it was pending here.
  private func cancel() -> SheetOutcome {
    let discarded = discardable
    while let last = commits.popLast() { revert(last) }
    invalid = [:]
    field = FieldEditor()
    focus = nil
    ledger.reloadBeforeNextStatement()
    return SheetOutcome(changed: discarded, message: .cancelled(discarded), finished: .cancelled)
  }

  /// Done: commits the focused draft, and finishes unless a field holds an invalid draft
  /// (which is refused, naming them all).
  private func done() -> SheetOutcome {
    var outcome = commitFocused()
    if let currency = focused, !outcome.changed.contains(currency) { outcome.changed.append(currency) }
    let invalidFields = self.invalidFields
    guard invalidFields.isEmpty else {
      outcome.message = .cannotFinish(invalidFields)
      return outcome
    }
    outcome.finished = .done
    return outcome
  }

  // MARK: - Commits

  /// The field's draft starts as its committed amount (empty for 0), or as the invalid
  /// text left on it; selected when `selecting`.
  private func enter(_ row: Int, selecting: Bool) {
    focus = row
    let currency = rows[row]
    let amount = portfolio.amount(of: currency)
    field = FieldEditor(invalid[currency]?.text ?? Self.text(of: amount), selected: selecting)
    entered = (field.text, amount)
  }

  /// A commit of this sheet: today's, or effective on the sheet's date (the field then
  /// shows the amount in the sheet's own portfolio).
  @discardableResult
  private func commit(_ amount: DecimalValue, of currency: Currency, seen: DecimalValue?) -> Bool {
    guard let dated else { return ledger.commit(amount, of: currency, seen: seen) }
    guard ledger.commit(amount, of: Holding(currency), in: dated) else { return false }
    portfolio.setAmount(amount, of: currency)
    return true
  }

  /// For a sheet at a date: the pending balance of the currency on it (nil inside: none).
  private func pendingBalance(_ currency: Currency) -> DatedEdit?? {
    guard let dated else { return nil }
    return .some(ledger.pending.dated(Holding(currency), on: dated.date))
  }

  /// Takes one commit of this sheet back: today's by committing the amount before it; one
  /// at a date by putting back the pending balance it replaced.
  private func revert(_ commit: Commit) {
    guard let dated, case .some(let replaced) = commit.replacedPending else {
      self.commit(commit.previous, of: commit.currency, seen: nil)
      return
    }
    ledger.restore(replaced, of: Holding(commit.currency), on: dated.date)
    portfolio.setAmount(commit.previous, of: commit.currency)
  }

  /// Whether this sheet's date has an unsaved edit of the currency.
  private func hasPending(_ currency: Currency) -> Bool {
    guard let dated else { return ledger.pending.amount(of: Holding(currency)) != nil }
    return ledger.pending.dated(Holding(currency), on: dated.date) != nil
  }

  static func text(of amount: DecimalValue) -> String {
    amount.isZero ? "" : amount.description
  }
}

/// The sheet: a form of one field per currency except the local one, edited field by
/// field. A field's draft is committed whenever the focus leaves it.
///
/// Each field owns its state: the focused field has a draft, a field whose draft failed
/// to commit keeps that text (and the reason) until it is fixed or the sheet is
/// cancelled. Changing one field touches only that field.
package struct Sheet {
  package let rows: [Currency]
  /// The amounts and values the fields show: today's portfolio, or (`open at DATE`) the
  /// holdings as they stood on a date, valued at that date's rates.
  package let portfolio: Portfolio
  /// For a sheet opened at a past date: what the store held then. Every commit of the
  /// sheet is effective on that date.
  package let dated: DatedView?
  /// Index into `rows`, or nil when nothing is focused (after `blur`).
  package private(set) var focus: Int?
  /// The focused field's text, not yet validated.
  package private(set) var draft: String = ""
  /// The focused field's text and amount when it took the focus: a draft still equal to
  /// that text is no change, and a changed one is based on that amount (so another
  /// session's save meanwhile is a conflict, not overwritten).
  private var entered: (text: String, amount: DecimalValue) = ("", .zero)
  /// Fields whose draft could not be committed: their text and why.
  package private(set) var invalid: [Currency: InvalidDraft] = [:]
  /// Commits made in this sheet session, newest last, with the amount each replaced.
  /// For a sheet at a date, each also keeps the pending balance it replaced (nil: none),
  /// so that undoing it leaves nothing to write, as if it had not been made.
  private var undoStack: [(currency: Currency, previous: DecimalValue, replacedPending: DatedEdit??)] = []

  package struct InvalidDraft: Sendable, Equatable {
    package let text: String
    package let reason: String
  }

  /// Turns a draft's text into an amount for a currency, or says why it cannot.
  package typealias Evaluate = (_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError>

  /// What a focus change did, for the caller to report and to redraw.
  package struct Outcome {
    /// Rows whose display changed.
    package var changed: [Currency] = []
    /// Set when the draft left behind could not be committed.
    package var error: DraftError?
  }

  /// A sheet of today's amounts.
  package init(local: Currency, focus: Currency?, ledger: Ledger) {
    self.init(local: local, focus: focus, ledger: ledger, portfolio: ledger.portfolio, dated: nil)
  }

  /// A sheet of the holdings on `dated.date`, shown by `portfolio` (those amounts at that
  /// date's rates, see `Ledger.portfolio(amounts:valuedOn:)`).
  package init(local: Currency, focus: Currency?, ledger: Ledger, portfolio: Portfolio, dated: DatedView?) {
    self.portfolio = portfolio
    self.dated = dated
    rows = Catalog.all.filter { $0 != local }
    let start = focus.flatMap { currency in rows.firstIndex(of: currency) } ?? 0
    enter(start, ledger: ledger)
  }

  package var focused: Currency? { focus.map { rows[$0] } }

  package func row(of currency: Currency) -> Int? { rows.firstIndex(of: currency) }

  /// The text a field shows: its draft when focused, its invalid text, else nil (the
  /// committed amount is shown).
  package func shownDraft(of currency: Currency) -> String? {
    if focused == currency { return draft }
    return invalid[currency]?.text
  }

  // MARK: - Editing

  /// Replaces the focused field's draft.
  package mutating func setDraft(_ text: String) -> Bool {
    guard focus != nil else { return false }
    draft = text
    return true
  }

  /// Marks the focused field by what its draft is, as it was checked when typed: a draft
  /// that is not an amount is shown `!` with why (and stays the draft); a valid or empty
  /// one clears the mark, even one left by a draft that failed to commit before.
  package mutating func markDraft(problem: String?) {
    guard let currency = focused else { return }
    if let problem {
      invalid[currency] = InvalidDraft(text: draft.trimmingBlanks, reason: problem)
    } else {
      invalid[currency] = nil
    }
  }

  /// Moves the focus to another row (or to none), committing the draft it leaves.
  package mutating func moveFocus(to row: Int?, ledger: Ledger, evaluate: Evaluate) -> Outcome {
    var outcome = commitFocused(ledger: ledger, evaluate: evaluate)
    if let previous = focused { outcome.changed.append(previous) }
    focus = nil
    draft = ""
    if let row {
      enter(row, ledger: ledger)
      outcome.changed.append(rows[row])
    }
    return outcome
  }

  /// Steps the focus by `offset` rows, wrapping; from no focus, `next` goes to the first row.
  package func row(steppingBy offset: Int) -> Int {
    guard let focus else { return offset >= 0 ? 0 : rows.count - 1 }
    return ((focus + offset) % rows.count + rows.count) % rows.count
  }

  /// Commits the focused draft where it stands (the focus stays).
  package mutating func commitFocused(ledger: Ledger, evaluate: Evaluate) -> Outcome {
    var outcome = Outcome()
    guard let currency = focused else { return outcome }
    let text = draft.trimmingBlanks
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
        outcome.error = error
        outcome.changed.append(currency)
        return outcome
      }
    }
    if invalid.removeValue(forKey: currency) != nil { outcome.changed.append(currency) }
    // What is committed now is what the field holds from here on (the focus may stay,
    // as at a refused `dismiss`): typing the old text back later is a change again.
    defer { entered = (draft, amount) }
    // The value the field showed is no change either (`1.0` for 1).
    if amount == entered.amount && !hasPending(currency, ledger: ledger) { return outcome }
    let previous = portfolio.amount(of: currency)
    let replaced = pendingBalance(currency, ledger: ledger)
    if commit(amount, of: currency, seen: entered.amount, ledger: ledger) {
      undoStack.append((currency, previous, replaced))
      outcome.changed.append(currency)
    }
    return outcome
  }

  /// A commit made while the sheet is open by a command other than a field's (`clear`):
  /// it is one of this sheet session's commits (so `undo` and `cancel` revert it), and a
  /// focused field on that currency shows the new amount as its own, so leaving it later
  /// is no conflict with this very session.
  package mutating func commitFromCommand(_ amount: DecimalValue, of currency: Currency, ledger: Ledger) {
    let previous = portfolio.amount(of: currency)
    let replaced = pendingBalance(currency, ledger: ledger)
    commit(amount, of: currency, seen: nil, ledger: ledger)
    if amount != previous { undoStack.append((currency, previous, replaced)) }
    invalid[currency] = nil
    if focused == currency {
      draft = Self.text(of: amount)
      entered = (draft, amount)
    }
  }

  /// Reverts the most recent commit of this sheet session; nil when there is none.
  package mutating func undo(ledger: Ledger) -> (currency: Currency, restored: DecimalValue)? {
    guard let last = undoStack.popLast() else { return nil }
    revert(last, ledger: ledger)
    if focused == last.currency {
      draft = Self.text(of: last.previous)
      entered = (draft, last.previous)
    }
    return (last.currency, last.previous)
  }

  /// What `cancel` would discard now: the currencies committed in this sheet session,
  /// left invalid, or with a changed draft, in row order.
  package func discardable(ledger: Ledger) -> [Currency] {
    var discarded = Set(invalid.keys)
    if let currency = focused, draft.trimmingBlanks != entered.text.trimmingBlanks { discarded.insert(currency) }
    for commit in undoStack { discarded.insert(commit.currency) }
    return rows.filter { discarded.contains($0) }
  }

  /// `cancel`: reverts every commit of this sheet session, newest first, so each amount
  /// is again what it was at `open`, and forgets every draft. Returns the currencies
  /// whose changes were discarded (committed or left invalid), in row order.
  package mutating func revertAll(ledger: Ledger) -> [Currency] {
    let discarded = discardable(ledger: ledger)
    while let last = undoStack.popLast() {
      revert(last, ledger: ledger)
    }
    invalid = [:]
    draft = ""
    focus = nil
    return discarded
  }

  /// The field's draft starts as its committed amount (empty for 0), or as the invalid
  /// text left on it.
  private mutating func enter(_ row: Int, ledger: Ledger) {
    focus = row
    let currency = rows[row]
    let amount = portfolio.amount(of: currency)
    draft = invalid[currency]?.text ?? Self.text(of: amount)
    entered = (draft, amount)
  }

  /// A commit of this sheet: today's, or effective on the sheet's date (the field then
  /// shows the amount in the sheet's own portfolio).
  @discardableResult
  private func commit(_ amount: DecimalValue, of currency: Currency, seen: DecimalValue?, ledger: Ledger) -> Bool {
    guard let dated else { return ledger.commit(amount, of: currency, seen: seen) }
    guard ledger.commit(amount, of: currency, in: dated) else { return false }
    portfolio.setAmount(amount, of: currency)
    return true
  }

  /// For a sheet at a date: the pending balance of the currency on it (nil inside: none).
  private func pendingBalance(_ currency: Currency, ledger: Ledger) -> DatedEdit?? {
    guard let dated else { return nil }
    return .some(ledger.pending.dated(currency, on: dated.date))
  }

  /// Takes one commit of this sheet back: today's by committing the amount before it; one
  /// at a date by putting back the pending balance it replaced.
  private func revert(
    _ commit: (currency: Currency, previous: DecimalValue, replacedPending: DatedEdit??), ledger: Ledger
  ) {
    guard let dated, case .some(let replaced) = commit.replacedPending else {
      self.commit(commit.previous, of: commit.currency, seen: nil, ledger: ledger)
      return
    }
    ledger.restore(replaced, of: commit.currency, on: dated.date)
    portfolio.setAmount(commit.previous, of: commit.currency)
  }

  /// Whether this sheet's date has an unsaved edit of the currency.
  private func hasPending(_ currency: Currency, ledger: Ledger) -> Bool {
    guard let dated else { return ledger.pending.amount(of: currency) != nil }
    return ledger.pending.dated(currency, on: dated.date) != nil
  }

  static func text(of amount: DecimalValue) -> String {
    amount.isZero ? "" : amount.description
  }
}

/// Why a draft could not be committed.
package struct DraftError: Error, Sendable, Equatable {
  package let currency: Currency
  package let text: String
  package let reason: String

  package init(currency: Currency, text: String, reason: String) {
    self.currency = currency
    self.text = text
    self.reason = reason
  }

  package var message: String {
    "\(currency.code): invalid amount '\(text)': \(reason); the draft stays on \(currency.code)"
  }
}

extension String {
  /// Without the spaces and tabs at either end.
  package var trimmingBlanks: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}

/// The sheet (the manual's §4): one field per currency but the local one, edited field by
/// field; a field's draft is committed whenever the focus leaves it. A currency held at
/// named places (SPEC §11) has a row a place right under its own, each a field, and its
/// own row is then their sum, which is no field. The one model behind
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
  package private(set) var rows: [SheetRowID] = [] {
    // Asked on every keystroke and for every row drawn: kept beside the rows, not
    // searched for in them.
    didSet {
      rowIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) })
      summed = Set(rows.compactMap { $0.place?.currency.index })
    }
  }
  /// Each row's index in `rows`.
  private var rowIndex: [SheetRowID: Int] = [:]
  /// The currencies (by index) whose row sums their places' rows.
  private var summed: Set<Int> = []
  /// The amounts and values the fields show: today's portfolio, or (`open at DATE`) the
  /// holdings as they stood on a date, valued at that date's rates.
  package let portfolio: Portfolio
  /// For a sheet opened at a past date: what the store held then, and what this
  /// session's saves wrote since (see `upToDateView`).
  private var dated: DatedView?
  /// Index into `rows`, or nil when nothing is focused (after `blur`).
  package private(set) var focus: Int?
  /// The focused field's text, with its cursor: the draft, not yet validated.
  package private(set) var field = FieldEditor()
  /// The focused field's text and amount when it took the focus: a draft still equal to
  /// that text is no change.
  private var entered: (text: String, amount: DecimalValue) = ("", .zero)
  /// The store's amount of the focused field's holding, as this session had last read it,
  /// when the field took the focus: a changed draft is based on it, so that another
  /// session's save meanwhile is a conflict, not overwritten. Not the amount the field
  /// showed, which holds this session's own unsaved balances for past dates and moves:
  /// that amount, taken for the store's, made a conflict with no other session.
  private var storedWhenEntered = DecimalValue.zero
  /// Fields whose draft is not a valid amount: their text and why.
  package private(set) var invalid: [Holding: InvalidDraft] = [:]
  /// Places given a row in this sheet session (`addPlace`), which hold nothing yet.
  private var addedPlaces: Set<Holding> = []
  /// Commits made in this sheet session, newest last (see `Commit`).
  private var commits: [Commit] = []
  private let evaluate: Evaluate

  /// Turns a draft's text into an amount for a currency, or says why it cannot (the
  /// shell evaluates it as an expression).
  package typealias Evaluate = (_ text: String, _ currency: Currency) -> Result<DecimalValue, DraftError>

  /// One commit of this sheet session: the amount it replaced, and the holding's unsaved
  /// edit around it, so that undoing it leaves the batch as if it had not been made; and
  /// how many times the session had read the store again by then.
  private struct Commit {
    let holding: Holding
    let previous: DecimalValue
    let edits: EditsAround
    let reloads: Int
  }

  /// A holding's unsaved edit around a commit.
  private enum EditsAround {
    /// In a sheet of today's amounts: today's amount and its base before and after it.
    case today(before: Ledger.TodayEdit, after: Ledger.TodayEdit)
    /// In a sheet at a date: the balance for the date it replaced (nil: none), and the
    /// one it left.
    case dated(before: DatedEdit?, after: DatedEdit?)
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
    let shown = try ledger.portfolio(holdingsOn: date)
    self.init(ledger: ledger, focus: focus, portfolio: shown, dated: view, evaluate: evaluate)
  }

  private init(
    ledger: Ledger, focus: Currency?, portfolio: Portfolio, dated: DatedView?, evaluate: @escaping Evaluate
  ) {
    self.ledger = ledger
    self.portfolio = portfolio
    self.dated = dated
    ledger.gatherNews(for: dated?.date)
    self.evaluate = evaluate
    layOutRows()
    // Opening is not a move from the keyboard: the field's text is not selected (see
    // `SheetForm.moveFromKeyboard`).
    enter(focus.flatMap { fieldRow(of: $0) } ?? firstField(from: 0, step: 1) ?? 0, selecting: false)
  }

  /// The sheet's view of the store on its date, with what this session's saves wrote
  /// since: a commit is based on it, and a commit a save wrote is taken back from it.
  private func upToDateView() -> DatedView? {
    if let view = dated, let news = ledger.takeNews() { dated = view.applying(news) }
    return dated
  }

  /// In a sheet at a date, shows what this session wrote on the date otherwise than
  /// through the sheet (`holdings import`): a field with no unsaved balance of its own
  /// shows the store's balance now, as it does after a save in the sheet.
  package func showOwnWrites() {
    guard let before = dated, let view = upToDateView() else { return }
    for (holding, balance) in view.stored where before.stored[holding] != balance {
      if ledger.pending.dated(holding, on: view.date) == nil { portfolio.setAmount(balance.amount, of: holding) }
    }
  }

  /// One row a currency but the local one, in the store's order of units, each followed
  /// by its places when it is held at a named place; the local currency at the top, once
  /// it is held at a named place.
  private func layOutRows() {
    let local = ledger.portfolio.local
    var laid: [SheetRowID] = []
    for unit in ledger.units {
      let places = placeRows(of: unit)
      if unit == local && places.isEmpty { continue }
      let rows = [SheetRowID.currency(unit)] + places.map { SheetRowID.place($0) }
      laid = unit == local ? rows + laid : laid + rows
    }
    rows = laid
  }

  /// The places a currency shows as rows: none when it is held at no named place; else
  /// each place holding it (the unnamed one too, when it holds some), each named place
  /// the store lists with an entry of it, and those added in this session.
  private func placeRows(of currency: Currency) -> [Holding] {
    let known = portfolio.places(of: currency)
    var places = Set(addedPlaces.filter { $0.currency == currency })
    if portfolio.hasNamedPlaces(currency) {
      let listed = Set(ledger.places)
      for (holding, amount) in known where !amount.isZero || listed.contains(holding.place) { places.insert(holding) }
    }
    guard places.contains(where: { !$0.place.isUnnamed }) else { return [] }
    return places.sorted { $0.place < $1.place }
  }

  /// The focused row.
  package var focusedRow: SheetRowID? { focus.map { rows[$0] } }

  /// The focused field's holding.
  package var focusedHolding: Holding? { focusedRow.flatMap(holding(of:)) }

  /// The focused row's currency.
  package var focused: Currency? { focusedRow?.currency }

  /// The holding a row's field edits; nil for a currency's row that sums its places.
  package func holding(of row: SheetRowID) -> Holding? {
    switch row {
    case .place(let holding): holding
    case .currency(let currency): isSum(currency) ? nil : Holding(currency)
    }
  }

  /// Whether a currency's row is the sum of its places (it has place rows).
  package func isSum(_ currency: Currency) -> Bool {
    summed.contains(currency.index)
  }

  /// The amount a row shows: a place's, or a currency's (its places summed).
  package func amount(of row: SheetRowID) -> DecimalValue {
    switch row {
    case .place(let holding): portfolio.amount(of: holding)
    case .currency(let currency): portfolio.amount(of: currency)
    }
  }

  /// The focused field's draft.
  package var draft: String { field.text }

  /// The date whose balances the sheet edits; nil for today's.
  package var date: CalendarDate? { dated?.date }

  /// The row of a currency (its own), if it has one.
  package func row(of currency: Currency) -> Int? { rowIndex[.currency(currency)] }

  /// Where a row is in `rows`, if it is there.
  package func index(of row: SheetRowID) -> Int? { rowIndex[row] }

  /// The row whose field edits a currency: its own, or its first place's.
  package func fieldRow(of currency: Currency) -> Int? {
    guard let own = row(of: currency) else { return nil }
    return isSum(currency) ? own + 1 : own
  }

  /// The row of a holding's field: a place's row, or the currency's own when it is held
  /// at no named place (and `holding` is at the unnamed place).
  package func row(of holding: Holding) -> Int? {
    if let placed = rowIndex[.place(holding)] { return placed }
    guard holding.place.isUnnamed, let own = row(of: holding.currency), !isSum(holding.currency) else { return nil }
    return own
  }

  /// The text a field shows instead of its committed amount: its draft when focused, its
  /// invalid text, else nil.
  package func shownDraft(of row: SheetRowID) -> String? {
    if focusedRow == row { return field.text }
    return holding(of: row).flatMap { invalid[$0]?.text }
  }

  /// Whether a row's field holds an invalid draft.
  package func isInvalid(_ row: SheetRowID) -> Bool {
    holding(of: row).map { invalid[$0] != nil } ?? false
  }

  /// The invalid drafts, in row order.
  package var invalidFields: [(holding: Holding, draft: InvalidDraft)] {
    guard !invalid.isEmpty else { return [] }
    return rows.compactMap { row in holding(of: row).flatMap { holding in invalid[holding].map { (holding, $0) } } }
  }

  /// What `cancel` would discard now: the holdings committed in this sheet session, left
  /// invalid, or with a changed draft, in row order.
  package var discardable: [Holding] {
    var discarded = Set(invalid.keys)
    if let holding = focusedHolding, field.text.trimmingBlanks != entered.text.trimmingBlanks {
      discarded.insert(holding)
    }
    for commit in commits { discarded.insert(commit.holding) }
    return rows.compactMap { holding(of: $0) }.filter { discarded.contains($0) }
      + discarded.filter { row(of: $0) == nil }.sorted(by: Holding.precedes)
  }

  /// Why the focused draft is not an amount, as it was found when it was last checked
  /// (typed, or left on its field); nil when it is one, or blank.
  package var focusedDraftProblem: SheetMessage? {
    guard let holding = focusedHolding, let invalid = invalid[holding] else { return nil }
    return .notAnAmount(holding, reason: invalid.reason)
  }

  // MARK: - Actions

  /// Performs an action and says what it did.
  package func perform(_ action: SheetAction) -> SheetOutcome {
    switch action {
    case .move(let move, let selecting): return self.move(move, selecting: selecting)
    case .setDraft(let text): return setDraft(text)
    case .edit(let edit): return self.edit(edit)
    case .commit: return commitFocused()
    case .clear(let holding): return clear(holding)
    case .addPlace(let place, let currency): return addPlace(place, of: currency)
    case .undo: return undo()
    case .cancel: return cancel()
    case .done: return done()
    }
  }

  private func move(_ move: SheetMove, selecting: Bool) -> SheetOutcome {
    let count = rows.count
    let target: Int?
    // Rows that are no field (a currency's sum of its places) are passed by.
    switch move {
    case .next: target = firstField(from: focus.map { ($0 + 1) % count } ?? 0, step: 1)
    case .previous: target = firstField(from: focus.map { ($0 - 1 + count) % count } ?? count - 1, step: -1)
    case .first: target = firstField(from: 0, step: 1)
    case .last: target = firstField(from: count - 1, step: -1)
    case .page(let offset):
      let landing = max(0, min(count - 1, (focus ?? 0) + offset))
      target =
        firstField(from: landing, step: offset < 0 ? -1 : 1, wrapping: false)
        ?? firstField(from: landing, step: offset < 0 ? 1 : -1, wrapping: false)
    case .to(let currency):
      guard let row = fieldRow(of: currency) else { return SheetOutcome(message: .localHasNoRow(currency)) }
      // Already there: nothing is committed, the draft stays as typed (and its selection
      // as it was: the focus did not arrive, it never left). A currency held at several
      // places is already there on any of its place rows.
      if row == focus || (isSum(currency) && focusedRow?.place?.currency == currency) { return SheetOutcome() }
      target = row
    case .toPlace(let holding):
      guard let row = row(of: holding) else {
        // Named by the places whose rows make the sum: a place's row may hold 0, or only a
        // draft, and still be one to say.
        let places = rows.compactMap { $0.place?.currency == holding.currency ? $0.place?.place : nil }
        return SheetOutcome(message: .sumIsNoField(holding.currency, places.isEmpty ? [holding.place] : places))
      }
      if row == focus { return SheetOutcome() }
      target = row
    case .none: target = nil
    }
    var outcome = commitFocused()
    if let previous = focusedRow, !outcome.changed.contains(previous) { outcome.changed.append(previous) }
    focus = nil
    field = FieldEditor()
    if let target {
      enter(target, selecting: selecting)
      outcome.changed.append(rows[target])
    }
    return outcome
  }

  /// The first row from `start` on, going by `step` (wrapping round unless told not to),
  /// that is a field.
  private func firstField(from start: Int, step: Int, wrapping: Bool = true) -> Int? {
    let count = rows.count
    guard count > 0 else { return nil }
    var index = start
    for _ in 0..<count {
      guard (0..<count).contains(index) else { return nil }
      if holding(of: rows[index]) != nil { return index }
      index += step
      if wrapping { index = (index + count) % count }
    }
    return nil
  }

  /// A row for another place of a currency (the focused row's, unless one is named),
  /// focused at once; its amount starts at 0. The currency's own row becomes their sum,
  /// and its amount at the unnamed place gets a row of its own.
  private func addPlace(_ place: Place, of named: Currency?) -> SheetOutcome {
    guard let currency = named ?? focused else { return SheetOutcome(message: .noFocus(draft: "")) }
    let holding = Holding(currency, at: place)
    if rowIndex[.place(holding)] != nil { return SheetOutcome(message: .placeExists(holding)) }
    if place.isUnnamed && !isSum(currency) { return SheetOutcome(message: .placeExists(holding)) }
    var outcome = commitFocused()
    addedPlaces.insert(holding)
    if !isSum(currency), !portfolio.amount(of: currency).isZero { addedPlaces.insert(Holding(currency)) }
    let left = focusedRow
    layOutRows()
    focus = nil
    field = FieldEditor()
    if let row = row(of: holding) { enter(row, selecting: false) }
    outcome.changed = rows
    if let left, !outcome.changed.contains(left) { outcome.changed.append(left) }
    outcome.relaid = true
    return outcome
  }

  /// A draft given whole: checked at once, marking the field `!` (and saying why) while it
  /// is not an amount; a valid or blank one clears the mark.
  private func setDraft(_ text: String) -> SheetOutcome {
    guard let holding = focusedHolding else { return SheetOutcome(message: .noFocus(draft: text)) }
    field = FieldEditor(text)
    return check(holding)
  }

  /// An edit typed into the focused field: a key past the field's capacity is refused
  /// before anything else is done (the rest of a long paste costs nothing); a change of
  /// the text is checked at once, a move of the cursor only redraws the field.
  private func edit(_ edit: FieldEdit) -> SheetOutcome {
    guard let holding = focusedHolding, let row = focusedRow else { return SheetOutcome() }
    let before = field.text
    switch edit {
    case .insert(let character):
      guard field.insert(character) else { return SheetOutcome(message: .fieldFull(holding)) }
    case .backspace: field.backspace()
    case .delete: field.delete()
    case .left: field.left()
    case .right: field.right()
    case .home: field.home()
    case .end: field.end()
    case .cutToEnd: field.cutToEnd()
    case .cutToStart: field.cutToStart()
    }
    guard field.text != before else { return SheetOutcome(changed: [row]) }
    return check(holding)
  }

  /// Marks the focused field by what its draft is now.
  private func check(_ holding: Holding) -> SheetOutcome {
    var outcome = SheetOutcome(changed: focusedRow.map { [$0] } ?? [])
    let text = field.text.trimmingBlanks
    if !text.isEmpty, case .failure(let error) = evaluate(text, holding.currency) {
      invalid[holding] = InvalidDraft(text: text, reason: error.reason)
      outcome.message = .notAnAmount(holding, reason: error.reason)
    } else {
      invalid[holding] = nil
    }
    return outcome
  }

  /// The rows that show a holding's amount: its field's, and its currency's sum.
  private func rowsShowing(_ holding: Holding) -> [SheetRowID] {
    isSum(holding.currency) ? [.place(holding), .currency(holding.currency)] : [.currency(holding.currency)]
  }

  /// Commits the focused draft where it stands (the focus stays).
  private func commitFocused() -> SheetOutcome {
    var outcome = SheetOutcome()
    guard let holding = focusedHolding, let row = focusedRow else { return outcome }
    let text = field.text.trimmingBlanks
    // A field merely passed through commits nothing, whatever the store holds now.
    if text == entered.text.trimmingBlanks && invalid[holding] == nil { return outcome }
    let amount: DecimalValue
    if text.isEmpty {
      amount = .zero
    } else {
      switch evaluate(text, holding.currency) {
      case .success(let value):
        amount = value
      case .failure(let error):
        invalid[holding] = InvalidDraft(text: text, reason: error.reason)
        outcome.message = .invalidLeftBehind(
          DraftError(holding: holding, text: error.text, reason: error.reason))
        outcome.changed.append(row)
        return outcome
      }
    }
    if invalid.removeValue(forKey: holding) != nil { outcome.changed.append(row) }
    // What is committed now is what the field holds from here on (the focus may stay,
    // as at a refused Done): typing the old text back later is a change again.
    defer { entered = (field.text, amount) }
    // The value the field showed is no change either (`1.0` for 1).
    if amount == entered.amount && !hasPending(holding) { return outcome }
    let previous = portfolio.amount(of: holding)
    let before = ledger.todayEdit(of: holding)
    let replaced = dated.map { ledger.pending.dated(holding, on: $0.date) }
    if commit(amount, of: holding, seen: storedWhenEntered) {
      commits.append(commitMade(of: holding, previous: previous, before: before, replaced: replaced))
      for shown in rowsShowing(holding) where !outcome.changed.contains(shown) { outcome.changed.append(shown) }
    }
    return outcome
  }

  /// A commit made while the sheet is open by a command other than a field's (`clear`):
  /// it is one of this sheet session's commits (so `undo` and `cancel` revert it), and a
  /// focused field on that currency shows the new amount as its own, so leaving it later
  /// is no conflict with this very session. A currency without a field (the local one)
  /// is committed as at the top level.
  private func clear(_ holding: Holding) -> SheetOutcome {
    guard row(of: holding) != nil else {
      ledger.commit(.zero, of: holding)
      return SheetOutcome()
    }
    let previous = portfolio.amount(of: holding)
    let before = ledger.todayEdit(of: holding)
    let replaced = dated.map { ledger.pending.dated(holding, on: $0.date) }
    commit(.zero, of: holding, seen: nil)
    if !previous.isZero {
      commits.append(commitMade(of: holding, previous: previous, before: before, replaced: replaced))
    }
    invalid[holding] = nil
    if focusedHolding == holding {
      field = FieldEditor()
      entered = ("", .zero)
    }
    return SheetOutcome(changed: rowsShowing(holding))
  }

  /// Reverts the most recent commit of this sheet session. A focused field it reverts
  /// shows the amount put back as a program sets a field's value: the cursor at the end,
  /// nothing selected (the focus did not move; a digit typed next is added to the text).
  private func undo() -> SheetOutcome {
    guard let last = commits.popLast() else { return SheetOutcome(message: .nothingToUndo) }
    revert(last)
    if focusedHolding == last.holding {
      field = FieldEditor(Self.text(of: last.previous))
      entered = (field.text, last.previous)
    }
    return SheetOutcome(changed: rowsShowing(last.holding), message: .undone(last.holding, restored: last.previous))
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
    return SheetOutcome(
      changed: discarded.flatMap { rowsShowing($0) }, message: .cancelled(discarded), finished: .cancelled)
  }

  /// Done: commits the focused draft, and finishes unless a field holds an invalid draft
  /// (which is refused, naming them all).
  private func done() -> SheetOutcome {
    var outcome = commitFocused()
    if let row = focusedRow, !outcome.changed.contains(row) { outcome.changed.append(row) }
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
    let amount = holding(of: rows[row]).map { portfolio.amount(of: $0) } ?? .zero
    let text = holding(of: rows[row]).flatMap { invalid[$0]?.text } ?? Self.text(of: amount)
    field = FieldEditor(text, selected: selecting)
    entered = (field.text, amount)
    storedWhenEntered = holding(of: rows[row]).map { ledger.baseAmount(of: $0) } ?? .zero
  }

  /// A commit of this sheet: today's, or effective on the sheet's date (the field then
  /// shows the amount in the sheet's own portfolio).
  @discardableResult
  private func commit(_ amount: DecimalValue, of holding: Holding, seen: DecimalValue?) -> Bool {
    guard let dated = upToDateView() else { return ledger.commit(amount, of: holding, seen: seen) }
    guard ledger.commit(amount, of: holding, in: dated) else { return false }
    portfolio.setAmount(amount, of: holding)
    return true
  }

  /// The commit just made of `holding`, given its unsaved edit before: today's (`before`)
  /// or, in a sheet at a date, the balance it replaced (`replaced`).
  private func commitMade(
    of holding: Holding, previous: DecimalValue, before: Ledger.TodayEdit, replaced: DatedEdit??
  ) -> Commit {
    let edits: EditsAround =
      if let replaced, let dated {
        .dated(before: replaced, after: ledger.pending.dated(holding, on: dated.date))
      } else {
        .today(before: before, after: ledger.todayEdit(of: holding))
      }
    return Commit(holding: holding, previous: previous, edits: edits, reloads: ledger.reloads)
  }

  /// Takes one commit of this sheet back, by putting back the edit it replaced:
  /// committing the amount before it instead would leave an edit of its own when a
  /// balance for a past date came first (a today's amount nobody wrote). Once a save has
  /// written the commit, by committing the amount before it, a new edit based on what
  /// that save wrote: another session's save since is a conflict.
  private func revert(_ commit: Commit) {
    switch commit.edits {
    case .today(let before, let after):
      guard ledger.todayEdit(of: commit.holding) == after else {
        self.commit(commit.previous, of: commit.holding, seen: after.amount ?? after.base)
        return
      }
      ledger.restore(before, of: commit.holding)
      // Another session's save of the holding read since the commit is hidden by the
      // base put back (a reload keeps a pending edit's base): the store is read again.
      if before.amount == nil && ledger.reloads != commit.reloads { ledger.reloadBeforeNextStatement() }
    case .dated(var before, let after):
      guard let dated else { return }
      let now = ledger.pending.dated(commit.holding, on: dated.date)
      guard Self.sameBalance(now, after) else {
        self.commit(commit.previous, of: commit.holding, seen: nil)
        return
      }
      // Whether the balance is the current amount is the reload's to say now (another
      // session may have saved a later entry since).
      if let now, !now.changesCurrent { before?.changesCurrent = false }
      ledger.restore(before, of: commit.holding, on: dated.date)
      portfolio.setAmount(commit.previous, of: commit.holding)
      // As for today's amounts: another session's save read while the commit decided the
      // current amount is read again, now that nothing of this session's does.
      if before == nil && ledger.reloads != commit.reloads { ledger.reloadBeforeNextStatement() }
    }
  }

  /// Whether two unsaved balances are the same, whether or not each is the current
  /// amount (which a reload decides again).
  private static func sameBalance(_ one: DatedEdit?, _ other: DatedEdit?) -> Bool {
    guard var one, let other else { return one == nil && other == nil }
    one.changesCurrent = other.changesCurrent
    return one == other
  }

  /// Whether this sheet's date has an unsaved edit of the holding.
  private func hasPending(_ holding: Holding) -> Bool {
    guard let dated else { return ledger.pending.amount(of: holding) != nil }
    return ledger.pending.dated(holding, on: dated.date) != nil
  }

  static func text(of amount: DecimalValue) -> String {
    amount.isZero ? "" : amount.description
  }
}

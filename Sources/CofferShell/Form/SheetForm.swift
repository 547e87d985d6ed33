import CofferCore
import Foundation
import LineEditing
import Screen

/// The sheet as a full-screen form: a fixed header (local currency, rates date, total,
/// unsaved changes), one row per currency in a viewport that keeps the focus in view,
/// and a footer with the keys and the latest message. The focused field is edited in
/// place; leaving it commits it, as in the line sheet (both edit the same `Sheet`).
///
/// No work is wasted: a keystroke reformats the focused row only and recomputes no
/// total; a commit recomputes the total once and reformats the rows it changed; the
/// store is not read while the form is open (Done's save checks for conflicts itself).
final class SheetForm {
  private let context: CommandContext
  private let screen: any FormScreen
  private var layout: FormLayout
  private var top = 0
  private var editor = FieldEditor()
  private var message: (text: String, style: ScreenStyle) = ("", [])
  /// Formatted rows by catalog index (nil = to format again).
  private var formatted: [FormattedRow?] = Array(repeating: nil, count: Catalog.count)
  /// Rows formatted but not yet put on the screen, and whether all must be.
  private var stale = Set<Int>()
  private var redrawAll = true
  private var headerStale = true
  private var footerStale = true
  /// The header's start, with the newest rate's date: nothing in the form changes the
  /// local currency or the rates, so it is made once.
  /// The amounts and values the form shows (today's, or those held on its date), and
  /// that date: kept apart from the sheet, which is gone once Done closes it.
  private let shown: Portfolio
  private let date: CalendarDate?
  private lazy var headerStart: String = {
    let portfolio = sheet.portfolio
    var start = "Coffer sheet · local \(portfolio.local.code)"
    if let dated = sheet.dated { start += " · as of \(dated.date)" }
    if let date = Catalog.all.compactMap({ portfolio.currentRate(of: $0)?.date }).max() {
      start += " · rates \(date)"
    }
    return start
  }()
  /// What the next keys answer, if not the field.
  private var mode = Mode.editing

  private enum Mode {
    case editing
    /// `discard N changes? (y/n)`.
    case confirmingCancel
    /// Ctrl-F: the code or name typed so far.
    case jumping(FieldEditor)
    /// A conflict is shown: Done again overwrites, as `save --force` does.
    case conflictShown
    /// A save failed otherwise: Done again closes the form with the edits pending.
    case saveFailed
  }

  /// How the form was left.
  enum Ending {
    /// Done: saved (or kept pending after a failed save), with the line to print.
    case done([String])
    case cancelled([String])
    /// SIGTERM or SIGHUP: the focused draft committed, the sheet left open for the
    /// session's ending to save.
    case stopped(Int32)
  }

  private init(context: CommandContext, screen: any FormScreen) {
    self.context = context
    self.screen = screen
    shown = context.sheet?.portfolio ?? context.ledger.portfolio
    date = context.sheet?.dated?.date
    layout = FormLayout(rows: screen.rows, columns: screen.columns)
  }

  /// Runs the form on the open sheet until it is left; nil when the terminal cannot
  /// hold it (the caller falls back to the line sheet).
  static func run(_ context: CommandContext) -> Ending? {
    guard let screen = CursesScreen() else { return nil }
    defer { screen.close() }
    return run(context, on: screen)
  }

  /// Runs the form on a screen of the caller's (a scripted one, in tests and benchmarks).
  static func run(_ context: CommandContext, on screen: any FormScreen) -> Ending {
    SheetForm(context: context, screen: screen).loop()
  }

  // MARK: - The loop

  /// The open sheet, as the form reads it.
  private var sheet: Sheet {
    context.sheet!
  }

  /// Changes the open sheet where it is kept: taken out of the context for the change, so
  /// that its tables are not copied on write, then put back. (A `_modify` accessor
  /// yielding `&context.sheet!` did the same, until Swift's exclusivity tracking on Linux
  /// was seen to trap later in the process after it.)
  @discardableResult
  private func updateSheet<T>(_ change: (inout Sheet) -> T) -> T? {
    guard var open = context.sheet else { return nil }
    context.sheet = nil
    defer { context.sheet = open }
    return change(&open)
  }

  private var ledger: Ledger { context.ledger }

  private func loop() -> Ending {
    editor = FieldEditor(sheet.focused.flatMap { sheet.shownDraft(of: $0) } ?? "")
    validateDraft()
    while true {
      draw()
      if let signal = Signals.pendingStop {
        _ = context.commitFocusedDraft()
        return .stopped(signal)
      }
      if Signals.takeWindowChange(), let size = Terminal.size() {
        screen.resize(rows: size.rows, columns: size.columns)
        relayout()
      }
      guard let key = screen.readKey() else { continue }
      if let ending = handle(key) { return ending }
    }
  }

  private func relayout() {
    layout = FormLayout(rows: screen.rows, columns: screen.columns)
    formatted = Array(repeating: nil, count: Catalog.count)
    redrawAll = true
    headerStale = true
  }

  // MARK: - Keys

  private func handle(_ key: Key) -> Ending? {
    switch mode {
    case .confirmingCancel:
      if key == .character("y") || key == .character("Y") { return cancel() }
      mode = .editing
      say("")
      return nil
    case .jumping(var query):
      handleJump(key, &query)
      return nil
    case .conflictShown, .saveFailed, .editing:
      break
    }
    if case .resize = key {
      relayout()
      return nil
    }
    let rowCount = sheet.rows.count
    let focus = sheet.focus ?? 0
    // Any key but Done takes back the offer to overwrite a conflict.
    if key != .control("d") && key != .function(10) { mode = .editing }
    switch key {
    case .down, .tab, .enter: moveFocus(to: (focus + 1) % rowCount)
    case .up, .backTab: moveFocus(to: (focus - 1 + rowCount) % rowCount)
    case .pageDown: moveFocus(to: min(rowCount - 1, focus + layout.viewportHeight))
    case .pageUp: moveFocus(to: max(0, focus - layout.viewportHeight))
    case .alt("<"), .controlHome: moveFocus(to: 0)
    case .alt(">"), .controlEnd: moveFocus(to: rowCount - 1)
    case .left: edit { $0.left() }
    case .right: edit { $0.right() }
    case .home, .control("a"): edit { $0.home() }
    case .end, .control("e"): edit { $0.end() }
    case .backspace: edit { $0.backspace() }
    case .delete: edit { $0.delete() }
    case .control("k"): edit { $0.cutToEnd() }
    case .control("u"): edit { $0.cutToStart() }
    case .character(let character):
      // A control character (C1, a bidirectional override) is no part of an amount, and
      // is not put on the screen.
      guard !character.unicodeScalars.contains(where: String.isControl) else { return nil }
      // A full field refuses the key before anything else is done: the rest of a long
      // paste costs nothing.
      guard !editor.isFull else {
        refuseFull(sheet.focused.map { "\($0.code): " } ?? "")
        return nil
      }
      edit { $0.insert(character) }
    case .control("f"):
      mode = .jumping(FieldEditor())
      say("jump to: ")
    case .control("z"): undo()
    case .escape, .control("c"):
      let changes = sheet.discardable(ledger: ledger)
      if changes.isEmpty { return cancel() }
      mode = .confirmingCancel
      say("discard \(changes.count) \(changes.count == 1 ? "change" : "changes")? (y/n)", style: [.bold, .yellow])
    case .control("d"), .function(10): return done()
    default: break
    }
    return nil
  }

  /// Ctrl-F: typed text narrows to a currency by its code, its English name or its
  /// Chinese name (see `Currency.matches`); Enter goes there.
  private func handleJump(_ key: Key, _ query: inout FieldEditor) {
    switch key {
    case .enter:
      mode = .editing
      let wanted = query.text.filter { $0 != " " }.lowercased()
      guard
        let row = sheet.rows.firstIndex(where: { $0.code.lowercased() == wanted })
          ?? sheet.rows.firstIndex(where: { $0.matches(query.text) })
          ?? sheet.rows.firstIndex(where: {
            !wanted.isEmpty && $0.englishName.lowercased().filter { $0 != " " }.contains(wanted)
          })
      else {
        say("no currency matches '\(query.text)'", style: [.red])
        return
      }
      say("")
      moveFocus(to: row)
      return
    case .escape, .control("c"), .control("g"):
      mode = .editing
      say("")
      return
    case .backspace: query.backspace()
    case .character(let character):
      guard query.insert(character) else {
        refuseFull("jump to: ")
        return
      }
    default: break
    }
    mode = .jumping(query)
    say("jump to: " + query.text)
  }

  /// A key typed into a full field (or jump query): refused, and the footer says why.
  private func refuseFull(_ what: String) {
    say("\(what)a field takes at most \(FieldEditor.capacityText); the rest was not taken", style: [.red])
  }

  /// Applies an edit to the focused field and checks the new text at once.
  private func edit(_ change: (inout FieldEditor) -> Void) {
    let before = editor
    change(&editor)
    guard editor != before, let currency = sheet.focused else { return }
    updateSheet { _ = $0.setDraft(editor.text) }
    // Only the field's text changed: the row is drawn again from what is formatted.
    if let row = sheet.row(of: currency) { stale.insert(row) }
    validateDraft()
  }

  /// The focused draft as it stands: the footer says why while it is not an amount.
  private func validateDraft() {
    guard let currency = sheet.focused else { return }
    let text = editor.text
    if text.allSatisfy({ $0 == " " }) {
      say("")
      return
    }
    switch context.evaluateDraft(text, currency) {
    case .success: if message.style.contains(.red) { say("") }
    case .failure(let error): say("\(currency.code): \(error.reason)", style: [.red])
    }
  }

  private func moveFocus(to row: Int) {
    let evaluate = context.evaluateDraft
    guard let outcome = updateSheet({ $0.moveFocus(to: row, ledger: ledger, evaluate: evaluate) }) else { return }
    apply(outcome.changed)
    editor = FieldEditor(sheet.focused.flatMap { sheet.shownDraft(of: $0) } ?? "")
    if let error = outcome.error {
      say(
        "\(error.currency.code): invalid amount '\(error.text)': \(error.reason); kept on \(error.currency.code)",
        style: [.red])
    } else {
      validateDraft()
    }
  }

  private func undo() {
    guard let undone = updateSheet({ $0.undo(ledger: ledger) }) ?? nil else {
      say("nothing to undo in this sheet session")
      return
    }
    apply([undone.currency])
    if sheet.focused == undone.currency { editor = FieldEditor(sheet.shownDraft(of: undone.currency) ?? "") }
    say("\(undone.currency.code) is back to \(undone.restored)")
  }

  /// Rows whose display changed: formatted again, with the header (the total).
  private func apply(_ changed: [Currency]) {
    for currency in changed { markRow(currency) }
    if !changed.isEmpty { headerStale = true }
  }

  private func markRow(_ currency: Currency) {
    formatted[currency.index] = nil
    if let row = sheet.row(of: currency) { stale.insert(row) }
  }

  // MARK: - Leaving

  private func cancel() -> Ending {
    var closing = sheet
    let discarded = closing.revertAll(ledger: ledger)
    context.sheet = nil
    ledger.reloadBeforeNextStatement()
    let count = discarded.count
    return .cancelled([
      count == 0
        ? "cancelled: no changes"
        : "cancelled: \(count) \(count == 1 ? "change" : "changes") discarded (\(discarded.map(\.code).joined(separator: ", ")))"
    ])
  }

  /// Done: commits the focused field, refuses while a field holds an invalid draft,
  /// then saves once. A conflict stays on screen: Done again overwrites.
  private func done() -> Ending? {
    let force: Bool
    switch mode {
    case .conflictShown: force = true
    case .saveFailed:
      // The edits stay pending, as after a failed `dismiss`.
      context.sheet = nil
      return .done([totalLine()])
    default: force = false
    }
    if let error = context.commitFocusedDraft() { apply([error.currency]) }
    if let focus = sheet.focus { apply([sheet.rows[focus]]) }
    if let first = sheet.rows.first(where: { sheet.invalid[$0] != nil }), let row = sheet.row(of: first) {
      if sheet.focus != row { moveFocus(to: row) }
      let count = sheet.invalid.count
      say(
        "cannot finish: \(count) invalid \(count == 1 ? "field" : "fields") (\(first.code): \(sheet.invalid[first]!.reason))",
        style: [.red])
      return nil
    }
    switch context.saving.saveFromForm(force: force) {
    case .saved:
      context.sheet = nil
      return .done([totalLine()])
    case .conflict(let conflicts):
      mode = .conflictShown
      let named = conflicts.map {
        "\($0.currency.code)\($0.date.map { " on \($0)" } ?? "") saved elsewhere as \($0.theirs), yours \($0.ours)"
      }
      say(named.joined(separator: "; ") + " · ^D again overwrites", style: [.bold, .yellow])
    case .failed(let text):
      mode = .saveFailed
      say(text + "; Done again closes with the edits kept", style: [.bold, .red])
    }
    headerStale = true
    return nil
  }

  /// The total as the prompt prints it after `dismiss`, with what other sessions saved
  /// while the form was open (the form itself reads nothing from the store).
  private func totalLine() -> String {
    do {
      try ledger.refresh(now: true)
      try ledger.requireSound()
    } catch {
      return "total: \(error.description)"
    }
    var portfolio = ledger.portfolio
    if let date {
      do {
        portfolio = try ledger.portfolio(asHeldOn: date)
      } catch {
        return "total: \(error.description)"
      }
    }
    return switch portfolio.total() {
    case .success(let total): MoneyText.total(total, output: context.output, basis: date.map { "as held on \($0)" })
    case .failure(let error): "total: \(error.description)"
    }
  }

  private func say(_ text: String, style: ScreenStyle = []) {
    guard text != message.text || style != message.style else { return }
    message = (text, style)
    footerStale = true
  }

  // MARK: - Drawing

  private func draw() {
    let rowCount = sheet.rows.count
    let newTop = layout.top(keeping: sheet.focus ?? 0, from: top, rowCount: rowCount)
    let shift = newTop - top
    top = newTop
    if redrawAll || abs(shift) >= layout.viewportHeight {
      for row in 0..<rowCount { stale.insert(row) }
      if redrawAll {
        screen.clearLine(row: 1)
        drawTitles()
      }
    } else if shift != 0 {
      // The rows still in view move with the text; only the uncovered ones are drawn.
      let viewport = FormLayout.headerLines..<(FormLayout.headerLines + layout.viewportHeight)
      screen.scroll(lines: viewport, by: shift)
      let uncovered =
        shift > 0
        ? (newTop + layout.viewportHeight - shift)..<(newTop + layout.viewportHeight)
        : newTop..<(newTop - shift)
      for row in uncovered { stale.insert(row) }
    }
    if headerStale || redrawAll { drawHeader() }
    let bottom = min(rowCount, top + layout.viewportHeight)
    for row in stale where row >= top && row < bottom {
      drawRow(row)
    }
    if redrawAll {
      // Lines below the last row, when the window is taller than the sheet.
      let firstBlank = FormLayout.headerLines + bottom - top
      let footer = layout.rows - FormLayout.footerLines
      if firstBlank < footer {
        for line in firstBlank..<footer { screen.clearLine(row: line) }
      }
    }
    if footerStale || redrawAll { drawFooter() }
    stale = []
    redrawAll = false
    headerStale = false
    footerStale = false
    screen.refresh(cursor: cursor())
  }

  private func drawHeader() {
    let portfolio = shown
    let local = portfolio.local
    var parts = [headerStart]
    var style = ScreenStyle.bold
    switch portfolio.total() {
    case .success(let total):
      var text = "total " + MoneyText.plain(total.value, local) + " \(local.code)"
      if total.isPartial {
        text += " (partial: \(total.missingRates))"
        style.insert(.yellow)
      }
      parts.append(text)
    case .failure(let error):
      parts.append("total: \(error.description)")
      style.insert(.red)
    }
    let unsaved = ledger.pending.count
    parts.append(unsaved == 0 ? "nothing unsaved" : "\(unsaved) unsaved")
    screen.clearLine(row: 0)
    screen.put(parts.joined(separator: " · ").cut(to: layout.columns), row: 0, column: 0, style: style)
  }

  private func drawTitles() {
    let cells = layout.cells
    screen.put("code", row: 1, column: cells.code, style: [.dim])
    if let name = cells.name { screen.put("name".fitted(to: cells.nameWidth), row: 1, column: name, style: [.dim]) }
    screen.put("amount".fitted(to: cells.fieldWidth), row: 1, column: cells.field, style: [.dim])
    let local = "in \(shown.local.code)"
    screen.put(local.fitted(to: cells.valueWidth, alignRight: true), row: 1, column: cells.value, style: [.dim])
  }

  /// A row's text that changes only with a commit: the committed amount as the field
  /// shows it when not focused, and the value in the local currency.
  private struct FormattedRow {
    var field: String
    var value: String
  }

  /// One row: marker, code, name, the field (the draft when focused or invalid, else the
  /// committed amount), the value in the local currency. Counted in `rows_rendered`; the
  /// money in it is formatted again only after a commit changed it.
  private func drawRow(_ row: Int) {
    let sheet = self.sheet
    let currency = sheet.rows[row]
    let line = FormLayout.headerLines + row - top
    let cells = layout.cells
    let focused = sheet.focus == row
    let invalidDraft = sheet.invalid[currency]
    let invalid = invalidDraft != nil
    ledger.counters.rowsRendered += 1
    let money = formatted[currency.index] ?? format(currency)
    formatted[currency.index] = money
    screen.clearLine(row: line)
    screen.put(focused ? ">" : (invalid ? "!" : " "), row: line, column: 0, style: invalid ? Self.invalidMarker : .bold)
    screen.put(currency.code, row: line, column: cells.code, style: focused ? .bold : [])
    if let name = cells.name {
      screen.put(currency.name(in: context.output.names).cut(to: cells.nameWidth), row: line, column: name)
    }
    if focused {
      // Underlined to its full width, so it is padded.
      screen.put(
        editor.visible(width: cells.fieldWidth).text.fitted(to: cells.fieldWidth), row: line, column: cells.field,
        style: .underline)
    } else if let draft = invalidDraft?.text {
      screen.put(draft.cut(to: cells.fieldWidth), row: line, column: cells.field, style: .red)
    } else {
      screen.put(money.field.cut(to: cells.fieldWidth), row: line, column: cells.field)
    }
    screen.put(money.value.fitted(to: cells.valueWidth, alignRight: true), row: line, column: cells.value)
  }

  private static let invalidMarker: ScreenStyle = [.red, .bold]

  private func format(_ currency: Currency) -> FormattedRow {
    let amount = shown.amount(of: currency)
    guard !amount.isZero else { return FormattedRow(field: "", value: "") }
    let value = (try? shown.value(of: currency)).map { MoneyText.plain($0, shown.local) }
    return FormattedRow(field: MoneyText.plain(amount, currency, exact: true), value: value ?? "no rate")
  }

  private func drawFooter() {
    let keys = "↑↓ Tab Enter move · PgUp/PgDn · ^F jump · ^Z undo · Esc cancel · ^D Done"
    let keysLine = layout.rows - 2
    let messageLine = layout.rows - 1
    screen.clearLine(row: keysLine)
    screen.put(keys.cut(to: layout.columns), row: keysLine, column: 0, style: [.dim])
    screen.clearLine(row: messageLine)
    screen.put(message.text.cut(to: layout.columns), row: messageLine, column: 0, style: message.style)
  }

  /// Where the cursor goes: in the jump prompt, else in the focused field.
  private func cursor() -> (row: Int, column: Int)? {
    let messageEnd = min(layout.columns - 1, DisplayWidth.of(message.text))
    if case .jumping = mode { return (layout.rows - 1, messageEnd) }
    if case .confirmingCancel = mode { return (layout.rows - 1, messageEnd) }
    guard let focus = sheet.focus, focus >= top, focus < top + layout.viewportHeight else { return nil }
    let cells = layout.cells
    return (FormLayout.headerLines + focus - top, cells.field + editor.visible(width: cells.fieldWidth).cursor)
  }
}

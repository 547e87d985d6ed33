import CofferCore
import CofferText
import Foundation
import LineEditing
import Screen

/// The sheet as a full-screen form: a fixed header (what the sheet is, its total, unsaved
/// changes), one row per currency in a viewport that keeps the focus in view, and a
/// footer with the keys and the latest message. A view of the sheet's controller, as the
/// line sheet is: keys become `SheetAction`s, rows are drawn from the shared row model
/// and formatter, the header from `SheetHeader`, and what the sheet says
/// (`SheetMessage`) goes in the footer. The focused field is edited in place.
///
/// No work is wasted: a keystroke redraws the focused field only and recomputes no total;
/// a commit recomputes the total once and reformats the rows it changed; the store is not
/// read while the form is open. Done is not the form's: it asks the loop that runs it
/// (`Request.done`), which runs the same Done as `dismiss` (`Interpreter.done`) and,
/// when the save fails, tells the form (`notSaved`) and runs it again.
final class SheetForm {
  /// What the form asks of the loop that runs it.
  enum Request {
    /// Done, the focused draft committed and no invalid draft left: save the pending
    /// edits (forced: Done again after a conflict was shown), close the sheet and print
    /// the total.
    case done(force: Bool)
    /// Done again after a save failed otherwise: close the sheet with the edits pending,
    /// and print the total.
    case closeUnsaved
    /// Cancelled: the sheet closes, saying what was discarded.
    case cancelled(String)
    /// SIGTERM or SIGHUP: the focused draft committed, the sheet left open for the run's
    /// ending to save.
    case stopped(Int32)
  }

  private let sheet: SheetController
  private let screen: any FormScreen
  private let output: Output
  private var layout: FormLayout
  private var top = 0
  private var message: (text: String, style: ScreenStyle) = ("", [])
  private var formatter = SheetRowFormatter(styledFor: nil)
  /// Rows to draw again, and whether all must be.
  private var stale = RowMarks()
  /// Whether the focused row's field (and its marker, which says whether the draft is an
  /// amount) must be drawn again: all a keystroke in the field changes.
  private var focusedFieldStale = false
  private var redrawAll = true
  private var headerStale = true
  private var footerStale = true
  /// What the sheet is: nothing in the form changes it, so it is made once.
  private lazy var title = SheetHeader.title(of: sheet)
  /// What the next keys answer, if not the field.
  private var mode = Mode.editing

  private enum Mode {
    case editing
    /// `discard N changes? (y/n)`.
    case confirmingCancel
    /// Ctrl-F: the code or name typed so far.
    case jumping(FieldEditor)
    /// Ctrl-P: the name of a place to add to the focused currency, being typed.
    case namingPlace(FieldEditor)
    /// A conflict is shown: Done again overwrites, as `save --force` does.
    case conflictShown
    /// A save failed otherwise: Done again closes the form with the edits pending.
    case saveFailed
  }

  init(sheet: SheetController, screen: any FormScreen, output: Output) {
    self.sheet = sheet
    self.screen = screen
    self.output = output
    layout = FormLayout(rows: screen.rows, columns: screen.columns)
    showDraftProblem()
  }

  // MARK: - The loop

  /// Reads keys until the loop has something to do: Done, close, stop.
  func run() -> Request {
    while true {
      draw()
      if let signal = Signals.pendingStop {
        _ = sheet.perform(.commit)
        return .stopped(signal)
      }
      if Signals.takeWindowChange(), let size = Terminal.size() {
        screen.resize(rows: size.rows, columns: size.columns)
        relayout()
      }
      guard let key = screen.readKey() else { continue }
      if let request = handle(key) { return request }
    }
  }

  /// Done's save failed: a conflict stays on screen (Done again overwrites); another
  /// failure too (Done again closes with the edits kept).
  func notSaved(_ error: StoreError, message: String) {
    if case .conflict(let conflicts) = error {
      mode = .conflictShown
      say(
        tr(
          "conflict: another session saved {holdings} · ^D again overwrites",
          ["holdings": SaveConflict.named(conflicts)]),
        style: [.bold, .yellow])
    } else {
      mode = .saveFailed
      say(tr("{problem}; Done again closes with the edits kept", ["problem": message]), style: [.bold, .red])
    }
    headerStale = true
  }

  private func relayout() {
    layout = FormLayout(rows: screen.rows, columns: screen.columns)
    formatter.forget()
    redrawAll = true
    headerStale = true
  }

  // MARK: - Keys

  private func handle(_ key: Key) -> Request? {
    switch mode {
    case .confirmingCancel:
      if key == .character("y") || key == .character("Y") { return perform(.cancel) }
      mode = .editing
      say("")
      return nil
    case .jumping(var query):
      handleJump(key, &query)
      return nil
    case .namingPlace(var name):
      return handlePlaceName(key, &name)
    case .conflictShown, .saveFailed, .editing:
      break
    }
    if case .resize = key {
      relayout()
      return nil
    }
    // Any key but Done takes back the offer to overwrite a conflict.
    if key != .control("d") && key != .function(10) { mode = .editing }
    switch key {
    case .down, .tab, .enter: return moveFromKeyboard(.next)
    case .up, .backTab: return moveFromKeyboard(.previous)
    case .pageDown: return moveFromKeyboard(.page(layout.viewportHeight))
    case .pageUp: return moveFromKeyboard(.page(-layout.viewportHeight))
    case .alt("<"), .controlHome: return moveFromKeyboard(.first)
    case .alt(">"), .controlEnd: return moveFromKeyboard(.last)
    case .left: return perform(.edit(.left))
    case .right: return perform(.edit(.right))
    case .home, .control("a"): return perform(.edit(.home))
    case .end, .control("e"): return perform(.edit(.end))
    case .backspace: return perform(.edit(.backspace))
    case .delete: return perform(.edit(.delete))
    case .control("k"): return perform(.edit(.cutToEnd))
    case .control("u"): return perform(.edit(.cutToStart))
    case .character(let character):
      // A control character (C1, a bidirectional override) is no part of an amount, and
      // is not put on the screen.
      guard !character.unicodeScalars.contains(where: String.isControl) else { return nil }
      return perform(.edit(.insert(character)))
    case .control("f"):
      mode = .jumping(FieldEditor())
      say(tr("jump to: "))
    case .control("p"):
      guard let currency = sheet.focused else { return nil }
      mode = .namingPlace(FieldEditor())
      say(tr("new place for {code}: ", ["code": currency.code]))
    case .control("z"): return perform(.undo)
    case .escape, .control("c"):
      let changes = sheet.discardable.count
      if changes == 0 { return perform(.cancel) }
      mode = .confirmingCancel
      say(
        tr("discard {count} change? (y/n)", "discard {count} changes? (y/n)", count: changes), style: [.bold, .yellow])
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
      let currencies = sheet.rows.filter { $0.place == nil }.map(\.currency)
      guard
        let currency = currencies.first(where: { $0.code.lowercased() == wanted })
          ?? currencies.first(where: { $0.matches(query.text) })
          ?? currencies.first(where: {
            !wanted.isEmpty && $0.englishName.lowercased().filter { $0 != " " }.contains(wanted)
          })
      else {
        say(tr("no currency matches '{text}'", ["text": query.text]), style: [.red])
        return
      }
      say("")
      _ = moveFromKeyboard(.to(currency))
      return
    case .escape, .control("c"), .control("g"):
      mode = .editing
      say("")
      return
    case .backspace: query.backspace()
    case .character(let character):
      guard query.insert(character) else {
        say(tr("jump to: ") + SheetMessage.fieldFull(nil).text, style: [.red])
        return
      }
    default: break
    }
    mode = .jumping(query)
    say(tr("jump to: ") + query.text)
  }

  /// Ctrl-P: the typed name of a place for the focused currency; Enter adds its row and
  /// focuses it (SPEC §11).
  private func handlePlaceName(_ key: Key, _ name: inout FieldEditor) -> Request? {
    guard let currency = sheet.focused else {
      mode = .editing
      return nil
    }
    let prompt = tr("new place for {code}: ", ["code": currency.code])
    switch key {
    case .enter:
      mode = .editing
      let place: Place
      do {
        place = try Place(named: name.text.trimmingBlanks)
      } catch {
        say(
          tr("'{name}' cannot name a place: {problem}", ["name": name.text, "problem": error.problem]), style: [.red])
        return nil
      }
      say("")
      return perform(.addPlace(sheet.ledger.place(named: place) ?? place, of: currency))
    case .escape, .control("c"), .control("g"):
      mode = .editing
      say("")
      return nil
    case .backspace: name.backspace()
    case .character(let character):
      guard !character.unicodeScalars.contains(where: String.isControl), name.insert(character) else {
        say(prompt + SheetMessage.fieldFull(nil).text, style: [.red])
        return nil
      }
    default: break
    }
    mode = .namingPlace(name)
    say(prompt + name.text)
    return nil
  }

  /// Rows were added: every row is drawn again where it now stands.
  private func relayAll() {
    redrawAll = true
    headerStale = true
  }

  /// A move a key asked for: the field entered shows its text selected, as a browser or a
  /// GTK form selects a field tabbed into, so that a new balance typed replaces the old.
  ///
  /// Focus that arrives otherwise selects nothing, and the cursor is at the end of the
  /// text: when the form opens on its first field (or the one `open C` named), after
  /// Ctrl-Z puts an amount back, and when a refused Done sends the focus to the first
  /// invalid field. That is the browsers' rule: Chromium selects a text field's whole text
  /// only when sequential navigation (Tab) focuses it, while autofocus at page load,
  /// script focus and the focus a refused submit gives the first invalid field restore
  /// the caret instead. (GTK selects on every focus grab unless told not to; we follow
  /// the browsers.) After a refused Done that matters most: the text there is the
  /// person's own mistake, mostly mended by a small edit, and a selection would make the
  /// first key typed throw it away.
  private func moveFromKeyboard(_ move: SheetMove) -> Request? {
    perform(.move(move, selecting: true))
  }

  /// An action on the sheet, shown: the rows it changed drawn again (with the header
  /// when an amount changed), what it says in the footer.
  private func perform(_ action: SheetAction) -> Request? {
    let outcome = sheet.perform(action)
    if outcome.relaid { relayAll() }
    if case .edit = action, !outcome.relaid, outcome.changed.allSatisfy({ $0 == sheet.focusedRow }) {
      // Only the field's draft changed: not its row's amount or value, not the total.
      if !outcome.changed.isEmpty { focusedFieldStale = true }
    } else {
      mark(outcome.changed)
    }
    switch outcome.finished {
    case .cancelled: return .cancelled(outcome.message?.text ?? "")
    case .done: return .done(force: false)
    case nil: break
    }
    if let message = outcome.message {
      say(message.text, style: message.isRefusal || Self.isWarning(message) ? [.red] : [])
    } else if case .move = action {
      showDraftProblem()
    } else if case .edit = action {
      showDraftProblem()
    }
    return nil
  }

  private static func isWarning(_ message: SheetMessage) -> Bool {
    if case .notAnAmount = message { return true }
    return false
  }

  /// Done: commits the focused field, refuses while a field holds an invalid draft
  /// (the focus goes to the first), then asks the loop to save once. After a conflict
  /// shown, Done again overwrites; after another failure, it closes with the edits kept.
  private func done() -> Request? {
    switch mode {
    case .conflictShown:
      let outcome = sheet.perform(.done)
      mark(outcome.changed)
      guard outcome.finished == .done else { return refused(outcome) }
      return .done(force: true)
    case .saveFailed:
      // The edits stay pending, as after a failed `dismiss`.
      return .closeUnsaved
    default:
      let outcome = sheet.perform(.done)
      mark(outcome.changed)
      guard outcome.finished == .done else { return refused(outcome) }
      return .done(force: false)
    }
  }

  /// Done refused: the focus goes to the first invalid field, its text not selected (see
  /// `moveFromKeyboard`), and the footer says why.
  private func refused(_ outcome: SheetOutcome) -> Request? {
    if let first = sheet.invalidFields.first?.holding, sheet.focusedHolding != first {
      let moved = sheet.perform(.move(.toPlace(first)))
      mark(moved.changed.isEmpty ? sheet.perform(.move(.to(first.currency))).changed : moved.changed)
    }
    if let message = outcome.message { say(message.text, style: [.red]) }
    return nil
  }

  private func mark(_ changed: [SheetRowID]) {
    for id in changed {
      if let row = sheet.index(of: id) { stale.insert(row) }
    }
    if !changed.isEmpty { headerStale = true }
  }

  /// The focused draft as it stands: the footer says why while it is not an amount.
  private func showDraftProblem() {
    if sheet.draft.allSatisfy({ $0 == " " }) {
      say("")
    } else if let problem = sheet.focusedDraftProblem {
      say(problem.text, style: [.red])
    } else if message.style.contains(.red) {
      say("")
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
    let focus = sheet.focus ?? 0
    let newTop = layout.top(keeping: focus, heading: heading(of: focus), from: top, rowCount: rowCount)
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
    for row in stale.rows where row >= top && row < bottom {
      drawRow(row)
    }
    if focusedFieldStale, let focus = sheet.focus, !stale.contains(focus), focus >= top, focus < bottom {
      drawFocusedField(focus)
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
    stale.removeAll()
    focusedFieldStale = false
    redrawAll = false
    headerStale = false
    footerStale = false
    screen.refresh(cursor: cursor())
  }

  /// For a place's row, the row of its currency (their sum): right above its places.
  private func heading(of row: Int) -> Int? {
    var index = row
    while index > 0, index < sheet.rows.count, sheet.rows[index].place != nil { index -= 1 }
    return index < row ? index : nil
  }

  private func drawHeader() {
    let status = SheetHeader.status(of: sheet, invalid: false)
    var style = ScreenStyle.bold
    switch status.style {
    case .plain: break
    case .partial: style.insert(.yellow)
    case .failed: style.insert(.red)
    }
    screen.clearLine(row: 0)
    screen.put((title + " · " + status.text).cut(to: layout.columns), row: 0, column: 0, style: style)
  }

  private func drawTitles() {
    let cells = layout.cells
    // The code's title may take the gap after the code (代码 is four columns).
    screen.put(tr("code").cut(to: FormLayout.codeWidth + 1), row: 1, column: cells.code, style: [.dim])
    if let name = cells.name { screen.put(tr("name").fitted(to: cells.nameWidth), row: 1, column: name, style: [.dim]) }
    screen.put(tr("amount").fitted(to: cells.fieldWidth), row: 1, column: cells.field, style: [.dim])
    let local = tr("in {code}", ["code": sheet.portfolio.local.code])
    screen.put(local.fitted(to: cells.valueWidth, alignRight: true), row: 1, column: cells.value, style: [.dim])
  }

  /// One row: marker, code, name, the field (the draft edited in place when focused, an
  /// invalid text in red, else the committed amount), the value in the local currency.
  private func drawRow(_ index: Int) {
    let id = sheet.rows[index]
    let row = SheetRow(id, of: sheet)
    let currency = row.currency
    let money = formatter.money(of: row, counters: sheet.ledger.counters)
    let line = FormLayout.headerLines + index - top
    let cells = layout.cells
    screen.clearLine(row: line)
    drawMarker(focused: row.focused, invalid: row.invalid, at: line)
    if let place = id.place {
      // A place's row: `@wise` from the code's column on, in the name's room too.
      let room = (cells.name.map { $0 + cells.nameWidth } ?? cells.field - 1) - cells.code - 1
      screen.put(
        ("@" + place.place.shown).cut(to: max(room, 1)), row: line, column: cells.code + 1,
        style: row.focused ? .bold : [])
    } else {
      screen.put(currency.code, row: line, column: cells.code, style: row.focused ? .bold : [])
      if let name = cells.name {
        screen.put(currency.name(in: output.names).cut(to: cells.nameWidth), row: line, column: name)
      }
    }
    if row.focused {
      drawField(at: line, column: cells.field, width: cells.fieldWidth)
    } else if let draft = row.draft {
      screen.put(draft.cut(to: cells.fieldWidth), row: line, column: cells.field, style: .red)
    } else {
      screen.put(money.amount.cut(to: cells.fieldWidth), row: line, column: cells.field)
    }
    screen.put(money.value.fitted(to: cells.valueWidth, alignRight: true), row: line, column: cells.value)
  }

  private static let invalidMarker: ScreenStyle = [.red, .bold]

  /// `>` on the focused row, `!` on a row left with an invalid draft; red when invalid.
  private func drawMarker(focused: Bool, invalid: Bool, at line: Int) {
    screen.put(focused ? ">" : (invalid ? "!" : " "), row: line, column: 0, style: invalid ? Self.invalidMarker : .bold)
  }

  /// What a keystroke in the focused field changes: the field, and its marker (red while
  /// the draft is not an amount). The rest of the row stays as drawn.
  private func drawFocusedField(_ index: Int) {
    // The row is drawn again, in part: counted as rendered (SPEC §7, a keystroke
    // re-renders its row alone).
    sheet.ledger.counters.rowsRendered += 1
    let line = FormLayout.headerLines + index - top
    let cells = layout.cells
    drawMarker(focused: true, invalid: sheet.isInvalid(sheet.rows[index]), at: line)
    drawField(at: line, column: cells.field, width: cells.fieldWidth)
  }

  /// The focused field, underlined to its full width (so it is padded). A selected text
  /// is drawn in reverse video, as terminals show a selection, and the blanks after it
  /// are not: the selection is the text, not the field.
  private func drawField(at line: Int, column: Int, width: Int) {
    let text = sheet.field.visible(width: width).text
    guard sheet.field.isSelected else {
      screen.put(text.fitted(to: width), row: line, column: column, style: .underline)
      return
    }
    let textWidth = DisplayWidth.of(text)
    screen.put(text, row: line, column: column, style: Self.selectedText)
    if textWidth < width {
      let blanks = String(repeating: " ", count: width - textWidth)
      screen.put(blanks, row: line, column: column + textWidth, style: .underline)
    }
  }

  private static let selectedText: ScreenStyle = [.underline, .reverse]

  private func drawFooter() {
    let keys = tr("↑↓ Tab Enter move · PgUp/PgDn · ^F jump · ^P add a place · ^Z undo · Esc cancel · ^D Done")
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
    if case .namingPlace = mode { return (layout.rows - 1, messageEnd) }
    if case .confirmingCancel = mode { return (layout.rows - 1, messageEnd) }
    guard let focus = sheet.focus, focus >= top, focus < top + layout.viewportHeight else { return nil }
    let cells = layout.cells
    return (FormLayout.headerLines + focus - top, cells.field + sheet.field.visible(width: cells.fieldWidth).cursor)
  }
}

/// Rows marked to be drawn again: each once, found through a flag per row index. A
/// keystroke marks one row; with a `Set` its hashing cost more than deciding which rows to
/// draw. A key that changes nothing (the rest of a long paste, refused) marks none and
/// finds none.
private struct RowMarks {
  private var flags: [Bool] = []
  /// The rows marked, in the order they were.
  private(set) var rows: [Int] = []

  mutating func insert(_ row: Int) {
    guard row >= 0 else { return }
    if row >= flags.count { flags += repeatElement(false, count: row + 1 - flags.count) }
    guard !flags[row] else { return }
    flags[row] = true
    rows.append(row)
  }

  func contains(_ row: Int) -> Bool {
    row >= 0 && row < flags.count && flags[row]
  }

  mutating func removeAll() {
    for row in rows { flags[row] = false }
    rows.removeAll(keepingCapacity: true)
  }
}

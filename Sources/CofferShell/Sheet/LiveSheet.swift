import CofferCore
import LineEditing
import Screen

/// The line sheet's view: on a terminal it is drawn when opened, then after each input
/// only the rows that changed and the status line; after the window was resized, all of
/// it again. Its rows come from the shared row model and formatter (`SheetRow`,
/// `SheetRowFormatter`), its header and status from `SheetHeader`, laid out here as lines.
/// Everything reads cached values; the only total read is the status line's, once per
/// input.
struct LiveSheet {
  private var formatter: SheetRowFormatter?
  /// The terminal's width, when rows are drawn on one: rows are laid out to fit it (the
  /// name shortened or dropped, nothing wrapping). nil: the full layout.
  private(set) var width: Int?
  /// The rows last drawn.
  private var drawnWindow: Set<SheetRowID> = []

  /// Rows shown around the focus when the window size is unknown (not a terminal).
  static let defaultWindow = 9

  /// Rows of the window around the focus: the terminal's height less the header, the
  /// status line and the prompt.
  static var windowHeight: Int {
    max(5, (Terminal.size()?.rows ?? defaultWindow + 4) - 4)
  }

  /// The rows in a window of `height` around the focus.
  static func window(of sheet: SheetController, height: Int) -> ArraySlice<SheetRowID> {
    let count = sheet.rows.count
    guard height < count else { return sheet.rows[...] }
    let center = sheet.focus ?? 0
    let start = max(0, min(center - height / 2, count - height))
    return sheet.rows[start..<start + height]
  }

  /// `show` printed these rows itself: they are what is on the screen now, laid out for
  /// the window as it is, so the redraw after the input need not print them again.
  mutating func noteShown(_ rows: some Sequence<SheetRowID>) {
    _ = Signals.takeWindowChange()
    drawnWindow = Set(rows)
  }

  /// Lays rows out for the terminal's width, now.
  mutating func fitToWindow() {
    width = Terminal.size()?.columns
  }

  /// A row as a line (for `show`, and the redraws).
  mutating func text(of row: SheetRowID, sheet: SheetController, output: Output) -> String {
    line(SheetRow(row, of: sheet), sheet: sheet, output: output)
  }

  /// Header (what the sheet is, its total), the rows in view, the status line.
  mutating func drawOpened(_ sheet: SheetController, _ output: Output) {
    fitToWindow()
    var header = SheetHeader.title(of: sheet) + " · " + SheetHeader.status(of: sheet, invalid: false).text
    if let width { header = DisplayWidth.cut(header, to: width) }
    output.line(output.styled(header, "1"))
    drawnWindow = []
    drawRows(sheet, output, all: true)
    output.line(statusLine(sheet, output))
  }

  /// After an input: the rows whose display changed (and rows newly in view), then the
  /// status line. A resized window is drawn whole, laid out for its new height.
  mutating func drawChanges(_ sheet: SheetController, _ output: Output) {
    if Signals.takeWindowChange() {
      drawOpened(sheet, output)
      return
    }
    drawRows(sheet, output, all: false)
    output.line(statusLine(sheet, output))
  }

  private mutating func drawRows(_ sheet: SheetController, _ output: Output, all: Bool) {
    let window = Self.window(of: sheet, height: Self.windowHeight)
    for id in window {
      let row = SheetRow(id, of: sheet)
      let changed = !(formatter?.isCurrent(row) ?? false)
      if changed || all || !drawnWindow.contains(id) {
        output.line(line(row, sheet: sheet, output: output))
      }
    }
    drawnWindow = Set(window)
  }

  /// `total ¥8,620.20 CNY · 2 unsaved · invalid: JPY`.
  private func statusLine(_ sheet: SheetController, _ output: Output) -> String {
    var line = SheetHeader.status(of: sheet, invalid: true).text
    if let width { line = DisplayWidth.cut(line, to: width) }
    return output.styled(line, "2")
  }

  /// The name column's width, the widest field and value, at full width.
  private static let nameWidth = 20
  private static let fieldWidth = 20
  private static let valueWidth = 18

  /// `> USD  US Dollar   [12.50]   ¥83.16`: the marker, the code, the name, the field
  /// (the draft in brackets when focused, an invalid one marked `!`, `—` for nothing),
  /// the value. In a narrow window the name gives way first (shortened, then left out),
  /// so that a row never wraps.
  private mutating func line(_ row: SheetRow, sheet: SheetController, output: Output) -> String {
    if formatter == nil { formatter = SheetRowFormatter(styledFor: output) }
    let money = formatter?.money(of: row, counters: sheet.ledger.counters) ?? .init(amount: "", value: "")
    let marker = row.focused ? ">" : (row.invalid ? "!" : " ")
    let field: String
    if let draft = row.draft {
      field = row.focused ? "[\(draft)]" + (row.invalid ? " !" : "") : "\(draft) !"
    } else {
      field = money.amount.isEmpty ? "—" : money.amount
    }
    let value = money.value
    let fixed = 7 + Self.fieldWidth + (value.isEmpty ? 0 : Self.valueWidth)
    var nameWidth = Self.nameWidth
    if let width { nameWidth = min(nameWidth, width - 1 - fixed) }
    var text = "\(marker) \(row.currency.code)  "
    if let place = row.id.place {
      // A place's row: its name where the currency's name is (the code says whose).
      text = "\(marker)   @"
      text += DisplayWidth.fit(place.place.shown, to: max(nameWidth, 6) + 2)
    } else if nameWidth >= 6 {
      // Cut and padded by display width: a Chinese name's characters take two columns.
      text += DisplayWidth.fit(row.currency.name(in: output.names), to: nameWidth)
    }
    let fieldWidth = TextTable.displayWidth(field)
    let valueWidth = TextTable.displayWidth(value)
    text += String(repeating: " ", count: max(1, Self.fieldWidth - fieldWidth)) + field
    return value.isEmpty ? text : text + String(repeating: " ", count: max(2, Self.valueWidth - valueWidth)) + value
  }
}

extension CommandContext {
  /// Whether the sheet is drawn live (an interactive session on a terminal).
  var drawsLiveSheet: Bool { options.interactive && output.isTerminal }
}

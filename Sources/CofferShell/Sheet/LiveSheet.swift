import CofferCore
import LineEditing
import Screen

/// The sheet on a terminal: drawn when opened, then after each input only the rows that
/// changed and the status line; after the window was resized, all of it again.
/// Everything here reads cached values; the only total read is the status line's, once
/// per input.
struct LiveSheet {
  var view = SheetView()
  /// The rows last drawn.
  private var drawnWindow: Set<Currency> = []

  /// Rows of the window around the focus: the terminal's height less the header, the
  /// status line and the prompt.
  static var windowHeight: Int {
    max(5, (Terminal.size()?.rows ?? SheetView.defaultWindow + 4) - 4)
  }

  /// `show` printed these rows itself: they are what is on the screen now, laid out for
  /// the window as it is, so the redraw after the input need not print them again.
  mutating func noteShown(_ rows: some Sequence<Currency>) {
    _ = Signals.takeWindowChange()
    drawnWindow = Set(rows)
  }

  /// Lays rows out for the terminal's width, now.
  mutating func fitToWindow() {
    view.width = Terminal.size()?.columns
  }

  /// Header (local currency, rates date, total), the rows in view, the status line.
  mutating func drawOpened(_ sheet: Sheet, _ ledger: Ledger, _ output: Output) {
    fitToWindow()
    let portfolio = sheet.portfolio
    let local = portfolio.local
    let ratesDate = Catalog.all.compactMap { portfolio.currentRate(of: $0)?.date }.max()
    var header = "sheet · local \(local.code) \(local.name(in: output.names))"
    if let dated = sheet.dated { header += " · as of \(dated.date)" }
    if let ratesDate { header += " · rates \(ratesDate)" }
    if case .success(let total) = portfolio.total() {
      header += " · total " + MoneyText.format(total.value, local, output: output)
    }
    if let width = view.width { header = DisplayWidth.cut(header, to: width) }
    output.line(output.styled(header, "1"))
    drawnWindow = []
    drawRows(sheet, ledger, output, all: true)
    output.line(Self.statusLine(sheet, ledger, output, width: view.width))
  }

  /// After an input: the rows whose display changed (and rows newly in view), then the
  /// status line. A resized window is drawn whole, laid out for its new height.
  mutating func drawChanges(_ sheet: Sheet, _ ledger: Ledger, _ output: Output) {
    if Signals.takeWindowChange() {
      drawOpened(sheet, ledger, output)
      return
    }
    drawRows(sheet, ledger, output, all: false)
    output.line(Self.statusLine(sheet, ledger, output, width: view.width))
  }

  private mutating func drawRows(_ sheet: Sheet, _ ledger: Ledger, _ output: Output, all: Bool) {
    let window = SheetView.window(of: sheet, height: Self.windowHeight)
    for currency in window {
      let newInView = !drawnWindow.contains(currency)
      if let text = view.changedText(of: currency, sheet: sheet, ledger: ledger, output: output) {
        output.line(text)
      } else if all || newInView {
        output.line(view.text(of: currency, sheet: sheet, ledger: ledger, output: output))
      }
    }
    drawnWindow = Set(window)
  }

  /// `total ¥8,620.20 · 2 unsaved`.
  static func statusLine(_ sheet: Sheet, _ ledger: Ledger, _ output: Output, width: Int? = nil) -> String {
    let portfolio = sheet.portfolio
    var parts: [String] = []
    switch portfolio.total() {
    case .success(let total):
      var text = "total " + MoneyText.format(total.value, total.local, output: output)
      if total.isPartial { text += " (partial: \(total.missingRates))" }
      parts.append(text)
    case .failure(let error):
      parts.append("total: \(error.description)")
    }
    let unsaved = ledger.pending.count
    parts.append(unsaved == 0 ? "saved" : "\(unsaved) unsaved")
    if !sheet.invalid.isEmpty {
      parts.append("invalid: " + sheet.rows.filter { sheet.invalid[$0] != nil }.map(\.code).joined(separator: " "))
    }
    var line = parts.joined(separator: " · ")
    if let width { line = DisplayWidth.cut(line, to: width) }
    return output.styled(line, "2")
  }
}

extension CommandContext {
  /// Whether the sheet is drawn live (an interactive session on a terminal).
  var drawsLiveSheet: Bool { options.interactive && output.isTerminal }
}

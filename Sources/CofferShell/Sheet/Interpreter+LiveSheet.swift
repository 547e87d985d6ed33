import CofferCore
import LineEditing

/// The sheet on a terminal: drawn when opened, then after each input only the rows that
/// changed and the status line. Everything here reads cached values; the only total read
/// is the status line's, once per input.
extension Interpreter {
  /// Whether the sheet is drawn live (an interactive session on a terminal).
  var drawsLiveSheet: Bool { options.interactive && output.isTerminal }

  /// Rows of the window around the focus: the terminal's height less the header, the
  /// status line and the prompt.
  var windowHeight: Int {
    max(5, (Terminal.size()?.rows ?? SheetView.defaultWindow + 4) - 4)
  }

  /// Header (local currency, rates date, total), the rows in view, the status line.
  public func drawSheetOpened() {
    guard drawsLiveSheet, let sheet else { return }
    let portfolio = ledger.portfolio
    let local = portfolio.local
    let ratesDate = Catalog.all.compactMap { portfolio.currentRate(of: $0)?.date }.max()
    var header = "sheet · local \(local.code) \(local.englishName)"
    if let ratesDate { header += " · rates \(ratesDate)" }
    if case .success(let total) = portfolio.total() {
      header += " · total " + MoneyText.format(total.value, local, output: output)
    }
    output.line(output.styled(header, "1"))
    drawnWindow = []
    drawSheetRows(sheet, all: true)
    output.line(statusLine())
  }

  /// After an input: the rows whose display changed (and rows newly in view), then the
  /// status line.
  public func drawSheetChanges() {
    guard drawsLiveSheet, let sheet else { return }
    drawSheetRows(sheet, all: false)
    output.line(statusLine())
  }

  private func drawSheetRows(_ sheet: Sheet, all: Bool) {
    let window = SheetView.window(of: sheet, height: windowHeight)
    for currency in window {
      let newInView = !drawnWindow.contains(currency)
      if let text = sheetView.changedText(of: currency, sheet: sheet, ledger: ledger, output: output) {
        output.line(text)
      } else if all || newInView {
        output.line(sheetView.text(of: currency, sheet: sheet, ledger: ledger, output: output))
      }
    }
    drawnWindow = Set(window)
  }

  /// `total ¥8,620.20 · 2 unsaved`.
  func statusLine() -> String {
    let portfolio = ledger.portfolio
    var parts: [String] = []
    switch portfolio.total() {
    case .success(let total):
      var text = "total " + MoneyText.format(total.value, total.local, output: output)
      if total.isPartial { text += " (partial: no rate for " + total.missing.map(\.code).joined(separator: ", ") + ")" }
      parts.append(text)
    case .failure(let error):
      parts.append("total: \(error.description)")
    }
    let unsaved = ledger.pending.count
    parts.append(unsaved == 0 ? "saved" : "\(unsaved) unsaved")
    if let sheet, !sheet.invalid.isEmpty {
      parts.append("invalid: " + sheet.rows.filter { sheet.invalid[$0] != nil }.map(\.code).joined(separator: " "))
    }
    return output.styled(parts.joined(separator: " · "), "2")
  }
}

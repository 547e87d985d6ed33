import CofferCore
import Screen
import Testing

@testable import CofferShell

/// A field entered from the keyboard shows its text selected, and the first character
/// typed replaces it (the manual's §4); the other editing keys drop the selection and
/// edit in place. Driven in-process on a scripted screen; the terminal's attributes are
/// checked under tmux (Tests/Interactive/form).
@Suite struct SheetFormSelectionTests {
  private func typing(_ text: String) -> [Key] { ScriptedScreen.typing(text) }

  /// A form opened on USD (empty) with EUR, the next row, holding 1500: the amount EUR
  /// holds after `keys` and Done.
  private func eurAfter(_ keys: [Key]) throws -> DecimalValue {
    let harness = try Harness()
    _ = harness.run("set EUR 1500; save")
    _ = harness.interpreter.openForm(on: ScriptedScreen(rows: 30, columns: 100, keys: keys + [.control("d")]))
    return harness.interpreter.ledger.portfolio.amount(of: Catalog.eur)
  }

  @Test func tabIntoAHeldFieldAndTypeReplacesItsAmount() throws {
    #expect(try eurAfter([.tab] + typing("1600") + [.tab]) == DecimalValue(1600))
    // Every key that enters a field from the keyboard selects its text.
    #expect(try eurAfter([.down] + typing("1600")) == DecimalValue(1600))
    #expect(try eurAfter([.enter] + typing("1600")) == DecimalValue(1600))
    #expect(try eurAfter([.tab, .tab, .backTab] + typing("1600")) == DecimalValue(1600))
    #expect(try eurAfter([.tab, .down, .up] + typing("1600")) == DecimalValue(1600))
    #expect(try eurAfter([.control("f")] + typing("eur") + [.enter] + typing("1600")) == DecimalValue(1600))
  }

  @Test func theOtherEditingKeysDropTheSelectionAndEditInPlace() throws {
    #expect(try eurAfter([.tab, .left] + typing("9")) == DecimalValue(15090))
    #expect(try eurAfter([.tab, .right] + typing("9")) == DecimalValue(15009))
    #expect(try eurAfter([.tab, .end] + typing("9")) == DecimalValue(15009))
    #expect(try eurAfter([.tab, .control("e")] + typing("9")) == DecimalValue(15009))
    #expect(try eurAfter([.tab, .home] + typing("2")) == DecimalValue(21500))
    #expect(try eurAfter([.tab, .control("a")] + typing("2")) == DecimalValue(21500))
    #expect(try eurAfter([.tab, .backspace]) == DecimalValue(150), "Backspace erases one character")
    #expect(try eurAfter([.tab, .backspace] + typing("9")) == DecimalValue(1509))
    #expect(try eurAfter([.tab, .delete] + typing("9")) == DecimalValue(15009))
    #expect(try eurAfter([.tab, .control("k")] + typing("9")) == DecimalValue(15009), "Ctrl-K cuts nothing at the end")
    #expect(try eurAfter([.tab, .control("u")] + typing("9")) == DecimalValue(9), "Ctrl-U cuts to the start")
  }

  @Test func theFieldTheFormOpensOnIsNotSelected() throws {
    let harness = try Harness()
    _ = harness.run("set USD 1500; save")
    let keys = typing("7") + [.control("d")]
    _ = harness.interpreter.openForm(on: ScriptedScreen(rows: 30, columns: 100, keys: keys))
    let usd = try #require(Catalog.currency("USD"))
    #expect(harness.interpreter.ledger.portfolio.amount(of: usd) == DecimalValue(15007), "7 added to 1500")
  }

  @Test func aRefusedDoneSendsTheFocusToTheInvalidFieldUnselected() throws {
    let harness = try Harness()
    // USD left invalid, then Tab to EUR and Done: refused, the focus goes back to USD,
    // where a key typed is added to the text, not put in its place.
    let keys = typing("12x") + [.tab, .control("d")] + typing("5")
    let screen = StyleRecordingScreen(ScriptedScreen(rows: 30, columns: 100, keys: keys + [.escape, .character("y")]))
    _ = harness.interpreter.openForm(on: screen)
    #expect(screen.inner.lines.contains { $0.hasPrefix("> USD") && $0.contains("12x5") })
    #expect(screen.reversed.isEmpty, "nothing was ever shown selected: \(screen.reversed)")
  }

  @Test func theSelectionIsDrawnInReverseVideoAtEveryWidth() throws {
    for columns in [100, 60, 30] {
      let harness = try Harness()
      _ = harness.run("set EUR 1500; save")
      let keys: [Key] = [.tab, .resize] + typing("1")
      let screen = StyleRecordingScreen(ScriptedScreen(rows: 30, columns: columns, keys: keys))
      screen.onReadKey = { key in
        switch key {
        case .tab:
          #expect(screen.reversed.isEmpty, "the field the form opens on is not selected (\(columns) columns)")
        case .resize, .character("1"):
          // After Tab: the text of the field, and only the text, in reverse video; drawn
          // again whole after the resize.
          #expect(screen.reversed == ["1500"], "\(columns) columns")
          screen.reversed.removeAll()
        default:
          break
        }
      }
      _ = harness.interpreter.openForm(on: screen)
      #expect(screen.reversed.isEmpty, "typing drops the selection (\(columns) columns)")
    }
  }

  /// A keystroke into a selected field costs what any keystroke costs: one row drawn, no
  /// total recomputed, nothing read.
  @Test func aKeystrokeIntoASelectedFieldCostsOneRow() throws {
    func counters(typing count: Int) throws -> Counters {
      let harness = try Harness()
      _ = harness.run("set EUR 1500; save")
      let keys = [.tab] + Array(repeating: Key.character("1"), count: count) + [.escape, .character("y")]
      _ = harness.interpreter.openForm(on: ScriptedScreen(rows: 30, columns: 100, keys: keys))
      return harness.interpreter.ledger.counters
    }
    let few = try counters(typing: 10)
    let many = try counters(typing: 100)
    #expect(many.rowsRendered - few.rowsRendered == 90)
    #expect(many.totalRecomputes == few.totalRecomputes)
    #expect(many.dbReads == few.dbReads)
  }
}

/// A scripted screen that keeps the texts put in reverse video (the selection), and runs
/// a check before handing over each key.
final class StyleRecordingScreen: FormScreen {
  let inner: ScriptedScreen
  var reversed: [String] = []
  var onReadKey: (Key) -> Void = { _ in }

  init(_ inner: ScriptedScreen) { self.inner = inner }

  var rows: Int { inner.rows }
  var columns: Int { inner.columns }
  func put(_ text: String, row: Int, column: Int, style: ScreenStyle) {
    if style.contains(.reverse) { reversed.append(text) }
    inner.put(text, row: row, column: column, style: style)
  }
  func clearLine(row: Int, from column: Int) { inner.clearLine(row: row, from: column) }
  func scroll(lines: Range<Int>, by count: Int) { inner.scroll(lines: lines, by: count) }
  func refresh(cursor: (row: Int, column: Int)?) { inner.refresh(cursor: cursor) }
  func readKey() -> Key? {
    let key = inner.readKey()
    if let key { onReadKey(key) }
    return key
  }
  func resize(rows: Int, columns: Int) { inner.resize(rows: rows, columns: columns) }
}

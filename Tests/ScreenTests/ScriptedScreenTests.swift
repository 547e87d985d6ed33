import CNCurses
import Testing

@testable import Screen

/// The in-memory screen the form's tests and benchmarks draw on: it must show what a
/// terminal would, or those tests would check the wrong thing.
@Suite struct ScriptedScreenTests {
  @Test func textLandsWhereItIsPutAndLaterWritesCoverEarlierOnes() {
    let screen = ScriptedScreen(rows: 3, columns: 10, keys: [])
    screen.put("hello", row: 0, column: 2)
    screen.put("XY", row: 0, column: 4)
    screen.put("far too long for the row", row: 1, column: 0)
    screen.put("nowhere", row: 5, column: 0)
    #expect(screen.lines == ["  heXYo", "far too lo", ""])
  }

  @Test func wideCharactersTakeTwoCellsAndAreNeverHalfShown() {
    let screen = ScriptedScreen(rows: 2, columns: 5, keys: [])
    screen.put("美元", row: 0, column: 0)
    #expect(screen.lines[0] == "美元")
    // A character over the right half of 美 blanks its left half; one that would not fit
    // at the right edge is not shown.
    screen.put("a", row: 0, column: 1)
    screen.put("ab港", row: 1, column: 2)
    #expect(screen.lines == [" a元", "  ab"])
  }

  @Test func clearingAndScrollingMoveWhatIsShown() {
    let screen = ScriptedScreen(rows: 4, columns: 8, keys: [])
    for row in 0..<4 { screen.put("row \(row)", row: row, column: 0) }
    screen.clearLine(row: 0, from: 3)
    #expect(screen.lines[0] == "row")
    screen.scroll(lines: 1..<4, by: 1)
    #expect(screen.lines == ["row", "row 2", "row 3", ""])
    screen.scroll(lines: 1..<4, by: -1)
    #expect(screen.lines == ["row", "", "row 2", "row 3"])
    screen.clearLine(row: 2)
    #expect(screen.lines[2] == "")
    screen.resize(rows: 2, columns: 4)
    #expect(screen.lines == ["", ""] && screen.rows == 2 && screen.columns == 4)
  }

  @Test func keysComeInOrderThenDoneThenCancelSoAFormAlwaysEnds() {
    let screen = ScriptedScreen(rows: 1, columns: 1, keys: ScriptedScreen.typing("1a") + [.down])
    let read = (0..<7).compactMap { _ in screen.readKey() }
    #expect(read == [.character("1"), .character("a"), .down, .control("d"), .escape, .character("y"), .control("d")])
  }
}

/// Keys as the terminal sends them, decoded: what the form's key table rests on.
@Suite struct KeyTests {
  @Test func controlBytesBecomeTheirKeys() {
    #expect(Key(scalar: "\t") == .tab)
    #expect(Key(scalar: "\r") == .enter && Key(scalar: "\n") == .enter)
    #expect(Key(scalar: "\u{7F}") == .backspace && Key(scalar: "\u{8}") == .backspace)
    #expect(Key(scalar: "\u{4}") == .control("d"))
    #expect(Key(scalar: "\u{1A}") == .control("z"))
    #expect(Key(scalar: "\u{1C}") == nil, "other control bytes are no key")
    #expect(Key(scalar: "中") == .character("中"))
  }

  @Test func cursesCodesBecomeTheirKeys() {
    #expect(Key(code: KEY_UP) == .up && Key(code: KEY_NPAGE) == .pageDown && Key(code: KEY_BTAB) == .backTab)
    #expect(Key(code: Key.controlHomeCode) == .controlHome && Key(code: Key.controlEndCode) == .controlEnd)
    #expect(Key(code: KEY_F0 + 10) == .function(10))
    #expect(Key(code: KEY_F0 + 13) == nil)
  }

  @Test func stylesCombineAsASet() {
    let style: ScreenStyle = [.red, .bold]
    #expect(style.contains(.red) && style.contains(.bold) && !style.contains(.dim))
    #expect(style == ScreenStyle.red.union(.bold))
  }
}

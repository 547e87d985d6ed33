import CofferCore
import Foundation
import Screen
import Testing

@testable import CofferShell

/// The full-screen form driven in-process on a scripted screen: what it shows, what the
/// keys do, and what each keystroke costs (the terminal itself is tested under tmux).
@Suite struct SheetFormTests {
  let temporary = TemporaryFolder()

  private func typing(_ text: String) -> [Key] { ScriptedScreen.typing(text) }

  private func row(_ code: String, in screen: ScriptedScreen) -> String? {
    screen.lines.first { $0.dropFirst(2).prefix(4) == code || $0.dropFirst(2).hasPrefix(code + " ") }
  }

  @Test func editsInPlaceCommitOnLeavingAndDoneSaves() throws {
    let harness = try Harness()
    let keys: [Key] = [.backspace] + typing("25") + [.left, .left] + typing("1") + [.enter] + typing("3") + [.up]
    let screen = ScriptedScreen(rows: 30, columns: 100, keys: keys)
    let printed = harness.interpreter.openForm(on: screen)
    // 125 × 6.6528822055 + 3 × 7.4326 = 831.61 + 22.2978
    #expect(printed == ["¥853.91 CNY (2 holdings)"])
    #expect(harness.interpreter.ledger.portfolio.amount(of: Catalog.currency("USD")!) == DecimalValue(125))
    #expect(harness.interpreter.ledger.pending.isEmpty, "Done saved")
    #expect(screen.lines[0] == "Coffer sheet · local CNY · rates 2026-10-30 · total ¥853.91 CNY · 2 unsaved")
    #expect(
      row("USD", in: screen)
        == "> USD  US Dollar" + String(repeating: " ", count: 42) + "125" + String(repeating: " ", count: 32)
        + "¥831.61")
  }

  @Test func doneCountsWhatAnotherSessionSavedMeanwhile() throws {
    let path = temporary.path + "/form.db"
    let harness = try Harness(location: .file(path))
    _ = harness.run("set USD 1; save")
    // While the form is open (it reads nothing from the store), another session saves EUR.
    let other = try Ledger(location: .file(path), today: CalendarDate(year: 2026, month: 11, day: 22)!)
    other.commit(DecimalValue(10), of: Catalog.eur)
    try other.save()
    other.close()
    let screen = ScriptedScreen(rows: 30, columns: 100, keys: [.control("u")] + typing("2") + [.control("d")])
    let printed = harness.interpreter.openForm(on: screen)
    // 2 × 6.6528822055 + 10 × 7.4326 (EUR): the total Done prints has both.
    #expect(printed == ["¥87.63 CNY (2 holdings)"])
  }

  @Test func invalidTextIsKeptAndMarkedAndDoneRefusedUntilFixed() throws {
    let harness = try Harness()
    let keys: [Key] =
      typing("1O0") + [.tab, .control("d")] + [.control("u")] + typing("100") + [.tab, .control("d")]
    var shown: [String] = []
    let screen = RecordingScreen(ScriptedScreen(rows: 30, columns: 100, keys: keys))
    let printed = harness.interpreter.openForm(on: screen)
    #expect(printed == ["¥665.29 CNY (1 holding)"])
    shown = screen.shown.flatMap { $0 }
    #expect(shown.contains { $0.hasPrefix("! USD  US Dollar") && $0.contains("1O0") }, "the invalid text stays, marked")
    #expect(shown.contains { $0.hasPrefix("USD: malformed number '1O0'") }, "named as typed")
    #expect(
      shown.contains {
        $0.hasPrefix("cannot finish: invalid drafts in USD ('1O0': malformed number '1O0'); fix them or cancel")
      }, "Done refused in the words the line sheet's dismiss uses")
  }

  @Test func narrowWindowsShortenNamesAndNothingIsWiderThanTheWindow() throws {
    let harness = try Harness()
    _ = harness.run("set JPY 12000")
    let screen = ScriptedScreen(rows: 15, columns: 60, keys: [.escape])
    _ = harness.interpreter.openForm(on: screen, focus: Catalog.currency("JPY"))
    #expect(screen.lines.allSatisfy { $0.count <= 60 })
    #expect(screen.lines[0] == "Coffer sheet · local CNY · rates 2026-10-30 · total ¥507.69…")
    #expect(row("JPY", in: screen)?.hasPrefix("> JPY  Japanese…") == true)
    #expect(screen.lines[13].hasPrefix("↑↓ Tab Enter move"))
    let tiny = ScriptedScreen(rows: 8, columns: 30, keys: [.escape])
    _ = harness.interpreter.openForm(on: tiny)
    #expect(tiny.lines.allSatisfy { $0.count <= 30 })
    #expect(tiny.lines[1] == "  code amount           in CNY", "no name column at 30 columns")
    #expect(row("JPY", in: tiny) == "  JPY  JP¥12,000       ¥507.69")
  }

  @Test func tinyWindowsNeverCrashAndStillTakeEdits() throws {
    for (rows, columns) in [(1, 1), (3, 10), (5, 20), (2, 200)] {
      let harness = try Harness()
      let keys: [Key] = typing("12") + [.down, .pageDown, .pageUp, .up, .control("d")]
      let printed = harness.interpreter.openForm(on: ScriptedScreen(rows: rows, columns: columns, keys: keys))
      #expect(printed == ["¥79.83 CNY (1 holding)"], "\(rows)x\(columns)")
    }
  }

  @Test func cancelRevertsEveryCommitOfTheForm() throws {
    let harness = try Harness()
    _ = harness.run("set GBP 2; save")
    let keys: [Key] = typing("40") + [.down] + typing("7") + [.down, .escape, .character("y")]
    let printed = harness.interpreter.openForm(on: ScriptedScreen(rows: 30, columns: 100, keys: keys))
    #expect(printed == ["cancelled: 2 changes discarded (USD, EUR)"])
    #expect(harness.interpreter.ledger.pending.isEmpty)
    #expect(harness.interpreter.ledger.portfolio.held == [Catalog.currency("GBP")!])
  }

  /// Moving the focus out of view scrolls the rows still shown and draws only the rows
  /// uncovered; what is on the screen is then exactly what a full redraw shows.
  @Test func scrollingDrawsOnlyUncoveredRowsAndShowsWhatAFullRedrawShows() throws {
    let harness = try Harness()
    _ = harness.run("set JPY 12000; set CHF 3")
    var keys: [Key] = typing("5")
    // Down past the bottom one row at a time (with an edit on the way), then back up,
    // then by pages: after each stretch a same-size resize redraws everything.
    keys += Array(repeating: .down, count: 12) + typing("7") + Array(repeating: .down, count: 20) + [.resize]
    keys += Array(repeating: .up, count: 25) + [.resize]
    keys += [.pageDown, .resize, .pageDown, .down, .resize, .pageUp, .up, .up, .resize, .controlEnd, .resize]
    keys += [.controlHome, .resize, .escape, .character("y")]
    let screen = RecordingScreen(ScriptedScreen(rows: 15, columns: 80, keys: keys))
    _ = harness.interpreter.openForm(on: screen)
    // A resize to the same size redraws everything: the screen before it, reached by
    // scrolling, must be exactly the screen after it.
    #expect(screen.resizes.count == 7)
    for (stretch, before) in screen.resizes.enumerated() {
      #expect(before + 1 < screen.shown.count)
      guard before + 1 < screen.shown.count else { break }
      #expect(screen.shown[before] == screen.shown[before + 1], "scrolled screen \(stretch) differs from a full redraw")
    }
    // Scrolling one row at a time draws one new row and the two whose focus changed,
    // not the whole viewport (11 rows here).
    let oneAtATime = try Harness()
    let downs = ScriptedScreen(rows: 15, columns: 80, keys: Array(repeating: .down, count: 30) + [.escape])
    let start = oneAtATime.interpreter.ledger.counters.rowsRendered
    _ = oneAtATime.interpreter.openForm(on: downs)
    let rendered = oneAtATime.interpreter.ledger.counters.rowsRendered - start
    #expect(rendered <= 11 + 30 * 3, "rows rendered for 30 moves: \(rendered)")
  }

  /// A place's row is never shown without its currency's row (their sum) above it: back
  /// from the bottom of the sheet to USD's first place, the viewport shows USD too.
  @Test func aPlaceRowIsShownWithItsCurrencysRow() throws {
    let harness = try Harness()
    _ = harness.run("set USD@wise 100; set USD@cash 20; save")
    let screen = ScriptedScreen(rows: 15, columns: 80, keys: [.backTab, .tab, .escape])
    _ = harness.interpreter.openForm(on: screen)
    #expect(screen.lines[2].hasPrefix("  USD  US Dollar"), "\(screen.lines)")
    #expect(screen.lines[3].hasPrefix(">  @cash"), "\(screen.lines)")
    #expect(screen.lines[4].hasPrefix("   @wise"), "\(screen.lines)")
  }

  /// A keystroke in a field draws that field and its marker alone. What the screen then
  /// shows is what a full redraw shows, the marker's colour included: red while the
  /// draft is not an amount, and no longer once it is again.
  @Test func aKeystrokeDrawsItsFieldAsAFullRedrawWould() throws {
    let harness = try Harness()
    _ = harness.run("set USD 125")
    // After each stretch of keys, a resize to the same size redraws everything.
    var keys: [Key] = [.end] + typing("5") + [.resize] + typing("x") + [.resize]
    keys += [.left] + typing("9") + [.resize] + [.end, .backspace, .resize, .escape, .character("y")]
    let screen = MarkerRecordingScreen(ScriptedScreen(rows: 15, columns: 80, keys: keys))
    _ = harness.interpreter.openForm(on: screen)
    #expect(screen.resizes.count == 4)
    for before in screen.resizes where before + 1 < screen.shown.count {
      #expect(screen.shown[before].lines == screen.shown[before + 1].lines, "keystrokes drew \(screen.shown[before])")
      #expect(screen.shown[before].markers == screen.shown[before + 1].markers)
    }
    let usd = try #require(screen.shown.last?.lines.firstIndex { $0.hasPrefix("> USD") })
    let fields = screen.resizes.map { screen.shown[$0].lines[usd] }
    let red = screen.resizes.map { screen.shown[$0].markers[usd]?.contains(.red) == true }
    #expect(fields[0].contains("1255 ") && fields[1].contains("1255x"))
    #expect(fields[2].contains("12559x") && fields[3].contains("12559 "))
    #expect(red == [false, true, true, false], "the marker is red while the draft is not an amount")
  }

  /// A keystroke renders one row and recomputes no total; a commit recomputes it once.
  @Test func aKeystrokeCostsOneRowAndACommitOneTotal() throws {
    func counters(typing count: Int, commits: Int) throws -> Counters {
      let harness = try Harness()
      var keys: [Key] = []
      for _ in 0..<commits { keys += typing("1") + [.down] }
      keys += Array(repeating: .character("1"), count: count)
      _ = harness.interpreter.openForm(
        on: ScriptedScreen(rows: 30, columns: 100, keys: keys + [.escape, .character("y")]))
      return harness.interpreter.ledger.counters
    }
    let few = try counters(typing: 10, commits: 1)
    let many = try counters(typing: 100, commits: 1)
    #expect(many.rowsRendered - few.rowsRendered == 90)
    #expect(many.totalRecomputes == few.totalRecomputes)
    #expect(many.dbReads == few.dbReads)
    let moreCommits = try counters(typing: 10, commits: 5)
    #expect(moreCommits.totalRecomputes - few.totalRecomputes == 4 * 1)
  }
}

/// A paste far longer than any amount: the field takes the first `FieldEditor.capacity`
/// characters and refuses the rest at once, saying so; the work stays bounded (a row
/// drawn per character taken, nothing per character refused), not quadratic in the paste.
@Suite struct SheetFormPasteTests {
  @Test func aHundredKilobytePasteIsCutAtTheCapWithAMessageAndBoundedWork() throws {
    let harness = try Harness()
    let pasted = String(repeating: "1234567890", count: 10_000)
    #expect(pasted.utf8.count == 100_000)
    let keys = ScriptedScreen.typing(pasted) + [.control("u")] + ScriptedScreen.typing("12") + [.enter]
    let screen = CountingScreen(ScriptedScreen(rows: 30, columns: 100, keys: keys))
    var footers: [String] = []
    screen.onRefresh = { footer in footers.append(footer) }
    let before = harness.interpreter.ledger.counters.rowsRendered
    let printed = harness.interpreter.openForm(on: screen)
    let rendered = harness.interpreter.ledger.counters.rowsRendered - before
    // Cut at the cap, with the footer saying why, while the rest was refused.
    let capped = footers.firstIndex {
      $0.contains("USD: a field takes at most 1,024 characters; the rest was not taken")
    }
    #expect(capped == FieldEditor.capacity + 1, "the message comes with the first key refused")
    // Ctrl-U then "12" Enter: the field was usable again at once, and commits 12.
    #expect(printed == ["¥79.83 CNY (1 holding)"])
    #expect(harness.interpreter.ledger.portfolio.amount(of: Catalog.currency("USD")!) == DecimalValue(12))
    // Bounded work: a row per character taken (and the few moves and edits after), none
    // for the 98,976 refused; what was written to the screen in all is a few screens'
    // worth per character taken, never the paste's length per key.
    #expect(rendered <= FieldEditor.capacity + 50, "rows rendered: \(rendered)")
    #expect(screen.charactersPut <= (FieldEditor.capacity + 50) * 400, "characters drawn: \(screen.charactersPut)")
  }

  @Test func controlCharactersAreNotTakenIntoAField() throws {
    let harness = try Harness()
    let keys: [Key] = [.character("1"), .character("\u{9B}"), .character("\u{202E}"), .character("2"), .enter]
    _ = harness.interpreter.openForm(on: ScriptedScreen(rows: 30, columns: 100, keys: keys))
    #expect(harness.interpreter.ledger.portfolio.amount(of: Catalog.currency("USD")!) == DecimalValue(12))
  }

  @Test func aFullFieldStillErasesAndMovesAndTheJumpQueryIsCappedToo() throws {
    var editor = FieldEditor(String(repeating: "9", count: FieldEditor.capacity))
    #expect(editor.isFull)
    let atEnd = editor.insert("1")
    #expect(!atEnd)
    #expect(editor.text.count == FieldEditor.capacity)
    editor.home()
    let atStart = editor.insert("1")
    #expect(!atStart, "full wherever the cursor is")
    editor.delete()
    let afterDelete = editor.insert("1")
    #expect(afterDelete)
    #expect(editor.text == "1" + String(repeating: "9", count: FieldEditor.capacity - 1))
    // The text follows the characters exactly, combining marks typed apart included.
    var accented = FieldEditor()
    for character in ["e", "\u{301}", "x"] as [Character] { accented.insert(character) }
    accented.backspace()
    #expect(accented.text == "e\u{301}")
    accented.backspace()
    #expect(accented.text == "e")
    #expect(accented.characters == ["e"])

    let harness = try Harness()
    let keys: [Key] = [.control("f")] + ScriptedScreen.typing(String(repeating: "x", count: 5_000)) + [.escape]
    let screen = CountingScreen(ScriptedScreen(rows: 30, columns: 100, keys: keys))
    var footers: [String] = []
    screen.onRefresh = { footer in footers.append(footer) }
    _ = harness.interpreter.openForm(on: screen)
    #expect(footers.contains { $0.hasPrefix("jump to: a field takes at most 1,024 characters") })
  }
}

/// A scripted screen that counts the characters put on it and hands over the footer's
/// last line at each refresh (reading the whole screen at each of 100,000 keys would be
/// the test's own quadratic cost).
final class CountingScreen: FormScreen {
  let inner: ScriptedScreen
  private(set) var charactersPut = 0
  private var footer = ""
  var onRefresh: (String) -> Void = { _ in }

  init(_ inner: ScriptedScreen) { self.inner = inner }

  var rows: Int { inner.rows }
  var columns: Int { inner.columns }
  func put(_ text: String, row: Int, column: Int, style: ScreenStyle) {
    charactersPut += text.utf8.count
    if row == rows - 1 { footer += text }
    inner.put(text, row: row, column: column, style: style)
  }
  func clearLine(row: Int, from column: Int) {
    if row == rows - 1 && column == 0 { footer = "" }
    inner.clearLine(row: row, from: column)
  }
  func scroll(lines: Range<Int>, by count: Int) { inner.scroll(lines: lines, by: count) }
  func refresh(cursor: (row: Int, column: Int)?) { onRefresh(footer) }
  func readKey() -> Key? { inner.readKey() }
  func resize(rows: Int, columns: Int) { inner.resize(rows: rows, columns: columns) }
}

/// A scripted screen that keeps what it showed at every refresh, and, for each resize
/// key read, the refresh just before it (the form draws once per key it reads).
final class RecordingScreen: FormScreen {
  let inner: ScriptedScreen
  private(set) var shown: [[String]] = []
  private(set) var resizes: [Int] = []

  init(_ inner: ScriptedScreen) { self.inner = inner }

  var rows: Int { inner.rows }
  var columns: Int { inner.columns }
  func put(_ text: String, row: Int, column: Int, style: ScreenStyle) {
    inner.put(text, row: row, column: column, style: style)
  }
  func clearLine(row: Int, from column: Int) { inner.clearLine(row: row, from: column) }
  func scroll(lines: Range<Int>, by count: Int) { inner.scroll(lines: lines, by: count) }
  func refresh(cursor: (row: Int, column: Int)?) { shown.append(inner.lines) }
  func readKey() -> Key? {
    let key = inner.readKey()
    if key == .resize { resizes.append(shown.count - 1) }
    return key
  }
  func resize(rows: Int, columns: Int) { inner.resize(rows: rows, columns: columns) }
}

/// A scripted screen that keeps, at every refresh, the lines shown and the style of each
/// line's marker (what was last put in its first column), and, for each resize key read,
/// the refresh just before it.
final class MarkerRecordingScreen: FormScreen {
  let inner: ScriptedScreen
  private var markers: [Int: ScreenStyle] = [:]
  private(set) var shown: [(lines: [String], markers: [Int: ScreenStyle])] = []
  private(set) var resizes: [Int] = []

  init(_ inner: ScriptedScreen) { self.inner = inner }

  var rows: Int { inner.rows }
  var columns: Int { inner.columns }
  func put(_ text: String, row: Int, column: Int, style: ScreenStyle) {
    if column == 0 { markers[row] = style }
    inner.put(text, row: row, column: column, style: style)
  }
  func clearLine(row: Int, from column: Int) {
    if column == 0 { markers[row] = nil }
    inner.clearLine(row: row, from: column)
  }
  func scroll(lines: Range<Int>, by count: Int) { inner.scroll(lines: lines, by: count) }
  func refresh(cursor: (row: Int, column: Int)?) { shown.append((inner.lines, markers)) }
  func readKey() -> Key? {
    let key = inner.readKey()
    if key == .resize { resizes.append(shown.count - 1) }
    return key
  }
  func resize(rows: Int, columns: Int) {
    markers = [:]
    inner.resize(rows: rows, columns: columns)
  }
}

import CofferCore
import Screen
import Testing

@testable import CofferShell

/// The form and the line sheet are two views of one sheet controller: the same actions
/// are refused, warned of and reported in the same words in both (the form in its footer
/// or as what the prompt prints after it, the line sheet as errors and lines).
@Suite struct SheetWordsTests {
  private func typing(_ text: String) -> [Key] { ScriptedScreen.typing(text) }

  /// What the line sheet said for each statement, in order: its output lines, and its
  /// errors without the place they name (`t:1:1: error: `).
  private func lineSheet(_ statements: [String], before: String? = nil) throws -> [String] {
    let harness = try Harness()
    if let before { #expect(harness.run(before).err == "") }
    harness.interpreter.options.interactive = true
    var said: [String] = []
    for statement in statements {
      let (out, err) = harness.run(statement)
      said += out.split(separator: "\n").map(String.init)
      for line in err.split(separator: "\n") {
        guard let start = line.range(of: ": error: ")?.upperBound else {
          Issue.record("not an error: \(line)")
          continue
        }
        said.append(String(line[start...]))
      }
    }
    return said
  }

  /// What the form's footer said, each message once as it appeared, then what the
  /// prompt printed after it.
  private func form(_ keys: [Key], before: String? = nil) throws -> (footer: [String], printed: [String]) {
    let harness = try Harness()
    if let before { #expect(harness.run(before).err == "") }
    let screen = RecordingScreen(ScriptedScreen(rows: 30, columns: 160, keys: keys))
    let printed = harness.interpreter.openForm(on: screen)
    var footer: [String] = []
    for lines in screen.shown {
      guard let last = lines.last else { continue }
      let message = String(last.reversed().drop { $0 == " " }.reversed())
      if !message.isEmpty && footer.last != message { footer.append(message) }
    }
    return (footer, printed)
  }

  @Test func anInvalidDraftLeftBehindAndARefusedDoneAreSaidAlike() throws {
    let left = "USD: invalid amount '1O0': malformed number '1O0'; the draft stays on USD"
    let refused = "cannot finish: invalid drafts in USD ('1O0': malformed number '1O0'); fix them or cancel"
    // The invalid text left on USD is a change the sheet would discard.
    let discarded = "cancelled: 1 change discarded (USD)"
    #expect(try lineSheet(["open --lines USD", "1O0", "next", "dismiss", "cancel"]) == [left, refused, discarded])
    let shown = try form(typing("1O0") + [.tab, .control("d"), .escape, .character("y")])
    // The form also says, key by key, why the draft is not yet an amount.
    #expect(
      shown.footer == [
        "USD: malformed number '1O'", "USD: malformed number '1O0'", left, refused, "discard 1 change? (y/n)",
      ])
    #expect(shown.printed == [discarded])
  }

  @Test func undoAndCancelAreReportedAlike() throws {
    let nothing = "nothing to undo in this sheet session"
    let undone = "USD is back to 5"
    #expect(
      try lineSheet(["open --lines USD", "undo", "7", "next", "undo", "cancel"], before: "set USD 5")
        == [nothing, undone, "cancelled: no changes"])
    let shown = try form(
      [.control("z"), .control("u")] + typing("7") + [.tab, .control("z"), .escape], before: "set USD 5")
    #expect(shown.footer == [nothing, undone])
    #expect(shown.printed == ["cancelled: no changes"])
  }

  @Test func aCancelThatDiscardsNamesTheChangesAlike() throws {
    let discarded = "cancelled: 1 change discarded (USD)"
    #expect(try lineSheet(["open --lines USD", "9", "next", "cancel"]) == [discarded])
    let shown = try form([.control("u")] + typing("9") + [.tab, .escape, .character("y")])
    #expect(shown.footer == ["discard 1 change? (y/n)"])
    #expect(shown.printed == [discarded])
  }
}

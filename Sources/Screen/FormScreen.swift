/// What the form draws on and reads keys from: the terminal through ncurses, or a
/// scripted screen (tests and benchmarks drive the form in-process with one).
package protocol FormScreen: AnyObject {
  var rows: Int { get }
  var columns: Int { get }
  func put(_ text: String, row: Int, column: Int, style: ScreenStyle)
  func clearLine(row: Int, from column: Int)
  /// Moves the text of `lines` up (`count` > 0) or down by `count` lines, blanking the
  /// lines uncovered.
  func scroll(lines: Range<Int>, by count: Int)
  func refresh(cursor: (row: Int, column: Int)?)
  /// The next key, or nil when none came within a short wait.
  func readKey() -> Key?
  func resize(rows: Int, columns: Int)
}

extension FormScreen {
  package func clearLine(row: Int) { clearLine(row: row, from: 0) }
  package func put(_ text: String, row: Int, column: Int) { put(text, row: row, column: column, style: []) }
}

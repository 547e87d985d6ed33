import CNCurses

#if canImport(Glibc)
  import Glibc
#endif

/// The whole terminal, taken for a full-screen view through ncurses and given back as it
/// was. ncurses keeps what is on the screen and what should be, so a redraw sends only
/// the characters that changed.
///
/// Taking the screen switches to the terminal's alternate screen and puts the terminal
/// in raw mode (so Ctrl-C, Ctrl-Z and Ctrl-D arrive as keys); `close` undoes both, and
/// must be called on every way out.
package final class CursesScreen: FormScreen {
  package private(set) var rows: Int
  package private(set) var columns: Int
  private var open = true
  private let terminal: OpaquePointer

  /// Takes the terminal on stdin and stdout; nil when ncurses cannot (no terminal, or
  /// one terminfo does not know: `TERM=xterm-kitty` on a machine without its entry).
  package init?() {
    guard isatty(0) == 1, isatty(1) == 1 else { return nil }
    // ncurses waits this long after an Escape for the rest of a key's sequence.
    setenv("ESCDELAY", "40", 0)
    guard let terminal = coffer_new_terminal() else { return nil }
    self.terminal = terminal
    raw()
    noecho()
    nonl()
    keypad(coffer_stdscr(), true)
    // Reads wait at most 100 ms, so signals (a resize, SIGTERM) are seen promptly.
    timeout(100)
    if has_colors() {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_RED), -1)
      init_pair(2, Int16(COLOR_YELLOW), -1)
      init_pair(3, Int16(COLOR_GREEN), -1)
    }
    // Ctrl-Home and Ctrl-End as xterm and tmux send them.
    define_key("\u{1B}[1;5H", Key.controlHomeCode)
    define_key("\u{1B}[1;5F", Key.controlEndCode)
    rows = Int(coffer_rows())
    columns = Int(coffer_columns())
  }

  deinit { close() }

  /// Gives the terminal back: the normal screen, cooked mode, echo, the cursor.
  package func close() {
    guard open else { return }
    open = false
    curs_set(1)
    endwin()
    delscreen(terminal)
  }

  /// After a resize: the new size (from the terminal) is taken, and everything is drawn
  /// again by the caller.
  package func resize(rows newRows: Int, columns newColumns: Int) {
    resizeterm(Int32(newRows), Int32(newColumns))
    rows = Int(coffer_rows())
    columns = Int(coffer_columns())
    clear()
  }

  // MARK: - Drawing

  /// Writes `text` at a row from `column`, in `style`; the caller keeps it to the width.
  package func put(_ text: String, row: Int, column: Int, style: ScreenStyle = []) {
    guard row >= 0, row < rows, column >= 0, column < columns else { return }
    let attributes = style.attributes
    if attributes != 0 { coffer_attr_on(attributes) }
    _ = coffer_move_add(Int32(row), Int32(column), text)
    if attributes != 0 { coffer_attr_off(attributes) }
  }

  /// Blanks a row from `column` to its end.
  package func clearLine(row: Int, from column: Int = 0) {
    guard row >= 0, row < rows else { return }
    _ = coffer_move(Int32(row), Int32(min(column, columns - 1)))
    _ = coffer_clear_to_end_of_line()
  }

  /// Moves the text of `lines` up (`count` > 0) or down by `count` lines; the lines
  /// uncovered are blank. ncurses sends the terminal a scroll where it can, and the
  /// caller draws only the uncovered lines.
  package func scroll(lines: Range<Int>, by count: Int) {
    guard !lines.isEmpty, lines.lowerBound >= 0, lines.upperBound <= rows else { return }
    let window = coffer_stdscr()
    _ = wsetscrreg(window, Int32(lines.lowerBound), Int32(lines.upperBound - 1))
    _ = scrollok(window, true)
    _ = wscrl(window, Int32(count))
    _ = scrollok(window, false)
    _ = wsetscrreg(window, 0, Int32(rows - 1))
  }

  /// Shows the cursor at a place (or hides it), then sends what changed to the terminal.
  package func refresh(cursor: (row: Int, column: Int)?) {
    if let cursor, cursor.row < rows, cursor.column < columns {
      curs_set(1)
      _ = coffer_move(Int32(cursor.row), Int32(cursor.column))
    } else {
      curs_set(0)
    }
    CNCurses.refresh()
  }

  // MARK: - Keys

  /// The next key, or nil when none came within the read timeout.
  package func readKey() -> Key? {
    var character: wint_t = 0
    let kind = get_wch(&character)
    switch kind {
    case KEY_CODE_YES:
      return Key(code: Int32(character))
    case OK:
      let value = UInt32(character)
      if value == 27 {
        // Escape alone, or Alt held with a key: the key follows at once.
        nodelay(coffer_stdscr(), true)
        defer { timeout(100) }
        var next: wint_t = 0
        if get_wch(&next) == OK, let scalar = Unicode.Scalar(UInt32(next)) { return .alt(Character(scalar)) }
        return .escape
      }
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return Key(scalar: scalar)
    default:
      return nil
    }
  }
}

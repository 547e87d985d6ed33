import CEditLine
import CSignalFlags

/// Signals as flags: the handlers only record them; the shell acts on them between
/// lines and statements, where it is safe to save and exit.
public enum Signals {
  /// SIGTERM and SIGHUP always; SIGINT too for the interactive shell (in a script it
  /// keeps its default, ending the run).
  public static func install(catchInterrupt: Bool) {
    coffer_install_signal_handlers(catchInterrupt ? 1 : 0)
  }

  /// The signal received since the last call, or 0; clears it.
  public static func take() -> Int32 {
    coffer_take_signal()
  }

  /// The signal received and not yet taken, or 0.
  public static var pending: Int32 {
    coffer_peek_signal()
  }

  /// Whether the window was resized since the last call.
  public static func takeWindowChange() -> Bool {
    coffer_take_window_change() != 0
  }
}

/// The terminal on stdout.
public enum Terminal {
  /// Rows and columns, or nil when stdout is not a terminal.
  public static func size() -> (rows: Int, columns: Int)? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard coffer_terminal_size(1, &rows, &columns) == 1, rows > 0, columns > 0 else { return nil }
    return (Int(rows), Int(columns))
  }

  /// The locale from the environment, with a UTF-8 fallback for characters.
  public static func setLocale() {
    coffer_set_locale()
  }
}

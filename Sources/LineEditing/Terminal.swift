import CEditLine
import CSignalFlags

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal on stdout.
package enum Terminal {
  /// Rows and columns, or nil when stdout is not a terminal.
  package static func size() -> (rows: Int, columns: Int)? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard coffer_terminal_size(1, &rows, &columns) == 1, rows > 0, columns > 0 else { return nil }
    return (Int(rows), Int(columns))
  }

  /// The locale from the environment, with a UTF-8 fallback for characters.
  package static func setLocale() {
    coffer_set_locale()
  }
}

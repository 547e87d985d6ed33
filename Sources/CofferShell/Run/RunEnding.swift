/// How a whole run ended.
package enum RunEnding: Equatable, Sendable {
  /// The input ended (EOF, Ctrl-D). `failed` when a statement of a script failed; an
  /// interactive session succeeds whatever it met, as psql and sqlite3 do.
  case finished(failed: Bool)
  case stopped(StopReason)
  /// Edits could not be saved and were printed for the person to run again.
  case editsLost
}

/// Why a run stops before its input ends. It travels up from the statement that caused
/// it; only the `coffer` executable turns it into an exit status.
package enum StopReason: Equatable, Sendable {
  /// A statement or assertion failed (and the run does not keep going).
  case statementFailed
  /// The command line asked for something impossible (an unreadable script).
  case usage
  /// The store cannot be opened, read or written.
  case storeFailed
  /// `quit`, with the status it was given (or the one it chose).
  case quit(Int32)
  /// SIGTERM or SIGHUP (SIGINT in a script): the run saved what it could and stops.
  case signal(Int32)
}

/// What the caller of `execute` should do next.
package enum Flow: Equatable, Sendable {
  case proceed
  case stop(StopReason)
}

/// How a whole run ended.
package enum RunEnding: Equatable, Sendable {
  /// The input ended (EOF, Ctrl-D). `failed` when a statement of a script failed; an
  /// interactive session succeeds whatever it met, as psql and sqlite3 do.
  case finished(failed: Bool)
  case stopped(StopReason)
  /// Edits could not be saved and were printed for the person to run again.
  case editsLost
}

/// Why a run stops before its input ends. It travels up from the statement that caused
/// it; only the `coffer` executable turns it into an exit status.
package enum StopReason: Equatable, Sendable {
  /// A statement or assertion failed (and the run does not keep going).
  case statementFailed
  /// The command line asked for something impossible (an unreadable script).
  case usage
  /// The store cannot be opened, read or written.
  case storeFailed
  /// `quit`, with the status it was given (or the one it chose); `forced` for `quit!`,
  /// which leaves even when edits cannot be saved.
  case quit(Int32, forced: Bool = false)
  /// SIGTERM or SIGHUP (SIGINT in a script): the run saved what it could and stops.
  case signal(Int32)
}

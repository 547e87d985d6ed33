/// What the caller of `Interpreter.execute` (or `run`) should do next.
package enum Flow: Equatable, Sendable {
  case proceed
  /// Ctrl-C stopped what was running: the rest of the line, and of any script it ran,
  /// is skipped, and the prompt comes back (what was saved is kept).
  case interrupted
  case stop(StopReason)

  /// Whether the run goes on (after an interruption too: only the line was stopped).
  package var goesOn: Bool {
    if case .stop = self { return false }
    return true
  }
}

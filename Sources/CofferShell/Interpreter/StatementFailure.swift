import CofferCore
import CofferScript

/// A statement that failed: where, why, and how the run takes it.
struct StatementFailure: Error {
  let location: SourceLocation
  let message: String
  /// `.statementFailed` for a failed statement or assertion, `.storeFailed` when the
  /// store cannot be used, `.signal` when SIGTERM or SIGHUP stopped it (an import).
  let reason: StopReason
  init(_ message: String, at location: SourceLocation, reason: StopReason = .statementFailed) {
    self.location = location
    self.message = message
    self.reason = reason
  }

  init(_ error: ScriptError) {
    self.init(error.message, at: error.location)
  }

  init(_ error: StoreError, at location: SourceLocation) {
    self.init(error.description, at: location, reason: error.isStoreUnavailable ? .storeFailed : .statementFailed)
  }
}

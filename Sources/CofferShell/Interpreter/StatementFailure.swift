import CofferCore
import CofferScript

/// A statement that failed: where, why, and the exit status it calls for.
struct StatementFailure: Error {
  let location: SourceLocation
  let message: String
  /// 1 for a failed statement or assertion, 3 when the store cannot be used.
  let status: Int32
  /// Set when the failure was reported where it happened (inside a sourced script) and
  /// only stops the statements around it.
  var alreadyReported = false

  init(_ message: String, at location: SourceLocation, status: Int32 = 1) {
    self.location = location
    self.message = message
    self.status = status
  }

  init(_ error: ScriptError) {
    self.init(error.message, at: error.location)
  }

  init(_ error: StoreError, at location: SourceLocation) {
    self.init(error.description, at: location, status: error.isStoreUnavailable ? 3 : 1)
  }
}

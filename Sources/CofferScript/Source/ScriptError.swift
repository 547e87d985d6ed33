/// An error in a script, with the place it was found and what was expected there.
package struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  package let location: SourceLocation
  package let message: String

  package init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// `SOURCE:LINE:COL: error: MESSAGE`, the form compilers use.
  package var description: String { "\(location): error: \(message)" }
}

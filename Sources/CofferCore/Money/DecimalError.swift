/// Why a decimal operation has no result.
package enum DecimalError: Error, Sendable, Equatable, CustomStringConvertible {
  case overflow
  case divisionByZero
  case tooManyDigits

  package var description: String {
    switch self {
    case .overflow: "overflow: the result needs more than 38 significant digits"
    case .divisionByZero: "division by zero"
    case .tooManyDigits: "a number can have at most 38 significant digits"
    }
  }
}

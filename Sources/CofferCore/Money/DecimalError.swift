import CofferText

/// Why a decimal operation has no result.
package enum DecimalError: Error, Sendable, Equatable, CustomStringConvertible {
  case overflow
  case divisionByZero
  case tooManyDigits

  package var description: String {
    switch self {
    case .overflow: tr("overflow: the result needs more than 38 significant digits")
    case .divisionByZero: tr("division by zero")
    case .tooManyDigits: tr("a number can have at most 38 significant digits")
    }
  }
}

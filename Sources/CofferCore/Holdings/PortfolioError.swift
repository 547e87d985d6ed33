/// Why a value cannot be computed.
package enum PortfolioError: Error, Sendable, Equatable, CustomStringConvertible {
  case noRate([Currency])
  /// The local currency itself has no rate (on the date asked): the missing rate is
  /// the local one, not the held currencies'.
  case noLocalRate(Currency)
  case arithmetic(DecimalError)

  package var description: String {
    switch self {
    case .noRate(let currencies):
      "no rate for " + currencies.map(\.code).joined(separator: ", ")
    case .noLocalRate(let local):
      "no \(local.code) (local) rate"
    case .arithmetic(let error):
      error.description
    }
  }
}

import CofferText

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
      tr("no rate for {currencies}", ["currencies": currencies.map(\.code).listed()])
    case .noLocalRate(let local):
      tr("no {code} (local) rate", ["code": local.code])
    case .arithmetic(let error):
      error.description
    }
  }
}

/// Why a ledger change was refused.
package enum LedgerError: Error, Sendable, CustomStringConvertible {
  case badRate(String)
  case localRateIsOne(Currency)
  case euroIsThePivot

  package var description: String {
    switch self {
    case .badRate(let problem): problem
    case .localRateIsOne(let local): "\(local.code) is the local currency; its rate is always 1"
    case .euroIsThePivot: "EUR is the pivot: its rate per euro is always 1"
    }
  }
}

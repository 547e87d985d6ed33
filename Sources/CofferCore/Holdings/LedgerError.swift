import CofferText

/// Why a ledger change was refused.
package enum LedgerError: Error, Sendable, CustomStringConvertible {
  case badRate(String)
  case localRateIsOne(Currency)
  case euroIsThePivot

  package var description: String {
    switch self {
    case .badRate(let problem): problem
    case .localRateIsOne(let local): tr("{code} is the local currency; its rate is always 1", ["code": local.code])
    case .euroIsThePivot: tr("EUR is the pivot: its rate per euro is always 1")
    }
  }
}

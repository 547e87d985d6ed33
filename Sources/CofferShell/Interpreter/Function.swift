import CofferText

/// The functions an expression may call, listed once: evaluation dispatches on them,
/// `help` and the manual page list them with their arguments, and a misspelt one is
/// answered with the nearest.
enum Function: String, CaseIterable {
  case total, amount, value, rate, convert, round, count
  case totalAt = "total_at"
  case amountAt = "amount_at"
  case valueAt = "value_at"
  case totalValuedAt = "total_valued_at"
  case rateAt = "rate_at"

  /// How `help` writes a call of it: `convert(X, FROM, TO)`, its arguments named by the
  /// metavariables of the usage lines (translated as they are).
  var signature: String {
    let arguments: [String] =
      switch self {
      case .total, .count: []
      case .amount, .value, .rate: [tr("C")]
      case .convert: [tr("X"), tr("FROM"), tr("TO")]
      case .round: [tr("X"), tr("N")]
      case .totalAt, .totalValuedAt: [tr("DATE")]
      case .amountAt, .valueAt, .rateAt: [tr("C"), tr("DATE")]
      }
    return "\(rawValue)(\(arguments.joined(separator: ", ")))"
  }

  /// Every function's signature, as `help` lists them after `functions:`.
  static var signatures: String {
    allCases.map(\.signature).joined(separator: " ")
  }
}

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

  /// How `help` writes a call of it: `convert(X, FROM, TO)`.
  var signature: String {
    let arguments =
      switch self {
      case .total, .count: ""
      case .amount, .value, .rate: "C"
      case .convert: "X, FROM, TO"
      case .round: "X, N"
      case .totalAt, .totalValuedAt: "DATE"
      case .amountAt, .valueAt, .rateAt: "C, DATE"
      }
    return "\(rawValue)(\(arguments))"
  }

  /// Every function's signature, as `help` lists them after `functions:`.
  static var signatures: String {
    allCases.map(\.signature).joined(separator: " ")
  }
}

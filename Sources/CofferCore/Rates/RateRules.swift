import CofferText

/// What makes a number a rate Coffer keeps, whether imported, typed or read back from the
/// store: more than 0, below 10^15 and at least 10^-15. Real rates are far inside these
/// bounds (units per euro run from about 0.3 for KWD to about 30,000 for VND); a value
/// outside them is damage or a mistake, and would turn a total into a silent nonsense.
package enum RateRules {
  package static let maxIntegerDigits = 15
  /// 10^-15.
  package static let minimum = DecimalValue(uncheckedCoefficient: 1, scale: 15)

  /// nil when `value` is a rate Coffer keeps, else why it is not.
  package static func problem(with value: DecimalValue) -> String? {
    // A positive value of at most 15 places is at least 10^-15: only its size is left to
    // see (a day's snapshot holds 40 rates, read for every date asked about).
    if value.coefficient > 0, value.scale <= 15 {
      return value.hasMoreIntegerDigits(than: maxIntegerDigits)
        ? tr("a rate must be below 10^{digits}", ["digits": String(maxIntegerDigits)]) : nil
    }
    if value <= .zero { return tr("a rate must be greater than 0") }
    if value.hasMoreIntegerDigits(than: maxIntegerDigits) {
      return tr("a rate must be below 10^{digits}", ["digits": String(maxIntegerDigits)])
    }
    if value < minimum { return tr("a rate must be at least 10^-15") }
    return nil
  }
}

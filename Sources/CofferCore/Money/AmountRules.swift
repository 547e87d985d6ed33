/// What makes a number a valid amount for a currency.
package enum AmountRules {
  /// Amounts have at most this many digits before the decimal point.
  package static let maxIntegerDigits = 15

  /// nil when `amount` is a valid amount of `currency`, else the reason it is not.
  package static func problem(with amount: DecimalValue, for currency: Currency) -> String? {
    if amount.isNegative {
      return "an amount cannot be negative"
    }
    // Only a value written with more places than allowed can have too many.
    let places = amount.scale > currency.minorUnits ? amount.decimalPlaces : 0
    if places > currency.minorUnits {
      let allowed =
        currency.minorUnits == 0
        ? "\(currency.code) has no minor units" : "\(currency.code) allows \(currency.minorUnits) decimal places"
      return "\(allowed); \(amount) has \(places)"
    }
    if amount.hasMoreIntegerDigits(than: maxIntegerDigits) {
      return "an amount has at most \(maxIntegerDigits) integer digits; this one has \(amount.integerDigits)"
    }
    return nil
  }
}

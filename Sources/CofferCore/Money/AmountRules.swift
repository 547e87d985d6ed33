import CofferText

/// What makes a number a valid amount for a currency.
package enum AmountRules {
  /// Amounts have at most this many digits before the decimal point.
  package static let maxIntegerDigits = 15

  /// nil when `amount` is a valid amount of `currency`, else the reason it is not.
  package static func problem(with amount: DecimalValue, for currency: Currency) -> String? {
    if amount.isNegative {
      return tr("an amount cannot be negative")
    }
    // Only a value written with more places than allowed can have too many.
    let places = amount.scale > currency.minorUnits ? amount.decimalPlaces : 0
    if places > currency.minorUnits {
      return currency.minorUnits == 0
        ? tr(
          "{code} has no minor units; {amount} has {places}",
          ["code": currency.code, "amount": amount.description, "places": String(places)])
        : tr(
          "{code} allows {allowed} decimal places; {amount} has {places}",
          [
            "code": currency.code, "allowed": String(currency.minorUnits), "amount": amount.description,
            "places": String(places),
          ])
    }
    if amount.hasMoreIntegerDigits(than: maxIntegerDigits) {
      return tr(
        "an amount has at most {limit} integer digits; this one has {digits}",
        ["limit": String(maxIntegerDigits), "digits": String(amount.integerDigits)])
    }
    return nil
  }
}

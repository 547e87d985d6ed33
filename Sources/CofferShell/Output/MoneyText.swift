import CofferCore

/// Money as people read it: `¥12,345.67`, grouped, with the currency's symbol and
/// exactly its minor units; the fractional part dimmed when colours are on.
enum MoneyText {
  /// `exact` keeps digits past the minor units (an amount as typed); otherwise the
  /// amount is rounded to them.
  static func format(
    _ amount: DecimalValue, _ currency: Currency, output: Output, symbol: Bool = true, exact: Bool = false
  ) -> String {
    format(amount, currency, dimFraction: { output.styled($0, "2") }, symbol: symbol, exact: exact)
  }

  /// The same, unstyled (for the form, where the screen library does the styling).
  static func plain(_ amount: DecimalValue, _ currency: Currency, exact: Bool = false) -> String {
    format(amount, currency, dimFraction: { $0 }, symbol: true, exact: exact)
  }

  private static func format(
    _ amount: DecimalValue, _ currency: Currency, dimFraction: (String) -> String, symbol: Bool, exact: Bool
  ) -> String {
    let rounded = exact ? amount : amount.rounded(toPlaces: currency.minorUnits)
    let plain =
      rounded.magnitude == 0
      ? DecimalValue.zero.plain(minimumFractionDigits: currency.minorUnits)
      : rounded.plain(minimumFractionDigits: currency.minorUnits)
    var digits = Substring(plain)
    let negative = digits.first == "-"
    if negative { digits.removeFirst() }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = group(String(parts[0]))
    var fraction = parts.count > 1 ? "." + parts[1] : ""
    if !fraction.isEmpty { fraction = dimFraction(fraction) }
    return (negative ? "-" : "") + (symbol ? currency.symbol : "") + whole + fraction
  }

  /// `1234567` → `1,234,567`.
  static func group(_ digits: String) -> String {
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return result
  }

  /// `¥12,345.67 CNY (3 holdings)`, naming what a partial total left out.
  static func total(_ total: Total, output: Output) -> String {
    let noun = total.holdings == 1 ? "holding" : "holdings"
    var text = "\(format(total.value, total.local, output: output)) \(total.local.code) (\(total.holdings) \(noun))"
    if total.isPartial {
      text += "; partial: " + total.missingRates
    }
    return text
  }
}

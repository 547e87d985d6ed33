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
    // Built from the ASCII bytes of the plain form: the form formats money on every
    // commit, and character-by-character string work would cost more than the sum.
    var bytes = Array(plain.utf8)
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes.removeFirst() }
    let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    let whole = group(bytes[..<point])
    var text = negative ? "-" : ""
    if symbol { text += currency.symbol }
    text += whole
    if point < bytes.count {
      text += dimFraction(String(decoding: bytes[point...], as: UTF8.self))
    }
    return text
  }

  /// `1234567` → `1,234,567`.
  static func group(_ digits: String) -> String {
    group(Array(digits.utf8)[...])
  }

  private static func group(_ digits: ArraySlice<UInt8>) -> String {
    var grouped: [UInt8] = []
    grouped.reserveCapacity(digits.count + digits.count / 3)
    for (offset, byte) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
      grouped.append(byte)
    }
    return String(decoding: grouped, as: UTF8.self)
  }

  /// `¥12,345.67 CNY (3 holdings)`, then what a dated total is (`as held on 2025-12-31`),
  /// naming what a partial total left out.
  static func total(_ total: Total, output: Output, basis: String? = nil) -> String {
    let noun = total.holdings == 1 ? "holding" : "holdings"
    var text = "\(format(total.value, total.local, output: output)) \(total.local.code) (\(total.holdings) \(noun))"
    if let basis { text += ", " + basis }
    if total.isPartial {
      text += "; partial: " + total.missingRates
    }
    return text
  }
}

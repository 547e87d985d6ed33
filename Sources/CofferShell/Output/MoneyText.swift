import CofferCore
import CofferText

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
    format(amount, currency, dimFraction: nil, symbol: true, exact: exact)
  }

  private static func format(
    _ amount: DecimalValue, _ currency: Currency, dimFraction: ((String) -> String)?, symbol: Bool, exact: Bool
  ) -> String {
    let rounded = exact ? amount : amount.rounded(toPlaces: currency.minorUnits)
    let plain =
      rounded.magnitude == 0
      ? DecimalValue.zero.plain(minimumFractionDigits: currency.minorUnits)
      : rounded.plain(minimumFractionDigits: currency.minorUnits)
    // Written as bytes straight into the new string's storage, from the ASCII bytes of
    // the plain form: the form formats money on every commit, and string work piece by
    // piece (each append a new string) would cost more than the sum.
    var digits = plain
    var symbolText = symbol ? currency.symbol : ""
    return digits.withUTF8 { digits in
      symbolText.withUTF8 { symbol in
        let sign = digits.first == UInt8(ascii: "-") ? 1 : 0
        let point = digits[sign...].firstIndex(of: UInt8(ascii: ".")) ?? digits.count
        let whole = UnsafeBufferPointer(rebasing: digits[sign..<point])
        let fraction = UnsafeBufferPointer(rebasing: digits[point...])
        let headCount = sign + symbol.count + whole.count + max(0, whole.count - 1) / 3
        // `-¥1,234`: the sign, the symbol, the whole part grouped by threes.
        func writeHead(into buffer: UnsafeMutableBufferPointer<UInt8>) {
          var at = 0
          if sign == 1 {
            buffer[0] = UInt8(ascii: "-")
            at = 1
          }
          for byte in symbol {
            buffer[at] = byte
            at += 1
          }
          // Digits until the next comma: the first group takes what is left over from threes.
          var untilComma = whole.count % 3 == 0 ? 3 : whole.count % 3
          for byte in whole {
            if untilComma == 0 {
              buffer[at] = UInt8(ascii: ",")
              at += 1
              untilComma = 3
            }
            buffer[at] = byte
            at += 1
            untilComma -= 1
          }
        }
        if let dimFraction, !fraction.isEmpty {
          let head = String(unsafeUninitializedCapacity: headCount) { buffer in
            writeHead(into: buffer)
            return headCount
          }
          return head + dimFraction(String(decoding: fraction, as: UTF8.self))
        }
        return String(unsafeUninitializedCapacity: headCount + fraction.count) { buffer in
          writeHead(into: buffer)
          for (offset, byte) in fraction.enumerated() { buffer[headCount + offset] = byte }
          return headCount + fraction.count
        }
      }
    }
  }

  /// `¥12,345.67 CNY (3 holdings)`, then what a dated total is (`as held on 2025-12-31`),
  /// naming what a partial total left out.
  static func total(_ total: Total, output: Output, basis: String? = nil) -> String {
    var text =
      "\(format(total.value, total.local, output: output)) \(total.local.code)"
      + tr(" ({count} holding)", " ({count} holdings)", count: total.holdings)
    if let basis { text += tr(", {basis}", ["basis": basis]) }
    if total.isPartial {
      text += tr("; partial: {missing}", ["missing": total.missingRates])
    }
    return text
  }
}

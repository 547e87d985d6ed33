extension DecimalValue {
  /// Reads a decimal as Coffer stores it: `-`, then digits, then optionally `.` and
  /// digits (`1200`, `0.5`, `-3.25`). Nothing else: no blanks, no `_` or `,` grouping, no
  /// leading `.`, no exponent, at most 38 significant digits. nil otherwise.
  package init?(storedText text: String) {
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    var digitsBefore = 0
    var digitsAfter = 0
    var sawPoint = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if sawPoint { digitsAfter += 1 } else { digitsBefore += 1 }
      case UInt8(ascii: ".") where !sawPoint:
        sawPoint = true
      default:
        return nil
      }
    }
    guard digitsBefore > 0, !sawPoint || digitsAfter > 0 else { return nil }
    guard let value = try? DecimalValue(parsing: text) else { return nil }
    self = value
  }
}

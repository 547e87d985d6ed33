extension DecimalValue {
  /// Reads a decimal as Coffer stores it: `-`, then digits, then optionally `.` and
  /// digits (`1200`, `0.5`, `-3.25`). Nothing else: no blanks, no `_` or `,` grouping, no
  /// leading `.`, no exponent, at most 38 significant digits. nil otherwise.
  package init?(storedText text: String) {
    var text = text
    guard let value = text.withUTF8({ DecimalValue(storedBytes: $0) }) else { return nil }
    self = value
  }

  /// `init(storedText:)` from the bytes of the text (a column SQLite hands over).
  package init?(storedBytes text: UnsafeBufferPointer<UInt8>) {
    let negative = text.first == UInt8(ascii: "-")
    let digits = UnsafeBufferPointer(rebasing: text[(negative ? 1 : 0)...])
    var digitsBefore = 0
    var digitsAfter = 0
    var sawPoint = false
    for byte in digits {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if sawPoint { digitsAfter += 1 } else { digitsBefore += 1 }
      case UInt8(ascii: ".") where !sawPoint:
        sawPoint = true
      default:
        return nil
      }
    }
    guard digitsBefore > 0, !sawPoint || digitsAfter > 0,
      let value = try? DecimalValue.parseDigits(digits)
    else { return nil }
    self = negative ? value.negated : value
  }
}

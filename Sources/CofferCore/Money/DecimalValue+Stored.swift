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
    // Up to 19 characters, the digits fit 64 bits (below 10^19) and far fewer than 38 of
    // them, or 60 places: one pass reads and checks them (a series of month ends reads
    // thousands of amounts). Longer text takes the general way below.
    if digits.count <= 19 {
      var magnitude: UInt64 = 0
      // Where the point is; the count of characters when there is none.
      var point = digits.count
      for (place, byte) in digits.enumerated() {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 {
          magnitude = magnitude &* 10 &+ UInt64(digit)
        } else if byte == UInt8(ascii: "."), point == digits.count {
          point = place
        } else {
          return nil
        }
      }
      // Digits before the point, and after it when there is one.
      let digitsAfter = point < digits.count ? digits.count - point - 1 : 0
      guard point > 0, point == digits.count || digitsAfter > 0 else { return nil }
      let value = DecimalValue(uncheckedCoefficient: Int128(magnitude), scale: digitsAfter)
      self = negative ? value.negated : value
      return
    }
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

/// An exact decimal number of at most 38 significant digits: `coefficient × 10^-scale`.
///
/// Money and rates are never binary floating point. Addition, subtraction and
/// multiplication are exact while the result fits in 38 digits; past that the
/// fractional digits are rounded (half away from zero) to keep 38, and a result whose
/// integer part alone needs more than 38 digits is an overflow. Division keeps at
/// least 37 significant digits.
package struct DecimalValue: Sendable, Comparable, CustomStringConvertible {
  /// The digits, signed; `|coefficient| <= maxCoefficient`.
  package private(set) var coefficient: Int128
  /// How many of the digits are after the decimal point; `0...maxScale`.
  package private(set) var scale: Int

  package static let maxDigits = 38
  package static let maxScale = 60
  /// 10^38 - 1: 38 nines.
  static let maxCoefficient: UInt128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

  package static let zero = DecimalValue(uncheckedCoefficient: 0, scale: 0)
  package static let one = DecimalValue(uncheckedCoefficient: 1, scale: 0)

  init(uncheckedCoefficient: Int128, scale: Int) {
    self.coefficient = uncheckedCoefficient
    self.scale = scale
  }

  /// The digits of a number read by a reader of its own, `scale` of them after the
  /// point: 64 bits hold at most 20 digits, well within the 38 a value holds.
  package init(digits: UInt64, scale: Int) {
    precondition((0...Self.maxScale).contains(scale), "scale out of range")
    self.init(uncheckedCoefficient: Int128(digits), scale: scale)
  }

  /// A value from a signed magnitude, rounding away fractional digits that do not fit.
  init(negative: Bool, magnitude: UInt128, scale: Int) throws(DecimalError) {
    var magnitude = magnitude
    var scale = scale
    if scale > Self.maxScale {
      magnitude = Self.divideRounding(magnitude, byPowerOfTen: scale - Self.maxScale)
      scale = Self.maxScale
    }
    if magnitude > Self.maxCoefficient {
      guard scale > 0 else { throw .overflow }
      magnitude = Self.divideRounding(magnitude, byPowerOfTen: 1)
      scale -= 1
      if magnitude > Self.maxCoefficient {
        guard scale > 0 else { throw .overflow }
        magnitude = Self.divideRounding(magnitude, byPowerOfTen: 1)
        scale -= 1
      }
    }
    while scale < 0 {
      guard magnitude <= Self.maxCoefficient / 10 else { throw .overflow }
      magnitude *= 10
      scale += 1
    }
    let signed = Int128(magnitude)
    self.init(uncheckedCoefficient: negative ? -signed : signed, scale: scale)
  }

  /// A whole number.
  package init(_ value: Int) {
    self.init(uncheckedCoefficient: Int128(value), scale: 0)
  }

  /// Parses a plain decimal: digits with at most one `.`, `_` allowed between digits,
  /// an optional leading `-`. Returns nil for anything else. Throws when the number has
  /// more than 38 significant digits.
  package init?(parsing text: some StringProtocol) throws(DecimalError) {
    var digits = String(text)
    var negative = false
    if digits.first == "-" {
      negative = true
      digits.removeFirst()
    }
    guard let value = try Self.parseDigits(digits) else { return nil }
    self = negative ? value.negated : value
  }

  /// Parses unsigned digits (`123`, `1_000.25`, `.5`); nil if malformed.
  package static func parseDigits(_ text: String) throws(DecimalError) -> DecimalValue? {
    var text = text
    let result = text.withUTF8 { bytes in Result { () throws(DecimalError) in try parseDigits(bytes) } }
    return try result.get()
  }

  /// Parses unsigned digits from bytes; nil if malformed.
  package static func parseDigits(_ bytes: UnsafeBufferPointer<UInt8>) throws(DecimalError) -> DecimalValue? {
    // Nineteen digits fit 64 bits, where multiplying is several times cheaper than with
    // 128: nearly every number read (a rate, an amount) takes this way.
    if bytes.count <= 19 { return parseFewDigits(bytes) }
    var magnitude: UInt128 = 0
    var significant = 0
    var scale = 0
    var sawPoint = false
    var sawDigit = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
        let digit = UInt128(byte - UInt8(ascii: "0"))
        if magnitude == 0 && digit == 0 {
          // A leading zero adds no significant digit but still moves the point.
        } else {
          significant += 1
          guard significant <= maxDigits else { throw .tooManyDigits }
          magnitude = magnitude * 10 + digit
        }
        if sawPoint {
          scale += 1
          guard scale <= maxScale else { throw .tooManyDigits }
        }
      case UInt8(ascii: "."):
        guard !sawPoint else { return nil }
        sawPoint = true
      case UInt8(ascii: "_"):
        continue
      default:
        return nil
      }
    }
    guard sawDigit else { return nil }
    return DecimalValue(uncheckedCoefficient: Int128(magnitude), scale: scale)
  }

  /// `parseDigits` for at most 19 bytes, which cannot hold more digits than 64 bits or
  /// the limits allow: the same answers, without the limit checks.
  private static func parseFewDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalValue? {
    var magnitude: UInt64 = 0
    var scale = 0
    var sawPoint = false
    var sawDigit = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
        // At most 19 digits: below 10^19, so 64 bits cannot overflow.
        magnitude = magnitude &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        if sawPoint { scale &+= 1 }
      case UInt8(ascii: "."):
        guard !sawPoint else { return nil }
        sawPoint = true
      case UInt8(ascii: "_"):
        continue
      default:
        return nil
      }
    }
    guard sawDigit else { return nil }
    return DecimalValue(uncheckedCoefficient: Int128(magnitude), scale: scale)
  }

  // MARK: - Properties

  package var isZero: Bool { coefficient == 0 }
  package var isNegative: Bool { coefficient < 0 }
  package var magnitude: UInt128 { coefficient.magnitude }
  package var negated: DecimalValue { DecimalValue(uncheckedCoefficient: -coefficient, scale: scale) }

  /// The value as an Int when it is a whole number that fits one.
  package var wholeNumber: Int? {
    let value = normalized
    guard value.scale == 0 else { return nil }
    return Int(exactly: value.coefficient)
  }

  /// The number of decimal places once trailing zeros are dropped.
  package var decimalPlaces: Int { normalized.scale }

  /// How many digits the integer part has (0 for values below 1).
  package var integerDigits: Int {
    guard scale <= 38 else { return 0 }
    let integerPart = magnitude / Self.powerOfTen[scale]
    return integerPart == 0 ? 0 : Self.digitCount(integerPart)
  }

  /// Whether the integer part has more than `digits` digits, without dividing.
  package func hasMoreIntegerDigits(than digits: Int) -> Bool {
    let limit = digits + scale
    guard limit <= 38 else { return false }
    return magnitude >= Self.powerOfTen[limit]
  }

  /// The same value with trailing fractional zeros removed.
  package var normalized: DecimalValue {
    var result = self
    while result.scale > 0 && result.coefficient % 10 == 0 {
      result.coefficient /= 10
      result.scale -= 1
    }
    if result.coefficient == 0 { result.scale = 0 }
    return result
  }

  /// Plain decimal in its shortest form: `1200`, `0.5`, `-12345.6`; never an exponent.
  package var description: String {
    plain(minimumFractionDigits: 0)
  }

  /// Plain decimal keeping at least `minimumFractionDigits` places (for money: `12.50`).
  package func plain(minimumFractionDigits: Int) -> String {
    withPlainText(minimumFractionDigits: minimumFractionDigits) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the bytes of `plain(minimumFractionDigits:)`, built on the stack
  /// from the last digit back: a save, a listing and an import of half a million balances
  /// each write many, and need no String for each.
  package func withPlainText<Result>(
    minimumFractionDigits: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let value = normalized
    let fractionDigits = max(value.scale, minimumFractionDigits)
    // 38 digits, a point, the zeros before a small value's digits, padding, a sign.
    let capacity = 42 + fractionDigits
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { bytes in
      var position = capacity
      // The zeros a minimum asks for beyond the value's own places.
      for _ in value.scale..<fractionDigits {
        position -= 1
        bytes[position] = UInt8(ascii: "0")
      }
      var digits = DigitsFromTheEnd(value.magnitude)
      var written = 0
      repeat {
        if written == value.scale && fractionDigits > 0 {
          position -= 1
          bytes[position] = UInt8(ascii: ".")
        }
        position -= 1
        bytes[position] = UInt8(ascii: "0") + digits.next()
        written += 1
      } while !digits.isDone || written <= value.scale
      if value.coefficient < 0 {
        position -= 1
        bytes[position] = UInt8(ascii: "-")
      }
      return body(UnsafeBufferPointer(rebasing: bytes[position...]))
    }
  }

  /// The decimal digits of a magnitude, last first; 64-bit arithmetic while it fits.
  private struct DigitsFromTheEnd {
    var wide: UInt128
    var small: UInt64?

    init(_ magnitude: UInt128) {
      wide = magnitude
      small = UInt64(exactly: magnitude)
    }

    var isDone: Bool { small.map { $0 == 0 } ?? (wide == 0) }

    mutating func next() -> UInt8 {
      if var value = small {
        defer { small = value }
        let digit = UInt8(value % 10)
        value /= 10
        return digit
      }
      let digit = UInt8(wide % 10)
      wide /= 10
      if let fits = UInt64(exactly: wide) { small = fits }
      return digit
    }
  }

  // MARK: - Arithmetic

  package static func + (lhs: DecimalValue, rhs: DecimalValue) throws(DecimalError) -> DecimalValue {
    if lhs.scale == rhs.scale {
      let (sum, overflow) = lhs.coefficient.addingReportingOverflow(rhs.coefficient)
      if !overflow && sum.magnitude <= maxCoefficient {
        return DecimalValue(uncheckedCoefficient: sum, scale: lhs.scale)
      }
    }
    // Align on the finer scale; when that does not fit, give up fractional digits. No
    // scale at which the coarser operand would need more than 38 digits can do: the
    // search starts below those (a total's sum has as many digits as fit, and narrowing
    // the next value to it divides).
    var scale = max(lhs.scale, rhs.scale)
    if lhs.scale < scale && !lhs.isZero { scale = min(scale, maxDigits - digitCount(lhs.magnitude) + lhs.scale) }
    if rhs.scale < scale && !rhs.isZero { scale = min(scale, maxDigits - digitCount(rhs.magnitude) + rhs.scale) }
    while scale >= 0 {
      if let left = lhs.coefficient(atScale: scale), let right = rhs.coefficient(atScale: scale) {
        let (sum, overflow) = left.addingReportingOverflow(right)
        if !overflow && sum.magnitude <= maxCoefficient {
          return DecimalValue(uncheckedCoefficient: sum, scale: scale)
        }
      }
      scale -= 1
    }
    throw .overflow
  }

  package static func - (lhs: DecimalValue, rhs: DecimalValue) throws(DecimalError) -> DecimalValue {
    try lhs + rhs.negated
  }

  package static func * (lhs: DecimalValue, rhs: DecimalValue) throws(DecimalError) -> DecimalValue {
    let negative = (lhs.coefficient < 0) != (rhs.coefficient < 0)
    let product = lhs.magnitude.multipliedFullWidth(by: rhs.magnitude)
    let scale = lhs.scale + rhs.scale
    if product.high == 0 {
      return try DecimalValue(negative: negative, magnitude: product.low, scale: scale)
    }
    // Drop just enough digits for the product to fit in 38; the high word tells
    // roughly how many (2^128 is about 3.4 × 10^38).
    var drop = max(1, digitCount(product.high))
    while true {
      guard drop <= 38 else { throw .overflow }
      let divisor = powerOfTen[drop]
      if product.high < divisor {
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        if quotient <= maxCoefficient {
          let rounded = remainder >= divisor - remainder ? quotient + 1 : quotient
          guard scale - drop >= 0 else { throw .overflow }
          return try DecimalValue(negative: negative, magnitude: rounded, scale: scale - drop)
        }
      }
      drop += 1
    }
  }

  package static func / (lhs: DecimalValue, rhs: DecimalValue) throws(DecimalError) -> DecimalValue {
    guard !rhs.isZero else { throw .divisionByZero }
    if lhs.isZero { return .zero }
    let negative = (lhs.coefficient < 0) != (rhs.coefficient < 0)
    // Widen the dividend to 38 digits, then by as many digits as the divisor has: the
    // quotient then has 38 or 39 digits. With 39 it does not fit, and one digit fewer
    // of widening gives exactly 38 (or 37, when the leading digits make it so). It has
    // 38 when the dividend is below the divisor widened to 38 digits: known before
    // dividing, which is the dear part.
    let widen = maxDigits - digitCount(lhs.magnitude)
    let dividend = lhs.magnitude * powerOfTen[widen]
    let divisorDigits = digitCount(rhs.magnitude)
    let extra = dividend < rhs.magnitude * powerOfTen[maxDigits - divisorDigits] ? divisorDigits : divisorDigits - 1
    let (quotient, remainder) = divide(dividend.multipliedFullWidth(by: powerOfTen[extra]), by: rhs.magnitude)
    let rounded = remainder >= rhs.magnitude - remainder ? quotient + 1 : quotient
    return try DecimalValue(negative: negative, magnitude: rounded, scale: lhs.scale + widen + extra - rhs.scale)
  }

  /// `numerator` (a 256-bit number, `high < divisor`) ÷ `divisor`. A divisor of 64 bits
  /// (a rate of up to 19 digits: every rate there is) divides as two 128-by-64-bit
  /// divisions, each a single instruction of the processor's; a wider one takes the
  /// general 256-by-128-bit division. The results are the same.
  static func divide(_ numerator: (high: UInt128, low: UInt128), by divisor: UInt128) -> (
    quotient: UInt128, remainder: UInt128
  ) {
    guard let narrow = UInt64(exactly: divisor) else { return divisor.dividingFullWidth(numerator) }
    // high < divisor < 2^64: the remainder of each step is below the divisor, so each
    // step's quotient fits 64 bits.
    let high = UInt64(truncatingIfNeeded: numerator.high)
    let upper = narrow.dividingFullWidth((high: high, low: UInt64(truncatingIfNeeded: numerator.low >> 64)))
    let lower = narrow.dividingFullWidth((high: upper.remainder, low: UInt64(truncatingIfNeeded: numerator.low)))
    return (UInt128(upper.quotient) << 64 | UInt128(lower.quotient), UInt128(lower.remainder))
  }

  /// Rounded to `places` decimal places, half away from zero.
  package func rounded(toPlaces places: Int) -> DecimalValue {
    guard scale > places else { return self }
    let magnitude = Self.divideRounding(self.magnitude, byPowerOfTen: scale - places)
    let signed = Int128(magnitude)
    return DecimalValue(uncheckedCoefficient: coefficient < 0 ? -signed : signed, scale: places)
  }

  /// Rounded to `digits` significant digits (never past the decimal point).
  package func rounded(toSignificantDigits digits: Int) -> DecimalValue {
    let excess = Self.digitCount(magnitude) - digits
    guard excess > 0 else { return self }
    return rounded(toPlaces: max(0, scale - excess))
  }

  /// Whether this is exactly 1, at any scale (1, 1.0, 1.0000).
  package var isOne: Bool {
    scale < Self.powerOfTen.count && coefficient == Int128(Self.powerOfTen[scale])
  }

  /// Whether this (positive) is more than `factor` times `other` (positive), exactly: as
  /// `self > other * factor`, without making the product when the two have one scale (a
  /// day's rates of one currency nearly always do). False when the product would overflow.
  package func exceeds(_ other: DecimalValue, times factor: DecimalValue) -> Bool {
    if scale == other.scale, factor.scale < Self.powerOfTen.count {
      // self × 10^f.scale > other × f.coefficient, both sides at other's scale + f.scale.
      let (left, leftOverflow) = magnitude.multipliedReportingOverflow(by: Self.powerOfTen[factor.scale])
      let (right, rightOverflow) = other.magnitude.multipliedReportingOverflow(by: factor.magnitude)
      if !leftOverflow && !rightOverflow { return left > right }
    }
    guard let product = try? other * factor else { return false }
    return self > product
  }

  /// Whether the larger of two positive values is more than `factor` times the smaller,
  /// exactly. Two rates of one scale that fit 64 bits (nearly every pair the rates' rules
  /// compare) are compared as two 128-bit products, which cannot overflow: each factor
  /// is below 2^64 (10^19 at most for the power of ten).
  package static func differ(_ one: DecimalValue, _ other: DecimalValue, byMoreThan factor: DecimalValue) -> Bool {
    if one.scale == other.scale, factor.scale < 20, let first = UInt64(exactly: one.coefficient),
      let second = UInt64(exactly: other.coefficient), let times = UInt64(exactly: factor.coefficient)
    {
      let (large, small) = first > second ? (first, second) : (second, first)
      return UInt128(large) &* powerOfTen[factor.scale] > UInt128(small) &* UInt128(times)
    }
    let (large, small) = one > other ? (one, other) : (other, one)
    return large.exceeds(small, times: factor)
  }

  package static func < (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
    compare(lhs, rhs) < 0
  }

  package static func == (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
    compare(lhs, rhs) == 0
  }

  /// -1, 0 or 1.
  static func compare(_ lhs: DecimalValue, _ rhs: DecimalValue) -> Int {
    if lhs.scale == rhs.scale {
      return lhs.coefficient < rhs.coefficient ? -1 : (lhs.coefficient == rhs.coefficient ? 0 : 1)
    }
    if lhs.isNegative != rhs.isNegative || lhs.isZero || rhs.isZero {
      let left = lhs.coefficient.signum()
      let right = rhs.coefficient.signum()
      return left < right ? -1 : (left == right ? 0 : 1)
    }
    // Same sign, both non-zero: compare magnitudes at the finer scale. A coefficient
    // that cannot be widened to it is the larger one.
    let finer = max(lhs.scale, rhs.scale)
    let magnitudeOrder: Int
    switch (lhs.coefficient(atScale: finer), rhs.coefficient(atScale: finer)) {
    case (let left?, let right?):
      magnitudeOrder = left.magnitude < right.magnitude ? -1 : (left.magnitude == right.magnitude ? 0 : 1)
    case (nil, _): magnitudeOrder = 1
    case (_, nil): magnitudeOrder = -1
    }
    return lhs.isNegative ? -magnitudeOrder : magnitudeOrder
  }

  // MARK: - Helpers

  /// The coefficient expressed at another scale: widened exactly, or narrowed with
  /// rounding; nil when widening would pass 38 digits.
  func coefficient(atScale target: Int) -> Int128? {
    if target == scale { return coefficient }
    if target < scale {
      let narrowed = Int128(Self.divideRounding(magnitude, byPowerOfTen: scale - target))
      return coefficient < 0 ? -narrowed : narrowed
    }
    let shift = target - scale
    if coefficient == 0 { return 0 }
    guard shift <= 38 else { return nil }
    let factor = Self.powerOfTen[shift]
    let (product, overflow) = magnitude.multipliedReportingOverflow(by: factor)
    guard !overflow, product <= Self.maxCoefficient else { return nil }
    return coefficient < 0 ? -Int128(product) : Int128(product)
  }

  /// `value ÷ 10^places`, rounded half away from zero.
  static func divideRounding(_ value: UInt128, byPowerOfTen places: Int) -> UInt128 {
    guard places > 0 else { return value }
    guard places <= 38 else { return 0 }
    let divisor = powerOfTen[places]
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder >= divisor - remainder ? quotient + 1 : quotient
  }

  /// How many decimal digits `value` has (1 for 0). Its length in bits gives the count
  /// to within one (log10 2 is 1233/4096 closely enough for 128 bits), and one comparison
  /// settles which: a total of forty currencies counts digits a few hundred times.
  static func digitCount(_ value: UInt128) -> Int {
    let bits = UInt128.bitWidth - value.leadingZeroBitCount
    let estimate = (bits * 1233) >> 12
    return max(1, value >= powerOfTen[estimate] ? estimate + 1 : estimate)
  }

  /// 10^0 … 10^38, all of which fit in 128 bits. Written out, so that the compiler lays
  /// the table out in the binary instead of building it at its first use (which every
  /// later use would check for).
  static let powerOfTen: [UInt128] = [
    1,
    10,
    100,
    1000,
    10000,
    100000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
    10_000_000_000_000_000,
    100_000_000_000_000_000,
    1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
    100_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000_000_000_000,
    10_000_000_000_000_000_000_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000_000_000,
  ]
}

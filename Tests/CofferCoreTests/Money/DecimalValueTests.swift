import Testing

@testable import CofferCore

func decimal(_ text: String) -> DecimalValue {
  guard let value = try? DecimalValue(parsing: text) else {
    Issue.record("not a decimal: \(text)")
    return .zero
  }
  return value
}

@Suite struct DecimalValueTests {
  @Test func oneIsOneAtAnyScale() {
    #expect(decimal("1").isOne && decimal("1.0000").isOne)
    #expect(!decimal("1.0001").isOne && !decimal("0.1").isOne && !decimal("10").isOne && !decimal("-1").isOne)
  }

  /// `exceeds(_:times:)` is `self > other × factor`, exactly, whether the scales agree
  /// (no product made) or not.
  @Test(arguments: [
    ("1.65", "1.1", "1.5", false), ("1.6501", "1.1", "1.5", true), ("1.6500001", "1.1", "1.5", true),
    ("165", "110", "1.5", false), ("166", "110", "1.5", true), ("1.1", "1.65", "1.5", false),
    ("99999999999999999999999999999999999999", "1", "1.5", true),
    ("2", "99999999999999999999999999999999999999", "1.5", false),
  ])
  func exceedsIsTheProductCompared(value: String, other: String, factor: String, expected: Bool) {
    #expect(decimal(value).exceeds(decimal(other), times: decimal(factor)) == expected)
    // Either way round, as the larger against the smaller.
    let one = decimal(value)
    let two = decimal(other)
    #expect(
      DecimalValue.differ(one, two, byMoreThan: decimal(factor))
        == DecimalValue.differ(two, one, byMoreThan: decimal(factor)))
    let (large, small) = one > two ? (one, two) : (two, one)
    #expect(DecimalValue.differ(one, two, byMoreThan: decimal(factor)) == large.exceeds(small, times: decimal(factor)))
    // As the product compared, where the product can be made.
    if let product = try? decimal(other) * decimal(factor) {
      #expect(decimal(value).exceeds(decimal(other), times: decimal(factor)) == (decimal(value) > product))
    }
  }

  @Test(arguments: [
    ("123", "123"), ("1200.50", "1200.5"), (".5", "0.5"), ("1_000_000.25", "1000000.25"), ("0.000", "0"),
    ("007", "7"), ("-0.10", "-0.1"),
  ])
  func parsesAndPrintsShortestPlainDecimal(text: String, printed: String) {
    #expect(decimal(text).description == printed)
  }

  @Test func rejectsMalformedAndOverlongNumbers() throws {
    #expect(try DecimalValue(parsing: "12abc") == nil)
    #expect(try DecimalValue(parsing: "1.2.3") == nil)
    #expect(try DecimalValue(parsing: "") == nil)
    #expect(throws: DecimalError.tooManyDigits) {
      try DecimalValue(parsing: "123456789012345678901234567890123456789")
    }
    // 38 significant digits are fine, leading zeros do not count.
    #expect(try DecimalValue(parsing: "00012345678901234567890123456789012345678") != nil)
  }

  /// Digits of 19 bytes or fewer are read in 64 bits. Underscores in front change no
  /// answer, so the same text behind twenty of them takes the 128-bit way: both must
  /// agree on every text, valid or not, at every length up to and past the 19 bytes.
  @Test func shortDigitsReadAsTheLongWayReadsThem() throws {
    var generator = XorShift(state: 0x2545_F491_4F6C_DD1D)
    func next() -> UInt64 { generator.next() }
    let alphabet = Array("0123456789999._a-".utf8)
    var texts = ["", ".", "_", "0", "9999999999999999999", "1000000000000000000", "0.000000000000000001", "5.", ".5"]
    for _ in 0..<20_000 {
      let length = Int(next() % 21)
      // Mostly digits, so that most texts are numbers.
      texts.append(
        String(
          decoding: (0..<length).map { _ in next() % 4 == 0 ? alphabet[Int(next() % 17)] : UInt8(48 + next() % 10) },
          as: UTF8.self))
    }
    for text in texts {
      let short = try DecimalValue.parseDigits(text)
      let long = try DecimalValue.parseDigits(String(repeating: "_", count: 20) + text)
      #expect(short?.coefficient == long?.coefficient && short?.scale == long?.scale, "\(text)")
    }
  }

  @Test func arithmeticIsExact() throws {
    #expect(try decimal("0.1") + decimal("0.2") == decimal("0.3"))
    #expect(try decimal("1200") * decimal("7.1835") == decimal("8620.2"))
    #expect(try decimal("10") - decimal("10.01") == decimal("-0.01"))
    // Quotients keep 38 significant digits (checked against Python's decimal module
    // with prec=38, ROUND_HALF_UP).
    #expect(try (decimal("1") / decimal("3")).description == "0.33333333333333333333333333333333333333")
    #expect(try decimal("7.4326") / decimal("1.1172") == decimal("6.6528822055137844611528822055137844612"))
    #expect(try decimal("2") / decimal("3") == decimal("0.66666666666666666666666666666666666667"))
    #expect(try decimal("1") / decimal("8") == decimal("0.125"))
  }

  @Test func overflowAndDivisionByZeroAreErrors() {
    let big = decimal("99999999999999999999999999999999999999")
    #expect(throws: DecimalError.overflow) { try big * decimal("10") }
    #expect(throws: DecimalError.overflow) { try big + decimal("1") }
    #expect(throws: DecimalError.divisionByZero) { try decimal("1") / decimal("0") }
  }

  @Test func fractionalDigitsPastThirtyEightAreRoundedNotAnError() throws {
    // 20 digits × 20 digits needs 40 digits; the last fractional ones are rounded.
    let product = try decimal("1.2345678901234567891") * decimal("9.8765432109876543211")
    #expect(product.description == "12.19326311370217952348574912122374638")
  }

  @Test(arguments: [
    ("2.5", 0, "3"), ("-2.5", 0, "-3"), ("2.45", 1, "2.5"), ("-2.45", 1, "-2.5"), ("2.449", 1, "2.4"),
    ("0.005", 2, "0.01"), ("1.005", 2, "1.01"), ("12.3", 5, "12.3"),
  ])
  func roundsHalfAwayFromZero(text: String, places: Int, expected: String) {
    #expect(decimal(text).rounded(toPlaces: places).description == expected)
  }

  @Test func comparesAcrossScales() {
    #expect(decimal("1.50") == decimal("1.5"))
    #expect(decimal("1.5") < decimal("1.51"))
    #expect(decimal("-2") < decimal("-1.99"))
    #expect(decimal("99999999999999999999999999999999999999") > decimal("0.00000000000000000000000000000000000001"))
  }

  @Test func countsPlacesAndIntegerDigits() {
    #expect(decimal("12.50").decimalPlaces == 1)
    #expect(decimal("123456789012345").integerDigits == 15)
    #expect(decimal("0.5").integerDigits == 0)
    #expect(decimal("1234567890123456").hasMoreIntegerDigits(than: 15))
    #expect(!decimal("999999999999999.99").hasMoreIntegerDigits(than: 15))
  }

  /// Text written digit by digit, checked against text made the slow, obvious way from
  /// the same digits: signs, zeros before and after the point, 38-digit values, and the
  /// minimum places money asks for.
  @Test func plainTextMatchesTheDigitsForManyValues() throws {
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    for _ in 0..<20_000 {
      let length = Int(next() % 38) + 1
      var digits = String((0..<length).map { _ in Character(String(next() % 10)) })
      while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
      let scale = Int(next() % 41)
      let negative = next() % 2 == 0 && digits != "0"
      // The obvious text: the digits with a point put `scale` from the end.
      var padded = digits
      if padded.count <= scale { padded = String(repeating: "0", count: scale - padded.count + 1) + padded }
      var text = scale == 0 ? padded : padded.dropLast(scale) + "." + padded.suffix(scale)
      if negative { text = "-" + text }
      let value = try #require(try DecimalValue(parsing: text))
      // Shortest form: trailing zeros of the fraction, and a bare point, dropped.
      var shortest = text
      if shortest.contains(".") {
        while shortest.hasSuffix("0") { shortest.removeLast() }
        if shortest.hasSuffix(".") { shortest.removeLast() }
      }
      if shortest == "-0" { shortest = "0" }
      #expect(value.description == shortest, "\(text)")
      let minimum = Int(next() % 4)
      var money = shortest
      let places = money.split(separator: ".").dropFirst().first?.count ?? 0
      if places < minimum { money += (places == 0 ? "." : "") + String(repeating: "0", count: minimum - places) }
      #expect(value.plain(minimumFractionDigits: minimum) == money, "\(text) to \(minimum) places")
    }
  }

  @Test func countsDigitsAtEveryLengthAndBothSidesOfEachPowerOfTenAndTwo() {
    var values: [UInt128] = [0, 1, 9, .max]
    for power in DecimalValue.powerOfTen { values += [power - 1, power, power + 1] }
    for shift in 0..<128 { values += [UInt128(1) << shift, (UInt128(1) << shift) - 1, (UInt128(1) << shift) + 1] }
    for value in values {
      #expect(DecimalValue.digitCount(value) == String(value).count, "\(value)")
    }
    #expect(DecimalValue.maxCoefficient == DecimalValue.powerOfTen[38] - 1)
  }

  @Test func readsStoredTextExactlyAsTheGrammarSaysWhateverItsLength() throws {
    // Text of every length around the 19 characters read in one pass, from characters
    // that make numbers and characters that do not.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet = Array("0123456789012345678901234567890123456789.-_ x")
    let grammar = /-?[0-9]+(\.[0-9]+)?/
    for _ in 0..<20_000 {
      let length = Int(next() % 44)
      var text = String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
      if next() % 3 == 0 { text = String(text.filter { $0.isNumber }.prefix(length)) }
      if next() % 4 == 0 {
        text.insert(".", at: text.index(text.startIndex, offsetBy: Int(next() % UInt64(text.count + 1))))
      }
      if next() % 4 == 0 { text = "-" + text }
      let read = DecimalValue(storedText: text)
      guard (try? grammar.wholeMatch(in: text)) != nil, let parsed = try? DecimalValue(parsing: text) else {
        #expect(read == nil, "\(text)")
        continue
      }
      #expect(read?.coefficient == parsed.coefficient && read?.scale == parsed.scale, "\(text)")
    }
  }

  @Test func dividesWideNumbersByNarrowAndWideDivisorsAlike() {
    var generator = XorShift(state: 0x2545_F491_4F6C_DD1D)
    func next() -> UInt64 { generator.next() }
    for round in 0..<20_000 {
      // Divisors of every width up to 128 bits, numerators below divisor × 2^128.
      let bits = round % 128 + 1
      var divisor = (UInt128(next()) << 64 | UInt128(next())) >> (128 - bits)
      if divisor == 0 { divisor = 1 }
      let numerator = (
        high: (UInt128(next()) << 64 | UInt128(next())) % divisor, low: UInt128(next()) << 64 | UInt128(next())
      )
      let expected = divisor.dividingFullWidth(numerator)
      let found = DecimalValue.divide(numerator, by: divisor)
      #expect(found.quotient == expected.quotient && found.remainder == expected.remainder, "\(numerator) / \(divisor)")
    }
  }

  /// Division as it was written first: widened by the divisor's digits, and by one fewer
  /// when that quotient does not fit 38 digits.
  private func quotientByTrying(_ lhs: DecimalValue, _ rhs: DecimalValue) -> DecimalValue? {
    let widen = 38 - DecimalValue.digitCount(lhs.magnitude)
    let dividend = lhs.magnitude * DecimalValue.powerOfTen[widen]
    let divisorDigits = DecimalValue.digitCount(rhs.magnitude)
    for extra in [divisorDigits, divisorDigits - 1] where extra <= 38 {
      let numerator = dividend.multipliedFullWidth(by: DecimalValue.powerOfTen[extra])
      guard numerator.high < rhs.magnitude else { continue }
      let (quotient, remainder) = rhs.magnitude.dividingFullWidth(numerator)
      guard quotient <= DecimalValue.maxCoefficient || extra < divisorDigits else { continue }
      let rounded = remainder >= rhs.magnitude - remainder ? quotient + 1 : quotient
      return try? DecimalValue(
        negative: lhs.isNegative != rhs.isNegative, magnitude: rounded, scale: lhs.scale + widen + extra - rhs.scale)
    }
    return nil
  }

  @Test func quotientsAreThoseOfWideningByTrial() {
    var generator = XorShift(state: 0x9E37_79B9_7F4A_7C15)
    func next() -> UInt64 { generator.next() }
    func operand() -> DecimalValue {
      let digits = Int(next() % 38) + 1
      var magnitude = (UInt128(next()) << 64 | UInt128(next())) % DecimalValue.powerOfTen[digits]
      if magnitude == 0 { magnitude = 1 }
      let signed = next() % 3 == 0 ? -Int128(magnitude) : Int128(magnitude)
      return DecimalValue(uncheckedCoefficient: signed, scale: Int(next() % 39))
    }
    for _ in 0..<20_000 {
      let lhs = operand()
      let rhs = operand()
      let quotient = try? lhs / rhs
      let expected = quotientByTrying(lhs, rhs)
      #expect(
        quotient?.coefficient == expected?.coefficient && quotient?.scale == expected?.scale, "\(lhs) / \(rhs)")
    }
  }

  /// Addition as it was written first: every scale from the finer one down, until both
  /// operands and their sum fit.
  private func sumByTrying(_ lhs: DecimalValue, _ rhs: DecimalValue) -> DecimalValue? {
    var scale = max(lhs.scale, rhs.scale)
    while scale >= 0 {
      if let left = lhs.coefficient(atScale: scale), let right = rhs.coefficient(atScale: scale) {
        let (sum, overflow) = left.addingReportingOverflow(right)
        if !overflow && sum.magnitude <= DecimalValue.maxCoefficient {
          return DecimalValue(uncheckedCoefficient: sum, scale: scale)
        }
      }
      scale -= 1
    }
    return nil
  }

  @Test func sumsAreThoseOfTryingEveryScale() {
    var generator = XorShift(state: 0x2545_F491_4F6C_DD1D)
    func next() -> UInt64 { generator.next() }
    func operand() -> DecimalValue {
      let digits = Int(next() % 39)
      let magnitude = (UInt128(next()) << 64 | UInt128(next())) % DecimalValue.powerOfTen[digits]
      let signed = next() % 3 == 0 ? -Int128(magnitude) : Int128(magnitude)
      return DecimalValue(uncheckedCoefficient: signed, scale: Int(next() % 45))
    }
    for _ in 0..<20_000 {
      let lhs = operand()
      let rhs = operand()
      let sum = try? lhs + rhs
      let expected = sumByTrying(lhs, rhs)
      #expect(sum?.coefficient == expected?.coefficient && sum?.scale == expected?.scale, "\(lhs) + \(rhs)")
    }
  }
}

/// Marsaglia's xorshift (13, 7, 17): seeded, so that a failing case can be found again.
struct XorShift {
  var state: UInt64

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}

/// The statement a long script is mostly made of, a command word, a currency code and a
/// plain number (`set EUR 17611.72`), recognised from its bytes without the lexer and the
/// grammar walk. A million-line script of them spent a third of its time making tokens,
/// a parser and its reader for statements that all have the same three parts.
///
/// Only the plainest form is taken: the command word in lower case, a code of three
/// capital letters, digits with at most one point and digits after it, blanks between,
/// nothing else in the statement. Anything else (`set EUR 1_000`, `set eur 5`,
/// `set EUR -5`, `set EUR 5 at 2025-12-31`, an option, an expression) is left to the
/// lexer and the grammar, as is any statement whose grammar is not a currency slot and
/// a value slot followed by optional parts (see `StatementReader.arguments(of:…)`). What
/// it reads is what the grammar reads of the same bytes: the same values, slots and
/// offsets (a test compares the two on generated statements).
package struct QuickStatement: Sendable, Equatable {
  /// The command word's bytes in the line, and the code's, and the number's.
  package let command: Range<Int>
  package let code: Range<Int>
  package let number: Range<Int>
  /// Just past the statement (the segment's end).
  package let end: Int

  /// nil when `segment` is not exactly a lower-case word, a code and a plain number.
  package init?(_ bytes: [UInt8], _ segment: LineScanner.Segment) {
    var index = segment.start
    let end = segment.end
    guard end <= bytes.count else { return nil }
    func skipBlanks() {
      while index < end && LineScanner.isBlank(bytes[index]) { index += 1 }
    }
    // The command: lower-case letters, then a blank.
    skipBlanks()
    let commandStart = index
    while index < end && bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z") { index += 1 }
    guard index > commandStart, index < end, LineScanner.isBlank(bytes[index]) else { return nil }
    command = commandStart..<index
    // The code: three capital letters, then a blank.
    skipBlanks()
    let codeStart = index
    while index < end && index - codeStart < 3 && bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z")
    {
      index += 1
    }
    guard index - codeStart == 3, index < end, LineScanner.isBlank(bytes[index]) else { return nil }
    code = codeStart..<index
    // The number: digits, or digits, a point and digits.
    skipBlanks()
    let numberStart = index
    while index < end && Lexer.isDigit(bytes[index]) { index += 1 }
    guard index > numberStart else { return nil }
    if index < end && bytes[index] == UInt8(ascii: ".") {
      let fractionStart = index + 1
      index = fractionStart
      while index < end && Lexer.isDigit(bytes[index]) { index += 1 }
      guard index > fractionStart else { return nil }
    }
    number = numberStart..<index
    // Then nothing but blanks.
    skipBlanks()
    guard index == end else { return nil }
    self.end = end
  }

  /// Whether the command word is `word` (lower case).
  package func isCommand(_ word: StaticString, in bytes: [UInt8]) -> Bool {
    let wanted = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    return bytes[command].elementsEqual(wanted)
  }
}

extension StatementReader {
  /// The arguments the grammar would read from `statement`: the code for the grammar's
  /// first slot, the number for its second. nil when the grammar is not a currency slot,
  /// a value slot and then only parts that may be left out. (The statement has no
  /// option, nor anything after the number for an optional part to take.)
  package static func arguments(
    of statement: QuickStatement, in line: LogicalLine, commandOffset: Int, grammar: Grammar
  ) -> Arguments? {
    guard case .sequence(let items) = grammar, items.count >= 2, case .argument(let codeSlot) = items[0],
      codeSlot.kind == .currency, case .argument(let valueSlot) = items[1], valueSlot.kind == .expression,
      items.dropFirst(2).allSatisfy(\.isNullable)
    else { return nil }
    let bytes = line.bytes
    let arguments = Arguments(line: line, commandOffset: commandOffset, endOffset: statement.end)
    arguments.values.reserveCapacity(4)
    let code = statement.code
    let number = statement.number
    arguments.values.append(
      Arguments.Read(
        slot: codeSlot, value: .word(String(decoding: bytes[code], as: UTF8.self), at: code.lowerBound),
        start: code.lowerBound, end: code.upperBound))
    arguments.values.append(
      Arguments.Read(
        slot: valueSlot,
        value: .expression(.number(String(decoding: bytes[number], as: UTF8.self), at: number.lowerBound)),
        start: number.lowerBound, end: number.upperBound))
    return arguments
  }
}

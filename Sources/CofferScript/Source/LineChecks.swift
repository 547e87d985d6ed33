import CofferText

/// The checks every physical line passes before it is read: UTF-8, no NUL, not too long.
package enum LineChecks {
  /// Lines longer than this are refused rather than read.
  package static let maxLineBytes = 65_536

  /// The error of a line of `length` bytes, over the limit.
  package static func tooLong(_ length: Int, source: String, line: Int) -> ScriptError {
    ScriptError(
      tr(
        "line is {length} bytes long; the limit is {limit}", ["length": String(length), "limit": String(maxLineBytes)]),
      at: SourceLocation(source: source, line: line, column: 1))
  }

  /// Returns an error for a line that cannot be read as source, or nil.
  package static func check(_ bytes: [UInt8], source: String, line: Int) -> ScriptError? {
    if bytes.count > maxLineBytes { return tooLong(bytes.count, source: source, line: line) }
    // Most lines are plain ASCII: check that in one pass before the careful one.
    if !bytes.contains(where: { $0 == 0 || $0 >= 0x80 }) { return nil }
    var column = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0 {
        return ScriptError(tr("NUL byte in source"), at: SourceLocation(source: source, line: line, column: column))
      }
      let length = scalarLength(bytes, at: index)
      guard length > 0 else {
        return ScriptError(
          tr(
            "invalid UTF-8 (byte 0x{byte} at offset {offset})",
            ["byte": String(byte, radix: 16, uppercase: true), "offset": String(index)]),
          at: SourceLocation(source: source, line: line, column: column))
      }
      index += length
      column += 1
    }
    return nil
  }

  /// The length of the well-formed UTF-8 scalar starting at `index`, or 0.
  private static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
    let first = bytes[index]
    if first < 0x80 { return 1 }
    let length: Int
    let minimum: UInt32
    var scalar: UInt32
    switch first {
    case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(first & 0x1F))
    case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(first & 0x0F))
    case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(first & 0x07))
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return 0 }
      scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
    return length
  }
}

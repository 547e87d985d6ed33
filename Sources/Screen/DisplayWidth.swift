/// How many terminal columns text takes, as terminals (and ncurses, through the C
/// library's `wcwidth`) count them: East Asian wide and fullwidth characters (中文, 한글,
/// fullwidth forms, most emoji) take two; combining marks (the vowel sign of रू), format
/// characters and variation selectors none; everything else one. ANSI escape sequences
/// (`ESC [ … m`, colours) take none.
package enum DisplayWidth {
  /// The columns `text` takes.
  package static func of(_ text: String) -> Int {
    // A string's own bytes, read in place: the generic form below, called from another
    // module, reaches them through the protocol's witnesses (700 instructions for a cell
    // of a table, which a listing by month has hundreds of).
    var text = text
    return text.withUTF8(byteWidth) ?? scalarWidth(text)
  }

  /// The columns `text` takes.
  package static func of(_ text: some StringProtocol) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable(byteWidth)
    return (ascii ?? nil) ?? scalarWidth(text)
  }

  /// The columns of ASCII text (dates, codes, numbers, the escapes of colours) and Latin
  /// letters and signs, counted from their bytes: one column for each printable
  /// character. nil for anything else, which is counted by its scalars.
  private static func byteWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var width = 0
    var inEscape = false
    // The first byte of a two-byte character, while its second is awaited.
    var lead: UInt8 = 0
    for byte in bytes {
      if lead != 0 {
        // U+0080…U+02FF (¥, £, accented Latin letters): one column, none for the C1
        // controls U+0080…U+009F.
        if lead > 0xC2 || byte >= 0xA0 { width += 1 }
        lead = 0
      } else if byte >= 0x80 {
        // Anything else not ASCII is counted by its scalars.
        guard byte >= 0xC2 && byte <= 0xCB, !inEscape else { return nil }
        lead = byte
      } else if inEscape {
        if byte == UInt8(ascii: "m") { inEscape = false }
      } else if byte == 0x1B {
        inEscape = true
      } else if byte >= 0x20 && byte < 0x7F {
        width += 1
      }
    }
    return width
  }

  private static func scalarWidth(_ text: some StringProtocol) -> Int {
    var width = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" {
        inEscape = true
        continue
      }
      width += of(scalar)
    }
    return width
  }

  /// The columns one character (a grapheme cluster: a letter with its combining marks)
  /// takes.
  package static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars { width += of(scalar) }
    return width
  }

  /// The columns one scalar takes: 0, 1 or 2.
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    // Latin, Greek, Cyrillic and most symbols: one column, nothing to look up.
    if value >= 0x20 && value < 0x300 { return value >= 0x7F && value < 0xA0 ? 0 : 1 }
    if value < 0x20 { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
      // The soft hyphen is drawn, as a hyphen.
      return value == 0xAD ? 1 : 0
    default:
      break
    }
    // Hangul medial vowels and final consonants join the syllable before them.
    if value >= 0x1160 && value <= 0x11FF { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// East Asian Width W or F (Unicode 15), by ranges in increasing order.
  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
    0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
    0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
    0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
    0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
    0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
    0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
    0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  /// `text` cut to at most `width` columns at a character boundary, with `…` when cut (a
  /// wide character that would straddle the edge is left out with the rest).
  package static func cut(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    // A scalar takes at most two columns and is at least one byte (three for any wide
    // one), so a string of no more bytes than columns always fits.
    if text.utf8.count <= width || of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// `text` cut to `width` columns, or padded with blanks to exactly `width`.
  package static func fit(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    guard width > 0 else { return "" }
    let cut = cut(text, to: width)
    let columns = cut.utf8.count <= width && cut.utf8.allSatisfy({ $0 < 0x80 }) ? cut.utf8.count : of(cut)
    guard columns < width else { return cut }
    let padding = String(repeating: " ", count: width - columns)
    return alignRight ? padding + cut : cut + padding
  }
}

extension String {
  /// The text with control characters written as `\u{7}`: an error or a listing that
  /// quotes what was typed or read (a file's bytes, a path, a file name kept as a rate's
  /// source, a URL) never rings the bell, moves the cursor, retitles the window or starts
  /// an escape sequence on the terminal that shows it.
  var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: Self.isControl) else { return self }
    var escaped = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if Self.isControl(scalar) {
        escaped.append(contentsOf: Self.named(scalar).unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// The first control character and its byte offset in the text's UTF-8, if any.
  var firstControlCharacter: (scalar: Unicode.Scalar, offset: Int)? {
    var offset = 0
    for scalar in unicodeScalars {
      if Self.isControl(scalar) { return (scalar, offset) }
      offset += UTF8.width(scalar)
    }
    return nil
  }

  /// A control character as messages name it: `\u{1b}`.
  static func named(_ scalar: Unicode.Scalar) -> String { "\\u{\(String(scalar.value, radix: 16))}" }

  /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates (which would
  /// reorder the rest of the message on screen).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }
}

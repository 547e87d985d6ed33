extension String {
  /// The text with control characters written as `\u{7}`: an error that quotes what was
  /// typed or read (a file's bytes, a path) never rings the bell, moves the cursor or
  /// starts an escape sequence on the terminal that shows it.
  var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: Self.isControl) else { return self }
    var escaped = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if Self.isControl(scalar) {
        escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates (which would
  /// reorder the rest of the message on screen).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }
}

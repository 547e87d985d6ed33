extension String {
  /// Without the spaces and tabs at either end.
  package var trimmingBlanks: String {
    // Nothing to trim (a draft as typed, checked at every keystroke): itself, without
    // walking its characters. The bytes tell: a blank is one byte, never inside another
    // character's encoding.
    if let first = utf8.first, let last = utf8.last, !Self.isBlank(first), !Self.isBlank(last) { return self }
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}

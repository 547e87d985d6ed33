/// The named placeholders of a message, `{code}` or `{count}`: a name of ASCII letters,
/// digits and underscores, not starting with a digit, in braces. Names rather than
/// positions let a translation put the values in the order its language reads them.
/// Braces around anything else (`{}`, `{ a }`, `{1}`) are text, kept as they are.
enum Placeholders {
  /// The names of the placeholders in `text`, each once, in the order they first appear.
  static func names(in text: String) -> [String] {
    var names: [String] = []
    forEach(in: text) { name, _ in
      let name = String(name)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// `text` with each placeholder replaced by what `value` gives for its name; one it
  /// gives nothing for is left as written, so a mistake shows instead of vanishing.
  static func filling(_ text: String, _ value: (Substring) -> String?) -> String {
    var result = ""
    var copied = text.startIndex
    forEach(in: text) { name, range in
      guard let replacement = value(name) else { return }
      result += text[copied..<range.lowerBound]
      result += replacement
      copied = range.upperBound
    }
    guard copied != text.startIndex else { return text }
    result += text[copied...]
    return result
  }

  /// Calls `body` with each placeholder's name and the range of the placeholder, braces
  /// included, in order.
  private static func forEach(in text: String, _ body: (Substring, Range<String.Index>) -> Void) {
    let utf8 = text.utf8
    var index = utf8.startIndex
    while let open = utf8[index...].firstIndex(of: UInt8(ascii: "{")) {
      let nameStart = utf8.index(after: open)
      let nameEnd = utf8[nameStart...].firstIndex { !isNameByte($0) } ?? utf8.endIndex
      index = nameStart
      guard nameEnd < utf8.endIndex, utf8[nameEnd] == UInt8(ascii: "}"), nameEnd > nameStart,
        !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[nameStart])
      else { continue }
      let close = utf8.index(after: nameEnd)
      body(text[nameStart..<nameEnd], open..<close)
      index = close
    }
  }

  /// ASCII letters, digits and `_`: what a placeholder's name is made of.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    let letter = byte | 0x20  // lower case, for letters
    return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }
}

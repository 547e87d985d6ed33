import Foundation

/// A `tr` call in Coffer's sources, as written: its message (the catalogs' `msgid`), its
/// plural, and the names its values are given under.
struct MessageCall: CustomStringConvertible {
  let file: String
  let line: Int
  let id: String
  let plural: String?
  /// The keys of the values' dictionary literal (none when no values are passed); nil
  /// when the values are not a literal and so cannot be read here.
  let keys: [String]?

  var description: String { "\(file):\(line): \(id.debugDescription)" }
}

/// Reads the `tr(...)` calls out of Swift source text, with just enough of Swift's
/// lexical rules to do it right: comments and other string literals are skipped (a doc
/// comment showing a call is no call), and the message literals are decoded as Swift
/// decodes them (escapes, multi-line literals' indentation and line continuations), so
/// they compare equal to the catalogs' msgids.
struct MessageCallScanner {
  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var line = 1
  private(set) var calls: [MessageCall] = []
  /// Calls that cannot be checked, each with its place: a message that is not a literal.
  private(set) var problems: [String] = []

  /// Scans `text`, the contents of `file`.
  init(_ text: String, file: String) {
    bytes = Array(text.utf8)
    self.file = file
    scan()
  }

  /// Every `tr` call under `folder`'s `.swift` files, and what could not be read, with
  /// paths relative to `root`.
  static func scan(folder: URL, root: URL) -> (calls: [MessageCall], problems: [String]) {
    var calls: [MessageCall] = []
    var problems: [String] = []
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
      return ([], ["\(folder.path): cannot be listed"])
    }
    for case let url as URL in files where url.pathExtension == "swift" {
      let relative = String(url.path.dropFirst(root.path.count + 1))
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        problems.append("\(relative): cannot be read")
        continue
      }
      let scanner = MessageCallScanner(text, file: relative)
      calls += scanner.calls
      problems += scanner.problems
    }
    return (calls, problems)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func byte(at offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func advance() {
    if current == UInt8(ascii: "\n") { line += 1 }
    index += 1
  }

  private func startsWith(_ text: String) -> Bool {
    let wanted = Array(text.utf8)
    return index + wanted.count <= bytes.count && Array(bytes[index..<index + wanted.count]) == wanted
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    let letter = byte | 0x20
    return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  private mutating func scan() {
    var previousWord = ""
    var previousByte: UInt8 = 0
    while let byte = current {
      if skipCommentOrString() {
        previousByte = UInt8(ascii: "\"")
        continue
      }
      if Self.isIdentifier(byte) && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
        let start = index
        while let next = current, Self.isIdentifier(next) { advance() }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        if word == "tr" && previousByte != UInt8(ascii: ".") && previousWord != "func" {
          let callLine = line
          skipBlanks()
          if current == UInt8(ascii: "(") {
            advance()
            // Read the call, then go on from its start: a call in its values is read too.
            let (resume, resumeLine) = (index, line)
            readCall(line: callLine)
            (index, line) = (resume, resumeLine)
          }
        }
        previousWord = word
        previousByte = UInt8(ascii: "a")
        continue
      }
      if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t") {
        previousByte = byte
        previousWord = ""
      }
      advance()
    }
  }

  private mutating func skipBlanks() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    {
      advance()
    }
  }

  /// Skips a comment or a string literal at the current place, if one starts there.
  private mutating func skipCommentOrString() -> Bool {
    if startsWith("//") {
      while let byte = current, byte != UInt8(ascii: "\n") { advance() }
      return true
    }
    if startsWith("/*") {
      var depth = 0
      while current != nil {
        if startsWith("/*") {
          depth += 1
          advance()
        } else if startsWith("*/") {
          depth -= 1
          advance()
          if depth == 0 {
            advance()
            break
          }
        }
        advance()
      }
      return true
    }
    if current == UInt8(ascii: "\"") || (current == UInt8(ascii: "#") && rawStringStarts()) {
      _ = readLiteral()
      return true
    }
    return false
  }

  /// Whether `#…#"` starts here: a raw string literal.
  private func rawStringStarts() -> Bool {
    var offset = 0
    while byte(at: offset) == UInt8(ascii: "#") { offset += 1 }
    return byte(at: offset) == UInt8(ascii: "\"")
  }

  /// The arguments of a `tr(` call, read up to its closing parenthesis.
  private mutating func readCall(line callLine: Int) {
    skipBlanks()
    guard current == UInt8(ascii: "\""), let id = readLiteral() else {
      problems.append("\(file):\(callLine): tr's message is not a plain string literal")
      skipArguments()
      return
    }
    skipBlanks()
    var plural: String?
    var keys: [String]? = []
    if current == UInt8(ascii: ",") {
      advance()
      skipBlanks()
      if current == UInt8(ascii: "\"") {
        guard let text = readLiteral() else {
          problems.append("\(file):\(callLine): tr's plural is not a plain string literal")
          skipArguments()
          return
        }
        plural = text
        skipBlanks()
        guard current == UInt8(ascii: ","), skipExpression(),
          current == UInt8(ascii: ",") || current == UInt8(ascii: ")")
        else {
          problems.append("\(file):\(callLine): tr's plural is not followed by count:")
          skipArguments()
          return
        }
        if current == UInt8(ascii: ",") {
          advance()
          skipBlanks()
          keys = readValues()
        }
      } else {
        keys = readValues()
      }
    }
    calls.append(MessageCall(file: file, line: callLine, id: id, plural: plural, keys: keys))
    skipArguments()
  }

  /// Skips `, count: …`: from the comma to the next comma or parenthesis at its level.
  private mutating func skipExpression() -> Bool {
    advance()
    var depth = 0
    while let byte = current {
      if skipCommentOrString() { continue }
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return true }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 0 { return true }
      default: break
      }
      advance()
    }
    return false
  }

  /// Skips what is left of the call, up to and including its closing parenthesis.
  private mutating func skipArguments() {
    var depth = 1
    while let byte = current, depth > 0 {
      if skipCommentOrString() { continue }
      if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
      if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
      advance()
    }
  }

  /// The keys of a dictionary literal `["name": value, …]` at the current place; nil when
  /// the values are anything else.
  private mutating func readValues() -> [String]? {
    guard current == UInt8(ascii: "[") else { return nil }
    advance()
    var keys: [String] = []
    var depth = 1
    // A key is a literal that starts an element and is followed by a colon.
    var elementStarts = true
    while let byte = current, depth > 0 {
      if byte == UInt8(ascii: "\"") && depth == 1 && elementStarts {
        let text = readLiteral()
        skipBlanks()
        if current == UInt8(ascii: ":"), let text { keys.append(text) }
        elementStarts = false
        continue
      }
      if skipCommentOrString() {
        elementStarts = false
        continue
      }
      if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
      if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
      if byte == UInt8(ascii: ",") && depth == 1 {
        elementStarts = true
      } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t") {
        elementStarts = false
      }
      advance()
    }
    return keys
  }

  /// Reads the string literal at the current place: its text, or nil when it is raw or
  /// interpolated (whose text is not known before the program runs).
  private mutating func readLiteral() -> String? {
    var hashes = 0
    while current == UInt8(ascii: "#") {
      hashes += 1
      advance()
    }
    let multiLine = startsWith("\"\"\"")
    let delimiter = Array((multiLine ? "\"\"\"" : "\"").utf8) + Array(repeating: UInt8(ascii: "#"), count: hashes)
    for _ in 0..<(multiLine ? 3 : 1) { advance() }
    var raw: [UInt8] = []
    var interpolated = false
    while let byte = current {
      if Array(bytes[index..<min(index + delimiter.count, bytes.count)]) == delimiter {
        for _ in delimiter { advance() }
        break
      }
      if byte == UInt8(ascii: "\\")
        && bytes[(index + 1)...].starts(with: repeatElement(UInt8(ascii: "#"), count: hashes))
      {
        raw.append(byte)
        advance()
        for _ in 0..<hashes { advance() }
        if current == UInt8(ascii: "(") {
          interpolated = true
          skipInterpolation()
          continue
        }
        if let escaped = current {
          raw.append(escaped)
          advance()
        }
        continue
      }
      raw.append(byte)
      advance()
    }
    guard hashes == 0, !interpolated else { return nil }
    return multiLine ? Self.decodeMultiLine(raw) : Self.decodeEscapes(raw[...])
  }

  /// Skips `(…)` of an interpolation, strings within it included.
  private mutating func skipInterpolation() {
    var depth = 0
    while let byte = current {
      if skipCommentOrString() { continue }
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          advance()
          return
        }
      }
      advance()
    }
  }

  /// A multi-line literal's text: the closing delimiter's indentation taken off every
  /// line, the first and last line breaks dropped, a line ending in `\` joined to the next.
  private static func decodeMultiLine(_ raw: [UInt8]) -> String? {
    var lines = raw.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
    guard lines.count >= 2 else { return nil }
    lines.removeFirst()  // what follows the opening delimiter on its line: nothing
    let indentation = lines.removeLast()
    var joined: [UInt8] = []
    for (number, text) in lines.enumerated() {
      var text = text.starts(with: indentation) ? Array(text.dropFirst(indentation.count)) : text
      if text.last == UInt8(ascii: "\r") { text.removeLast() }
      let trailingBackslashes = text.reversed().prefix { $0 == UInt8(ascii: "\\") }.count
      if trailingBackslashes % 2 == 1 {
        joined += text.dropLast()
      } else {
        joined += text
        if number < lines.count - 1 { joined.append(UInt8(ascii: "\n")) }
      }
    }
    return decodeEscapes(joined[...])
  }

  /// Swift's escapes undone: `\0 \\ \t \n \r \" \'` and `\u{…}`.
  private static func decodeEscapes(_ raw: ArraySlice<UInt8>) -> String? {
    var text = ""
    var bytes: [UInt8] = []
    var index = raw.startIndex
    func flush() {
      text += String(decoding: bytes, as: UTF8.self)
      bytes = []
    }
    while index < raw.endIndex {
      let byte = raw[index]
      index += 1
      guard byte == UInt8(ascii: "\\"), index < raw.endIndex else {
        bytes.append(byte)
        continue
      }
      let escaped = raw[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "0"): bytes.append(0)
      case UInt8(ascii: "t"): bytes.append(9)
      case UInt8(ascii: "n"): bytes.append(10)
      case UInt8(ascii: "r"): bytes.append(13)
      case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): bytes.append(escaped)
      case UInt8(ascii: "u"):
        guard index < raw.endIndex, raw[index] == UInt8(ascii: "{"),
          let close = raw[index...].firstIndex(of: UInt8(ascii: "}")),
          let value = UInt32(String(decoding: raw[(index + 1)..<close], as: UTF8.self), radix: 16),
          let scalar = Unicode.Scalar(value)
        else { return nil }
        flush()
        text.unicodeScalars.append(scalar)
        index = close + 1
      default: return nil
      }
    }
    flush()
    return text
  }
}

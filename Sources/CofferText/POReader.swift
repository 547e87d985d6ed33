/// Reads gettext `.po` text: the entries, with comments, flags and obsolete (`#~`)
/// entries skipped, strings continued over lines joined and C escapes undone.
///
/// Coffer's own catalogs are built into the binary and checked by `msgfmt --check` in the
/// tests, so this reads what GNU gettext writes and refuses the rest with its line rather
/// than guessing: `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and `msgstr[N]`.
enum POReader {
  /// What is wrong in a catalog, and on which line.
  struct Failure: Error, CustomStringConvertible, Equatable {
    let line: Int
    let message: String

    var description: String { "line \(line): \(message)" }
  }

  /// The entries of `text` (UTF-8 bytes), header included, in the catalog's order.
  static func entries(_ text: some Collection<UInt8>) throws(Failure) -> [POEntry] {
    var reader = Reader()
    var lineNumber = 0
    var line: [UInt8] = []
    line.reserveCapacity(256)
    for byte in text {
      if byte == UInt8(ascii: "\n") {
        lineNumber += 1
        try reader.read(line, number: lineNumber)
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(byte)
      }
    }
    if !line.isEmpty {
      lineNumber += 1
      try reader.read(line, number: lineNumber)
    }
    try reader.finishEntry(at: lineNumber + 1)
    return reader.entries
  }

  /// The keyword a line starts with, and so the field its strings go to.
  private enum Field: Equatable {
    case context, id, idPlural
    case translation(Int?)  // nil for plain `msgstr`, N for `msgstr[N]`
  }

  /// The reader's state between lines: the entry being read and the field that a line
  /// holding only a string continues.
  private struct Reader {
    var entries: [POEntry] = []
    private var keys: Set<String> = []
    private var context: String?
    private var id: String?
    private var idPlural: String?
    private var translations: [String] = []
    private var fuzzy = false
    /// `#, fuzzy` read since the last entry: it belongs to the next.
    private var fuzzyNext = false
    private var idLine = 0
    private var field: Field?
    /// The bytes of the field being read, joined over its continuation lines.
    private var value: [UInt8] = []

    mutating func read(_ raw: [UInt8], number: Int) throws(Failure) {
      var line = raw[...]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      line = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      guard let first = line.first else { return }
      if first == UInt8(ascii: "#") {
        // A comment ends the entry before it; its flags go to the next one.
        if readingTranslations { try finishEntry(at: number) }
        if line.starts(with: Array("#,".utf8)) {
          let flags = String(decoding: line.dropFirst(2), as: UTF8.self).split { $0 == "," || $0 == " " }
          if flags.contains("fuzzy") { fuzzyNext = true }
        }
        return
      }
      if first == UInt8(ascii: "\"") {
        guard field != nil else { throw Failure(line: number, message: "a string that continues no keyword") }
        value += try Self.string(line, line: number)
        return
      }
      let word = line.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\"") }
      let rest = line.dropFirst(word.count).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      let keyword = String(decoding: word, as: UTF8.self)
      let next: Field
      switch keyword {
      case "msgctxt": next = .context
      case "msgid": next = .id
      case "msgid_plural": next = .idPlural
      case "msgstr": next = .translation(nil)
      default:
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          let index = Int(keyword.dropFirst(7).dropLast()), index >= 0
        else { throw Failure(line: number, message: "unknown keyword '\(keyword)'") }
        next = .translation(index)
      }
      guard rest.first == UInt8(ascii: "\"") else {
        throw Failure(line: number, message: "'\(keyword)' needs a string in double quotes")
      }
      try begin(next, at: number)
      value = try Self.string(rest, line: number)
    }

    /// Whether the entry being read has reached its `msgstr`: what follows that is not a
    /// continuation or another `msgstr[N]` starts a new entry.
    private var readingTranslations: Bool {
      if case .translation = field { return true }
      return !translations.isEmpty
    }

    /// Ends the field being read and starts `next`, checking that it may come here.
    private mutating func begin(_ next: Field, at number: Int) throws(Failure) {
      let previous = field
      try endField(at: number)
      // A new message starts at its context, or at its id when no context came first.
      if next == .context || (next == .id && previous != .context) {
        if id != nil || context != nil { try finishEntry(at: number) }
      }
      switch next {
      case .context:
        break
      case .id:
        guard id == nil else { throw Failure(line: number, message: "a second msgid in one entry") }
        idLine = number
        fuzzy = fuzzyNext
        fuzzyNext = false
      case .idPlural:
        guard id != nil, idPlural == nil, translations.isEmpty else {
          throw Failure(line: number, message: "msgid_plural must follow its msgid")
        }
      case .translation(let index):
        guard id != nil else { throw Failure(line: number, message: "msgstr before any msgid") }
        guard (index != nil) == (idPlural != nil) else {
          throw Failure(
            line: number,
            message: idPlural == nil ? "msgstr[N] without msgid_plural" : "a plural message needs msgstr[N]")
        }
        guard (index ?? 0) == translations.count, index != nil || translations.isEmpty else {
          throw Failure(
            line: number, message: index == nil ? "a second msgstr" : "msgstr[\(translations.count)] expected here")
        }
      }
      field = next
    }

    /// Stores the string read for the field being read.
    private mutating func endField(at number: Int) throws(Failure) {
      guard let field else { return }
      guard let text = String(validating: value, as: UTF8.self) else {
        throw Failure(line: number, message: "text that is not UTF-8")
      }
      switch field {
      case .context: context = text
      case .id: id = text
      case .idPlural: idPlural = text
      case .translation: translations.append(text)
      }
      self.field = nil
      value = []
    }

    /// Ends the entry being read, if any, and keeps it.
    mutating func finishEntry(at number: Int) throws(Failure) {
      try endField(at: number)
      guard id != nil || context != nil else { return }
      guard let id else { throw Failure(line: number, message: "msgctxt without a msgid") }
      guard !translations.isEmpty else { throw Failure(line: idLine, message: "msgid without a msgstr") }
      let entry = POEntry(
        context: context, id: id, idPlural: idPlural, translations: translations, isFuzzy: fuzzy, line: idLine)
      guard keys.insert(entry.key).inserted else {
        throw Failure(line: idLine, message: "a second entry for the same msgid")
      }
      entries.append(entry)
      context = nil
      self.id = nil
      idPlural = nil
      translations = []
      fuzzy = false
    }

    /// The bytes of the double-quoted string that `text` starts with, its escapes undone;
    /// nothing but blanks may follow it on the line.
    private static func string(_ text: ArraySlice<UInt8>, line: Int) throws(Failure) -> [UInt8] {
      var bytes: [UInt8] = []
      var index = text.index(after: text.startIndex)
      while index < text.endIndex {
        let byte = text[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          guard text[index...].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
            throw Failure(line: line, message: "text after the closing quote")
          }
          return bytes
        case UInt8(ascii: "\\"):
          guard index < text.endIndex else { throw Failure(line: line, message: "a string with no closing quote") }
          let escaped = text[index]
          index += 1
          switch escaped {
          case UInt8(ascii: "n"): bytes.append(10)
          case UInt8(ascii: "t"): bytes.append(9)
          case UInt8(ascii: "r"): bytes.append(13)
          case UInt8(ascii: "a"): bytes.append(7)
          case UInt8(ascii: "b"): bytes.append(8)
          case UInt8(ascii: "f"): bytes.append(12)
          case UInt8(ascii: "v"): bytes.append(11)
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "?"): bytes.append(escaped)
          default:
            throw Failure(line: line, message: "unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
          }
        default:
          bytes.append(byte)
        }
      }
      throw Failure(line: line, message: "a string with no closing quote")
    }
  }
}

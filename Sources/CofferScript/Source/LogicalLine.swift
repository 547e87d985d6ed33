/// One statement line as the lexer sees it: one physical line, or several joined by a
/// trailing `\`. It remembers where each piece came from, so a byte offset in the joined
/// text maps back to the physical line and column.
package struct LogicalLine: Sendable {
  /// The parts, in one box: a statement's line is handed to the parser, the arguments
  /// and the error reporter, and each copy is then one reference, not three.
  private final class Storage: @unchecked Sendable {
    let source: String
    var bytes: [UInt8]
    /// The physical line the text starts on.
    let firstLine: Int
    /// Per piece joined by a `\`: its first byte in `bytes` and its physical line number
    /// (empty for a line that was not continued, as most are: no array to allocate).
    var laterPieces: [(offset: Int, line: Int)]
    /// The joined pieces before this offset end outside any comment or string (they were
    /// continued), so `continues` scans only the last piece: a long run of continued
    /// lines costs linear time, not quadratic.
    var settledPrefix = 0

    init(
      source: String, bytes: [UInt8], firstLine: Int, laterPieces: [(offset: Int, line: Int)], settledPrefix: Int
    ) {
      self.source = source
      self.bytes = bytes
      self.firstLine = firstLine
      self.laterPieces = laterPieces
      self.settledPrefix = settledPrefix
    }
  }

  // Never changed once shared: `append` copies it first unless this line is its only owner.
  private var storage: Storage

  package var source: String { storage.source }
  /// The joined text, without the `\` and newline between pieces.
  package var bytes: [UInt8] { storage.bytes }
  private var settledPrefix: Int { storage.settledPrefix }

  package init(source: String, line: Int, bytes: [UInt8]) {
    storage = Storage(source: source, bytes: bytes, firstLine: line, laterPieces: [], settledPrefix: 0)
  }

  /// True when the text ends in a `\` that continues it on the next line (a `\` inside a
  /// comment or a string does not count).
  package var continues: Bool {
    guard bytes.last == UInt8(ascii: "\\") else { return false }
    // After several `\` in a row, the last may already lie in the settled prefix (which
    // ends outside any comment or string; a `\` cannot end a string).
    return LineScanner.endsOutsideCommentAndString(bytes[min(settledPrefix, bytes.count - 1)..<(bytes.count - 1)])
  }

  /// Joins the next physical line onto this one, dropping the trailing `\`.
  package mutating func append(line: Int, bytes next: [UInt8]) {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(
        source: storage.source, bytes: storage.bytes, firstLine: storage.firstLine, laterPieces: storage.laterPieces,
        settledPrefix: storage.settledPrefix)
    }
    let continued = continues
    if continued {
      storage.bytes.removeLast()
      storage.settledPrefix = storage.bytes.count
    } else if storage.bytes.last == UInt8(ascii: "\\") {
      storage.bytes.removeLast()
    }
    storage.laterPieces.append((storage.bytes.count, line))
    storage.bytes.append(contentsOf: next)
  }

  /// The place of a byte offset in this line.
  package func location(ofOffset offset: Int) -> SourceLocation {
    let bytes = storage.bytes
    var piece = (offset: 0, line: storage.firstLine)
    for candidate in storage.laterPieces where candidate.offset <= offset { piece = candidate }
    // Count scalars, not bytes: continuation bytes (10xxxxxx) do not start a column.
    var column = 1
    var index = piece.offset
    let end = min(offset, bytes.count)
    while index < end {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(source: source, line: piece.line, column: column)
  }
}

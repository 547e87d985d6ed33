/// One statement line as the lexer sees it: one physical line, or several joined by a
/// trailing `\`. It remembers where each piece came from, so a byte offset in the joined
/// text maps back to the physical line and column.
public struct LogicalLine: Sendable {
  public let source: String
  /// The joined text, without the `\` and newline between pieces.
  public private(set) var bytes: [UInt8]
  /// Per piece: its first byte in `bytes` and its physical line number.
  private var pieces: [(offset: Int, line: Int)]
  /// The joined pieces before this offset end outside any comment or string (they were
  /// continued), so `continues` scans only the last piece: a long run of continued
  /// lines costs linear time, not quadratic.
  private var settledPrefix = 0

  public init(source: String, line: Int, bytes: [UInt8]) {
    self.source = source
    self.bytes = bytes
    self.pieces = [(0, line)]
  }

  /// True when the text ends in a `\` that continues it on the next line (a `\` inside a
  /// comment or a string does not count).
  public var continues: Bool {
    guard bytes.last == UInt8(ascii: "\\") else { return false }
    return LineScanner.endsOutsideCommentAndString(bytes[settledPrefix..<(bytes.count - 1)])
  }

  /// Joins the next physical line onto this one, dropping the trailing `\`.
  public mutating func append(line: Int, bytes next: [UInt8]) {
    if continues {
      bytes.removeLast()
      settledPrefix = bytes.count
    } else if bytes.last == UInt8(ascii: "\\") {
      bytes.removeLast()
    }
    pieces.append((bytes.count, line))
    bytes.append(contentsOf: next)
  }

  /// The place of a byte offset in this line.
  public func location(ofOffset offset: Int) -> SourceLocation {
    var piece = pieces[0]
    for candidate in pieces where candidate.offset <= offset { piece = candidate }
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

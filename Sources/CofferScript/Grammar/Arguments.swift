/// A statement's arguments as its grammar read them, by slot name, in order. (A class:
/// it is handed from the reader to the command it names without copying its parts.)
public final class Arguments {
  /// One argument read for a slot.
  public enum Value: Sendable, Equatable {
    case word(String, at: Int)
    case expression(Expression)
    case comparison(Comparison, at: Int)
    case string(String, at: Int)
    case path(String, at: Int)
    case words([Token])

    public var offset: Int {
      switch self {
      case .word(_, let at), .comparison(_, let at), .string(_, let at), .path(_, let at): at
      case .expression(let expression): expression.offset
      case .words(let tokens): tokens.first?.start ?? 0
      }
    }
  }

  /// An option given to the statement: `--all`, or `--format json` with its value.
  public struct Option: Sendable {
    public let name: String
    public let value: Token?
    public let token: Token
  }

  public let line: LogicalLine
  /// Where the command's name starts, and just past the statement.
  public let commandOffset: Int
  public let endOffset: Int
  public internal(set) var values: [(slot: String, value: Value, start: Int, end: Int)] = []
  /// The keywords read, in order (lowercase), with where each was written.
  public internal(set) var keywords: [(word: String, offset: Int)] = []
  public internal(set) var options: [Option] = []

  init(line: LogicalLine, commandOffset: Int, endOffset: Int) {
    self.line = line
    self.commandOffset = commandOffset
    self.endOffset = endOffset
  }

  /// The first value read for a slot.
  public subscript(slot: String) -> Value? {
    values.first { $0.slot == slot }?.value
  }

  /// The source text of a slot's argument, as written.
  public func text(of slot: String) -> String {
    guard let found = values.first(where: { $0.slot == slot }) else { return "" }
    return String(decoding: line.bytes[found.start..<max(found.start, found.end)], as: UTF8.self)
  }

  /// Where a slot's argument starts.
  public func start(of slot: String) -> Int? {
    values.first { $0.slot == slot }?.start
  }

  /// Every value read for a slot (a repeated one).
  public func all(_ slot: String) -> [Value] {
    values.filter { $0.slot == slot }.map(\.value)
  }

  public func has(keyword: String) -> Bool { keywords.contains { $0.word == keyword } }

  /// Where a keyword was written.
  public func offset(of keyword: String) -> Int? { keywords.first { $0.word == keyword }?.offset }

  public func option(_ name: String) -> Option? { options.first { $0.name == name } }

  /// An error at a byte offset of this statement.
  public func error(_ message: String, at offset: Int) -> ScriptError {
    ScriptError(message, at: line.location(ofOffset: offset))
  }
}

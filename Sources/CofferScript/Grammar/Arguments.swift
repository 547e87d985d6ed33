/// A statement's arguments as its grammar read them, by slot name, in order. (A class:
/// it is handed from the reader to the command it names without copying its parts.)
package final class Arguments {
  /// One argument read for a slot.
  package enum Value: Sendable, Equatable {
    case word(String, at: Int)
    case expression(Expression)
    case comparison(Comparison, at: Int)
    case string(String, at: Int)
    case path(String, at: Int)
    /// The rest of the statement as written (a sheet draft).
    case text(String, at: Int)
    case words([Token])

    package var offset: Int {
      switch self {
      case .word(_, let at), .comparison(_, let at), .string(_, let at), .path(_, let at), .text(_, let at): at
      case .expression(let expression): expression.offset
      case .words(let tokens): tokens.first?.start ?? 0
      }
    }
  }

  /// An option given to the statement: `--all`, or `--format json` with its value.
  package struct Option: Sendable {
    package let name: String
    package let value: Token?
    package let token: Token
  }

  package let line: LogicalLine
  /// Where the command's name starts, and just past the statement.
  package let commandOffset: Int
  package let endOffset: Int
  package internal(set) var values: [(slot: String, value: Value, start: Int, end: Int)] = []
  /// The keywords read, in order (lowercase), with where each was written.
  package internal(set) var keywords: [(word: String, offset: Int)] = []
  package internal(set) var options: [Option] = []

  init(line: LogicalLine, commandOffset: Int, endOffset: Int) {
    self.line = line
    self.commandOffset = commandOffset
    self.endOffset = endOffset
  }

  /// The first value read for a slot.
  package subscript(slot: String) -> Value? {
    values.first { $0.slot == slot }?.value
  }

  /// The source text of a slot's argument, as written.
  package func text(of slot: String) -> String {
    guard let found = values.first(where: { $0.slot == slot }) else { return "" }
    return String(decoding: line.bytes[found.start..<max(found.start, found.end)], as: UTF8.self)
  }

  /// Where a slot's argument starts.
  package func start(of slot: String) -> Int? {
    values.first { $0.slot == slot }?.start
  }

  /// Every value read for a slot (a repeated one).
  package func all(_ slot: String) -> [Value] {
    values.filter { $0.slot == slot }.map(\.value)
  }

  package func has(keyword: String) -> Bool { keywords.contains { $0.word == keyword } }

  /// Where a keyword was written.
  package func offset(of keyword: String) -> Int? { keywords.first { $0.word == keyword }?.offset }

  /// An option given; the last one when it was given twice, as on the command line.
  package func option(_ name: String) -> Option? { options.last { $0.name == name } }

  /// An error at a byte offset of this statement.
  package func error(_ message: String, at offset: Int) -> ScriptError {
    ScriptError(message, at: line.location(ofOffset: offset))
  }
}

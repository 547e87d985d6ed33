import CofferText

/// A statement's arguments as its grammar read them, by the slot each was read for, in
/// order. A command reads them back through its typed slots and options (`TypedSlot`,
/// `Flag`, `ValueOption`), never by name. (A class: it is handed from the reader to the
/// command it names without copying its parts.)
package final class Arguments {
  /// One argument read for a slot, as the reader stored it.
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

  /// One value read, with the slot it was read for and the bytes it spans. (A struct,
  /// not a tuple: an array of tuples is destroyed through the runtime's generic tuple
  /// witnesses, a cost every statement paid when its arguments went.)
  package struct Read: Sendable {
    package let slot: Slot
    package let value: Value
    package let start: Int
    package let end: Int
  }

  /// A keyword read (lowercase), with where it was written.
  package struct Keyword: Sendable {
    package let word: String
    package let offset: Int
  }

  package let line: LogicalLine
  /// Where the command's name starts, and just past the statement.
  package let commandOffset: Int
  package let endOffset: Int
  /// Every value read, in order.
  package internal(set) var values: [Read] = []
  /// The keywords read, in order.
  package internal(set) var keywords: [Keyword] = []
  package internal(set) var options: [Option] = []

  init(line: LogicalLine, commandOffset: Int, endOffset: Int) {
    self.line = line
    self.commandOffset = commandOffset
    self.endOffset = endOffset
  }

  // MARK: - Slots

  /// The first value read for a slot; nil when the statement gave none.
  package subscript<Value>(_ typed: TypedSlot<Value>) -> Value? {
    for read in values where read.slot === typed.slot { return typed.extract(read.value) }
    return nil
  }

  /// The first value read for `slot`, as the reader stored it: where a command's typed
  /// read starts, in the command's own module, whose compiler specializes it for the
  /// slot's type. (This module's generic reads, called from another, run unspecialized
  /// and ask the runtime for the metadata of `Value?` at each call: some 500
  /// instructions, a tenth of a `set` statement's cost in a long script.)
  package func firstValue(for slot: Slot) -> Value? {
    for read in values where read.slot === slot { return read.value }
    return nil
  }

  /// The value of a slot the grammar requires. A statement without it fails as the
  /// grammar fails a statement that lacks it: the read itself cannot go wrong.
  package func required<Value>(_ typed: TypedSlot<Value>) throws(ScriptError) -> Value {
    guard let value = self[typed] else { throw missing(typed.slot) }
    return value
  }

  /// The error of a statement that gave a required slot no value.
  package func missing(_ slot: Slot) -> ScriptError {
    ScriptError(tr("expected {what}", ["what": slot.description]), at: line.location(ofOffset: endOffset))
  }

  /// Every value read for a slot (a repeated one), in order.
  package func all<Value>(_ typed: TypedSlot<Value>) -> [Value] {
    // A plain loop: `compactMap` over the values, unspecialized here, costs a run's start
    // a lookup of their type by name.
    var found: [Value] = []
    for read in values where read.slot === typed.slot {
      if let value = typed.extract(read.value) { found.append(value) }
    }
    return found
  }

  /// Whether the statement gave the slot a value.
  package func has<Value>(_ typed: TypedSlot<Value>) -> Bool {
    values.contains { $0.slot === typed.slot }
  }

  /// The source text of a slot's argument, as written.
  package func text<Value>(of typed: TypedSlot<Value>) -> String {
    guard let found = values.first(where: { $0.slot === typed.slot }) else { return "" }
    return String(decoding: line.bytes[found.start..<max(found.start, found.end)], as: UTF8.self)
  }

  /// Where a slot's argument starts.
  package func start<Value>(of typed: TypedSlot<Value>) -> Int? {
    values.first { $0.slot === typed.slot }?.start
  }

  // MARK: - Keywords

  package func has(keyword: String) -> Bool { keywords.contains { $0.word == keyword } }

  /// Where a keyword was written.
  package func offset(of keyword: String) -> Int? { keywords.first { $0.word == keyword }?.offset }

  // MARK: - Options

  /// Whether a flag was given.
  package func has(_ flag: Flag) -> Bool {
    options.contains { $0.name == flag.spec.name }
  }

  /// The value of an option, typed, with where it was written; the last one when it was
  /// given twice, as on the command line. (Its value was checked against the ones it
  /// takes when the statement was read.)
  package subscript<Value>(_ option: ValueOption<Value>) -> Written<Value>? {
    guard let given = options.last(where: { $0.name == option.spec.name }), let token = given.value,
      let word = token.word, let value = option.parse(word)
    else { return nil }
    return Written(value, at: token.start)
  }

  /// An error at a byte offset of this statement.
  package func error(_ message: String, at offset: Int) -> ScriptError {
    ScriptError(message, at: line.location(ofOffset: offset))
  }
}

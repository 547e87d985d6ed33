import CofferText

/// What a command takes after its name, declared once: the parser reads statements with
/// it, `help` prints it as the usage line, and completion asks it what may come next.
package indirect enum Grammar: Sendable {
  /// A word written as is, in any letter case (`to`, `all`, `from`).
  case keyword(String)
  /// A symbol written as is (`=`, `,`).
  case symbol(String)
  /// An argument the command reads: a currency code, a value, a path…
  case argument(Slot)
  case sequence([Grammar])
  case optional(Grammar)
  /// The first alternative that can start here.
  case choice([Grammar])
  /// Zero or more.
  case repeated(Grammar)

  /// Nothing after the command's name.
  package static let none = Grammar.sequence([])
}

extension Grammar {
  /// The usage line's text: `X FROM [to] TO [at DATE]`.
  package var usage: String {
    switch self {
    case .keyword(let word): word
    case .symbol(let symbol): symbol
    case .argument(let slot): slot.kind == .words ? slot.name + "..." : slot.name
    case .sequence(let items): items.map(\.usage).filter { !$0.isEmpty }.joined(separator: " ")
    case .optional(let inner): "[\(inner.usage)]"
    case .choice(let alternatives): alternatives.map(\.usage).joined(separator: "|")
    case .repeated(let inner): "[\(inner.usage)...]"
    }
  }

  /// Whether it may match nothing.
  var isNullable: Bool {
    switch self {
    case .keyword, .symbol, .argument: false
    case .optional, .repeated: true
    case .sequence(let items): items.allSatisfy(\.isNullable)
    case .choice(let alternatives): alternatives.contains(where: \.isNullable)
    }
  }

  /// Whether a slot takes the rest of the statement: options are then part of it.
  package var takesRest: Bool {
    switch self {
    case .keyword, .symbol: false
    case .argument(let slot): slot.takesRest
    case .sequence(let items): items.contains(where: \.takesRest)
    case .choice(let items): items.contains(where: \.takesRest)
    case .optional(let inner), .repeated(let inner): inner.takesRest
    }
  }

  /// How an error names what was expected: `a currency code such as USD or 'all'`.
  var expectation: String {
    switch self {
    case .keyword(let word): "'\(word)'"
    case .symbol(let symbol): "'\(symbol)'"
    case .argument(let slot): slot.description
    case .sequence(let items): items.first(where: { !$0.isNullable })?.expectation ?? items.first?.expectation ?? ""
    case .optional(let inner), .repeated(let inner): inner.expectation
    case .choice(let alternatives): Self.either(alternatives.map(\.expectation))
    }
  }

  /// How an error names one of several things expected: `'to' or 'from'`, `a or b or c`.
  static func either(_ things: [String]) -> String {
    guard var text = things.first else { return "" }
    for thing in things.dropFirst() { text = tr("{one} or {other}", ["one": text, "other": thing]) }
    return text
  }
}

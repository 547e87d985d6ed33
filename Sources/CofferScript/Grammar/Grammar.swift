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

  package static func currency(_ name: String = "C", _ description: String = "a currency code such as USD") -> Grammar {
    .argument(Slot(name, .currency, description))
  }

  package static func expression(_ name: String = "EXPR", _ description: String = "a value", key: String? = nil)
    -> Grammar
  {
    .argument(Slot(name, .expression, description, key: key))
  }

  package static func word(_ name: String, _ description: String, completing keywords: [String] = []) -> Grammar {
    .argument(Slot(name, .word(completing: keywords), description))
  }

  package static func text(_ name: String, _ description: String) -> Grammar {
    .argument(Slot(name, .text, description))
  }

  package static func path(_ name: String, _ description: String) -> Grammar {
    .argument(Slot(name, .path, description))
  }

  package static func file(_ name: String, _ description: String) -> Grammar {
    .argument(Slot(name, .file, description))
  }
}

/// One argument of a grammar: the name the usage line shows, what it accepts and how an
/// error names it ("expected a currency code such as USD"). A class: a statement reads
/// it by reference, without copying its names.
package final class Slot: Sendable {
  package enum Kind: Sendable, Equatable {
    /// A currency code: a word not followed by `(` (that would be a call).
    case currency
    /// Any word: a variable's name, a command's, `total` or a currency code…
    /// `completing` lists the words completion offers besides currency codes.
    case word(completing: [String])
    /// A value: a number, `$variable`, date, string, call or arithmetic.
    case expression
    /// `== != < <= > >=`
    case comparison
    /// A quoted string.
    case string
    /// The rest of the statement: a file path or URL, or one quoted string.
    case path
    /// One file path: a quoted string, or the bytes up to the next blank. Unlike `path`
    /// it leaves the rest of the statement to the grammar, so options may follow it
    /// (`backup FILE --force`).
    case file
    /// The rest of the statement as written (a sheet draft such as `12abc`).
    case text
    /// The rest of the statement as tokens (`echo`).
    case words
  }

  package let name: String
  /// What the command looks the argument up by (the name, unless two slots share one,
  /// as `from DATE` and `to DATE` do).
  package let key: String
  package let kind: Kind
  package let description: String

  package init(_ name: String, _ kind: Kind, _ description: String, key: String? = nil) {
    self.name = name
    self.key = key ?? name
    self.kind = kind
    self.description = description
  }

  /// Whether the slot takes the rest of the statement as written, options and all.
  var takesRest: Bool { kind == .path || kind == .text || kind == .words }
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
    case .choice(let alternatives): alternatives.map(\.expectation).joined(separator: " or ")
    }
  }
}

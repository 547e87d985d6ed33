import CofferText

/// A slot of a grammar read back as one type of value. The grammar is written with it
/// (`.slot(amount)`) and the command reads it with it (`arguments[amount]`), so a read
/// can neither name a slot that is not there nor take its value for another kind, as
/// argument-parser's `@Option var format: OutputFormat` cannot.
package struct TypedSlot<Value: Sendable>: Sendable {
  package let slot: Slot
  /// The value as the reader stored it (the kind of `slot` decides which case).
  package let extract: @Sendable (Arguments.Value) -> Value?

  init(_ slot: Slot, extract: @escaping @Sendable (Arguments.Value) -> Value?) {
    self.slot = slot
    self.extract = extract
  }
}

extension TypedSlot where Value == Written<String> {
  /// A currency code: a word not followed by `(` (that would be a call).
  package static func currency(_ name: String = "C", _ description: String = tr("a currency code such as USD")) -> Self
  {
    text(Slot(name, .currency, description))
  }

  /// Any word: a variable's name, a command's, `month`…; `completing` lists the words
  /// completion offers.
  package static func word(_ name: String, _ description: String, completing keywords: [String] = []) -> Self {
    text(Slot(name, .word(completing: keywords), description))
  }

  /// The rest of the statement as written (a sheet draft such as `12abc`).
  package static func text(_ name: String, _ description: String) -> Self {
    text(Slot(name, .text, description))
  }

  /// The rest of the statement: a file path or URL, or one quoted string.
  package static func path(_ name: String, _ description: String) -> Self {
    text(Slot(name, .path, description))
  }

  /// One file path, a quoted string or the bytes up to the next blank: options may follow.
  package static func file(_ name: String, _ description: String) -> Self {
    text(Slot(name, .file, description))
  }

  /// A place's name: a place word or a quoted name.
  package static func place(_ name: String, _ description: String = tr("a place (a word, or a name in quotes)")) -> Self
  {
    text(Slot(name, .place, description))
  }

  /// A quoted string.
  package static func string(_ name: String, _ description: String) -> Self {
    text(Slot(name, .string, description))
  }

  private static func text(_ slot: Slot) -> Self {
    Self(slot) { value in
      switch value {
      case .word(let text, let at), .path(let text, let at), .text(let text, let at), .string(let text, let at):
        Written(text, at: at)
      case .expression, .comparison, .words:
        nil
      }
    }
  }
}

extension TypedSlot where Value == Expression {
  /// A value: a number, `$variable`, date, string, call or arithmetic.
  package static func expression(_ name: String = "EXPR", _ description: String = tr("a value")) -> Self {
    Self(Slot(name, .expression, description)) { value in
      if case .expression(let expression) = value { return expression }
      return nil
    }
  }
}

extension TypedSlot where Value == Written<Comparison> {
  /// `== != < <= > >=`.
  package static func comparison(_ name: String, _ description: String) -> Self {
    Self(Slot(name, .comparison, description)) { value in
      if case .comparison(let comparison, let at) = value { return Written(comparison, at: at) }
      return nil
    }
  }
}

extension TypedSlot where Value == [Token] {
  /// The rest of the statement as tokens (`echo`).
  package static func words(_ name: String, _ description: String) -> Self {
    Self(Slot(name, .words, description)) { value in
      if case .words(let tokens) = value { return tokens }
      return nil
    }
  }
}

extension Grammar {
  /// A slot the command reads back typed.
  package static func slot<Value>(_ typed: TypedSlot<Value>) -> Grammar {
    .argument(typed.slot)
  }
}

import CofferText

/// One token of a statement, with the byte range it came from.
package struct Token: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    /// `[A-Za-z_][A-Za-z0-9_.-]*`: command names, keywords, currency codes, function names;
    /// also a holding at a place, `CODE@PLACE`, as `CODE@NAME` (see `Lexer.holding`).
    case word(String)
    /// A number literal's text, already checked to be well formed (`1_000.25`, `.5`).
    case number(String)
    /// `YYYY-MM-DD`, a valid calendar date.
    case date(year: Int, month: Int, day: Int)
    /// A string's value, escapes resolved.
    case string(String)
    /// `$NAME`
    case variable(String)
    /// `--name`
    case option(String)
    /// `+ - * / ( ) , = == != < <= > >=`
    case symbol(String)
    /// Bytes that make no token (`12abc`, `:`, an unterminated string), with the error
    /// to report if a statement's grammar reaches them. A path or a sheet draft may still
    /// take them as written.
    case invalid(ScriptError)
  }

  package let kind: Kind
  /// Byte offsets in the logical line.
  package let start: Int
  package let end: Int

  package init(_ kind: Kind, start: Int, end: Int) {
    self.kind = kind
    self.start = start
    self.end = end
  }

  /// The word, if this token is one.
  package var word: String? {
    if case .word(let word) = kind { return word }
    return nil
  }

  /// The lexer's error, if these bytes make no token.
  package var invalid: ScriptError? {
    if case .invalid(let error) = kind { return error }
    return nil
  }

  package func isSymbol(_ symbol: String) -> Bool {
    if case .symbol(let text) = kind { return text == symbol }
    return false
  }

  /// How the token reads in a message.
  package var display: String {
    switch kind {
    case .word(let word): "'\(word)'"
    case .number(let text): tr("number {number}", ["number": text])
    case .date(let year, let month, let day):
      tr(
        "date {date}",
        [
          "date": String(year) + "-" + (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "")
            + String(day)
        ])
    case .string(let text): "\"\(text)\""
    case .variable(let name): "$\(name)"
    case .option(let name): "--\(name)"
    case .symbol(let symbol): "'\(symbol)'"
    case .invalid(let error): error.message
    }
  }
}

/// One argument of a grammar: the name the usage line shows, what it accepts and how an
/// error names it ("expected a currency code such as USD"). A class: a statement's
/// values are kept by the slot they were read for, and found again by identity (see
/// `TypedSlot`), without copying or comparing names.
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
    /// A place's name standing alone: a place word (letters of any script) or a quoted
    /// name (`move 5 USD from wise to "N26 joint"`).
    case place
  }

  package let name: String
  package let kind: Kind
  package let description: String

  package init(_ name: String, _ kind: Kind, _ description: String) {
    self.name = name
    self.kind = kind
    self.description = description
  }

  /// Whether the slot takes the rest of the statement as written, options and all.
  var takesRest: Bool { kind == .path || kind == .text || kind == .words }
}

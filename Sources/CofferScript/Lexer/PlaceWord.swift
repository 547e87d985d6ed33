/// How a place is written after a code (SPEC §11): a place word as it is,
/// `[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.-]*` (letters of any script, so `CNY@招商银行`), anything
/// else quoted (`EUR@"N26 joint"`), and the unnamed place as `""`. The lexer reads holdings
/// by this rule and everything that writes a script (`dump`) writes them by it.
package enum PlaceWord {
  /// The place as a script writes it after `@`.
  package static func written(_ name: String) -> String {
    if isWord(name) { return name }
    var quoted = "\""
    for character in name {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }

  /// `CODE` for the unnamed place when `bare` (a plain holding), else `CODE@PLACE`.
  package static func holding(code: String, place: String, bare: Bool = true) -> String {
    place.isEmpty && bare ? code : code + "@" + written(place)
  }

  /// Whether `name` is a place word, written without quotes.
  package static func isWord(_ name: String) -> Bool {
    var scalars = name.unicodeScalars.makeIterator()
    guard let first = scalars.next(), isStart(first) else { return false }
    while let scalar = scalars.next() {
      guard isPart(scalar) else { return false }
    }
    return true
  }

  static func isStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || isLetterOrNumber(scalar)
  }

  static func isPart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "_" || scalar == "." || scalar == "-" || isLetterOrNumber(scalar) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }
}

/// An option a command accepts: a flag (`--all`), one that takes a value from a list
/// (`--format json`), or one that takes any word, which the command checks (`--in USD`).
/// Commands declare them as `Flag` and `ValueOption`, and read them back through those.
package struct OptionSpec: Sendable {
  package let name: String
  /// The values it takes: nil for a flag, empty for any word.
  package let values: [String]?
  /// How a usage line names the value (`FMT`, `C`).
  package let valueName: String
  /// Words the error only when it is met: spelling out a list of values costs more than
  /// a run's start can spare, and most runs never need it.
  private let wordValueError: @Sendable () -> String

  /// The error when the value is missing or not one of `values`.
  package var valueError: String { wordValueError() }

  package init(
    _ name: String, values: [String]? = nil, valueError: @autoclosure @escaping @Sendable () -> String = "",
    valueName: String = "FMT"
  ) {
    self.name = name
    self.values = values
    self.wordValueError = valueError
    self.valueName = valueName
  }
}

/// An option that takes a value (`--format json`, `--in USD`), read back typed: the
/// values it takes are checked when the statement is read, and `parse` turns the one
/// given into the command's type.
package struct ValueOption<Value: Sendable>: Sendable {
  package let spec: OptionSpec
  let parse: @Sendable (String) -> Value?

  /// An option whose value is one of `values` (any letter case), read as `parse` says.
  package init(
    _ name: String, values: [String], valueError: @autoclosure @escaping @Sendable () -> String,
    valueName: String = "FMT", parse: @escaping @Sendable (String) -> Value?
  ) {
    spec = OptionSpec(name, values: values, valueError: valueError(), valueName: valueName)
    self.parse = parse
  }
}

extension ValueOption where Value == String {
  /// An option that takes any word, which the command checks (`--in C`).
  package init(anyWord name: String, valueError: @autoclosure @escaping @Sendable () -> String, valueName: String) {
    spec = OptionSpec(name, values: [], valueError: valueError(), valueName: valueName)
    parse = { $0 }
  }
}

extension ValueOption where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// An option whose values are the cases of `Value` (`--format table|plain|csv|json`).
  /// (Listing the cases generically costs lookups of `Value`'s associated types at run
  /// time: an option every run builds lists them where their type is known instead.)
  package init(_ name: String, valueError: @autoclosure @escaping @Sendable () -> String, valueName: String = "FMT") {
    self.init(name, values: Value.allCases.map { $0.rawValue }, valueError: valueError(), valueName: valueName) {
      word in
      Value(rawValue: word.lowercased())
    }
  }
}

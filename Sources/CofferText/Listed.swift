extension Sequence where Element: StringProtocol {
  /// The items as a sentence of the chosen language lists them: `CNY, USD` in English,
  /// `CNY、USD` in Chinese.
  package func listed() -> String {
    joined(separator: tr(", "))
  }
}

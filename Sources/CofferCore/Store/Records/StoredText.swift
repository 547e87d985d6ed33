/// Stored text as messages show it.
enum StoredText {
  /// Longer texts are cut: a damaged row may hold megabytes.
  static let shownCharacters = 40

  /// `'1,200'`, or `'12345…' (2000 characters)` for a long one.
  static func quoted(_ text: String) -> String {
    let count = text.count
    guard count > shownCharacters else { return "'\(text)'" }
    return "'\(text.prefix(shownCharacters))…' (\(count) characters)"
  }
}

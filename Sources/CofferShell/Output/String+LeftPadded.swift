extension String {
  /// Padded with blanks on the left to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

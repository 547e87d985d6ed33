/// Text wrapped at word boundaries.
enum Wrapping {
  /// `text` in lines of at most `width` columns, each starting with `indent`; a word
  /// longer than a line stands alone on its line rather than being broken.
  static func wrap(_ text: String, width: Int, indent: String) -> [String] {
    var lines: [String] = []
    var current = indent
    for word in text.split(separator: " ") {
      let candidate = current == indent ? current + word : current + " " + word
      if TextTable.displayWidth(candidate) > width && current != indent {
        lines.append(current)
        current = indent + word
      } else {
        current = candidate
      }
    }
    lines.append(current)
    return lines
  }
}

import Screen

/// The text of the focused field with a cursor, edited in place as line editors do:
/// Left / Right, Backspace, Delete, Ctrl-A / Ctrl-E (start / end), Ctrl-K (cut to the
/// end), Ctrl-U (cut to the start).
struct FieldEditor: Equatable {
  private(set) var characters: [Character] {
    didSet { text = String(characters) }
  }
  /// Between characters: 0 is before the first, `characters.count` after the last.
  private(set) var cursor: Int
  /// The characters as a string, kept with them: it is drawn and checked on every key.
  private(set) var text: String

  /// A field starts with its text and the cursor at its end.
  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
    self.text = text
  }

  mutating func insert(_ character: Character) {
    characters.insert(character, at: cursor)
    cursor += 1
  }

  mutating func backspace() {
    guard cursor > 0 else { return }
    characters.remove(at: cursor - 1)
    cursor -= 1
  }

  mutating func delete() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  mutating func left() { cursor = max(0, cursor - 1) }
  mutating func right() { cursor = min(characters.count, cursor + 1) }
  mutating func home() { cursor = 0 }
  mutating func end() { cursor = characters.count }

  mutating func cutToEnd() { characters.removeSubrange(cursor...) }

  mutating func cutToStart() {
    characters.removeSubrange(..<cursor)
    cursor = 0
  }

  /// The part of the text a field `width` columns wide shows, and the column the cursor
  /// falls on in it: the text scrolls so that the cursor stays in view. Wide characters
  /// (中文 typed by mistake) take two columns.
  func visible(width: Int) -> (text: String, cursor: Int) {
    guard width > 0 else { return ("", 0) }
    guard text.utf8.count != characters.count else {
      // One column a character. One column is kept for the cursor after the last one.
      let start = max(0, cursor - (width - 1))
      let end = min(characters.count, start + width)
      if start == 0 && end == characters.count { return (text, cursor) }
      return (String(characters[start..<end]), cursor - start)
    }
    let widths = characters.map { DisplayWidth.of($0) }
    var start = cursor
    var beforeCursor = 0
    while start > 0 && beforeCursor + widths[start - 1] <= width - 1 {
      start -= 1
      beforeCursor += widths[start]
    }
    var end = start
    var used = 0
    while end < characters.count && used + widths[end] <= width {
      used += widths[end]
      end += 1
    }
    return (String(characters[start..<end]), beforeCursor)
  }
}

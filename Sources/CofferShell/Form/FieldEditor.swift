import Screen

/// The text of the focused field with a cursor, edited in place as line editors do:
/// Left / Right, Backspace, Delete, Ctrl-A / Ctrl-E (start / end), Ctrl-K (cut to the
/// end), Ctrl-U (cut to the start).
///
/// A field holds at most `capacity` characters, as the prompt holds at most a 64 KiB
/// line: a key that would go past it is refused at once, so a pasted megabyte costs
/// nothing once the field is full, and every key's work (the text drawn and checked) is
/// bounded by the capacity, whatever was pasted.
struct FieldEditor: Equatable {
  /// The most characters a field takes: far more than any amount needs (15 integer
  /// digits and 3 decimals, or an expression of a few dozen terms), far less than makes
  /// checking the draft at each key cost anything.
  static let capacity = 1_024
  /// The capacity as messages and the manual name it.
  static let capacityText = "1,024 characters"

  private(set) var characters: [Character]
  /// Between characters: 0 is before the first, `characters.count` after the last.
  private(set) var cursor: Int
  /// The characters as a string, kept with them: it is drawn and checked on every key.
  /// Typing or erasing at the end (the common case, and a paste) updates it in place.
  private(set) var text: String

  /// A field starts with its text and the cursor at its end.
  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
    self.text = text
  }

  /// Whether the field holds `capacity` characters (or more, when it was opened on a
  /// longer text): typing is refused, erasing is not.
  var isFull: Bool { characters.count >= Self.capacity }

  /// Inserts a character at the cursor; false, changing nothing, when the field is full.
  @discardableResult
  mutating func insert(_ character: Character) -> Bool {
    guard !isFull else { return false }
    if cursor == characters.count {
      characters.append(character)
      text.append(character)
    } else {
      characters.insert(character, at: cursor)
      text = String(characters)
    }
    cursor += 1
    return true
  }

  mutating func backspace() {
    guard cursor > 0 else { return }
    if cursor == characters.count {
      // The text is the characters' scalars in a row: take off the last one's.
      let removed = characters.removeLast()
      text.unicodeScalars.removeLast(removed.unicodeScalars.count)
    } else {
      characters.remove(at: cursor - 1)
      text = String(characters)
    }
    cursor -= 1
  }

  mutating func delete() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
    text = String(characters)
  }

  mutating func left() { cursor = max(0, cursor - 1) }
  mutating func right() { cursor = min(characters.count, cursor + 1) }
  mutating func home() { cursor = 0 }
  mutating func end() { cursor = characters.count }

  mutating func cutToEnd() {
    guard cursor < characters.count else { return }
    characters.removeSubrange(cursor...)
    text = String(characters)
  }

  mutating func cutToStart() {
    guard cursor > 0 else { return }
    characters.removeSubrange(..<cursor)
    text = String(characters)
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

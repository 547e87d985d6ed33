/// The focused field's text with a cursor: the sheet's draft (the one copy of it), edited
/// in place as line editors do (Left / Right, Backspace, Delete, start / end, cut to the
/// end, cut to the start) or given whole (the line sheet's `set`).
///
/// The whole text may be selected, as a browser or GTK form selects a field's text when
/// it is tabbed into: the common edit is a new balance copied from a statement, which
/// the first character typed then replaces. Every other edit drops the selection first and
/// then does exactly what it does without one (Backspace erases one character, Left moves
/// one character left of the end): the selection is a one-key offer, not a mode. Only the
/// whole text is ever selected; no key selects a part of it.
///
/// A field holds at most `capacity` characters, as the prompt holds at most a 64 KiB
/// line: a key that would go past it is refused at once, so a pasted megabyte costs
/// nothing once the field is full, and every key's work (the text drawn and checked) is
/// bounded by the capacity, whatever was pasted.
package struct FieldEditor: Equatable, Sendable {
  /// The most characters a field takes: far more than any amount needs (15 integer
  /// digits and 3 decimals, or an expression of a few dozen terms), far less than makes
  /// checking the draft at each key cost anything.
  package static let capacity = 1_024
  /// The capacity as messages and the manual name it.
  package static let capacityText = capacityNumber + " characters"
  /// The capacity as messages write the number (`1,024`).
  package static let capacityNumber = "1,024"

  package private(set) var characters: [Character]
  /// Between characters: 0 is before the first, `characters.count` after the last.
  package private(set) var cursor: Int
  /// The characters as a string, kept with them: it is drawn and checked on every key.
  /// Typing or erasing at the end (the common case, and a paste) updates it in place.
  package private(set) var text: String
  /// Whether the whole text is selected: the next character typed replaces it. Never set
  /// on an empty text (there is nothing to show selected, and nothing to replace).
  package private(set) var isSelected: Bool

  /// A field starts with its text and the cursor at its end; `selected` selects the text,
  /// for a field the focus entered from the keyboard.
  package init(_ text: String = "", selected: Bool = false) {
    characters = Array(text)
    cursor = characters.count
    self.text = text
    isSelected = selected && !text.isEmpty
  }

  /// Whether the field holds `capacity` characters (or more, when it was opened on a
  /// longer text): typing is refused, erasing is not.
  package var isFull: Bool { characters.count >= Self.capacity }

  /// Inserts a character at the cursor, or, when the text is selected, replaces the text
  /// with it (a full field too); false, changing nothing, when the field is full.
  @discardableResult
  package mutating func insert(_ character: Character) -> Bool {
    if isSelected {
      characters = [character]
      text = String(character)
      cursor = 1
      isSelected = false
      return true
    }
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

  /// Erases the character before the cursor: one character, selected text or not.
  package mutating func backspace() {
    isSelected = false
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

  package mutating func delete() {
    isSelected = false
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
    text = String(characters)
  }

  package mutating func left() {
    isSelected = false
    cursor = max(0, cursor - 1)
  }

  package mutating func right() {
    isSelected = false
    cursor = min(characters.count, cursor + 1)
  }

  package mutating func home() {
    isSelected = false
    cursor = 0
  }

  package mutating func end() {
    isSelected = false
    cursor = characters.count
  }

  package mutating func cutToEnd() {
    isSelected = false
    guard cursor < characters.count else { return }
    characters.removeSubrange(cursor...)
    text = String(characters)
  }

  package mutating func cutToStart() {
    isSelected = false
    guard cursor > 0 else { return }
    characters.removeSubrange(..<cursor)
    text = String(characters)
    cursor = 0
  }
}

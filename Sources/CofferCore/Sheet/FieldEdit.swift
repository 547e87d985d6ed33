/// An edit of the focused field's text, as line editors make them.
package enum FieldEdit: Sendable, Equatable {
  case insert(Character)
  case backspace, delete
  case left, right, home, end
  case cutToEnd, cutToStart
}

import Testing

@testable import CofferCore

/// The field editor's selection: the whole text, selected when the focus arrives from the
/// keyboard; the first character typed replaces it, every other edit drops it and does
/// what it does without one.
@Suite struct FieldEditorSelectionTests {
  @Test func aFieldStartsUnselectedUnlessAskedAndAnEmptyOneNeverIs() {
    #expect(!FieldEditor("1500").isSelected)
    let selected = FieldEditor("1500", selected: true)
    #expect(selected.isSelected)
    #expect(selected.text == "1500")
    #expect(selected.cursor == 4, "the cursor is at the end of the selection")
    #expect(!FieldEditor("", selected: true).isSelected, "nothing to select")
  }

  @Test func theFirstCharacterTypedReplacesTheTextThenTypingAppends() {
    var field = FieldEditor("1500", selected: true)
    let taken = field.insert("1")
    #expect(taken)
    #expect(field.text == "1")
    #expect(field.characters == ["1"])
    #expect(field.cursor == 1)
    #expect(!field.isSelected)
    for character in "600" { field.insert(character) }
    #expect(field.text == "1600")
  }

  @Test func aSelectedFullFieldIsReplacedNotRefused() {
    var field = FieldEditor(String(repeating: "9", count: FieldEditor.capacity), selected: true)
    #expect(field.isFull)
    let taken = field.insert("7")
    #expect(taken)
    #expect(field.text == "7")
  }

  @Test func backspaceAndDeleteDropTheSelectionAndEraseOneCharacter() {
    var field = FieldEditor("1500", selected: true)
    field.backspace()
    #expect(field.text == "150", "Backspace erases one character, it does not clear the field")
    #expect(!field.isSelected)
    field.insert("9")
    #expect(field.text == "1509")

    var atEnd = FieldEditor("1500", selected: true)
    atEnd.delete()
    #expect(atEnd.text == "1500", "nothing after the cursor to delete")
    #expect(!atEnd.isSelected)
    atEnd.insert("1")
    #expect(atEnd.text == "15001", "typing after the dropped selection adds to the text")
  }

  @Test func cursorKeysDropTheSelectionAndMoveAsWithoutOne() {
    var left = FieldEditor("1500", selected: true)
    left.left()
    #expect(!left.isSelected)
    #expect(left.cursor == 3, "one character left of the end")
    left.insert("9")
    #expect(left.text == "15090")

    var right = FieldEditor("1500", selected: true)
    right.right()
    #expect(!right.isSelected)
    right.insert("9")
    #expect(right.text == "15009")

    var home = FieldEditor("1500", selected: true)
    home.home()
    #expect(!home.isSelected)
    home.insert("2")
    #expect(home.text == "21500")

    var end = FieldEditor("1500", selected: true)
    end.end()
    #expect(!end.isSelected)
    end.insert("2")
    #expect(end.text == "15002")
  }

  @Test func cutsKeepTheirMeaning() {
    // The cursor is at the end: Ctrl-K cuts nothing, Ctrl-U cuts the whole text.
    var toEnd = FieldEditor("1500", selected: true)
    toEnd.cutToEnd()
    #expect(toEnd.text == "1500")
    #expect(!toEnd.isSelected)
    toEnd.insert("0")
    #expect(toEnd.text == "15000")

    var toStart = FieldEditor("1500", selected: true)
    toStart.cutToStart()
    #expect(toStart.text == "")
    #expect(!toStart.isSelected)
    toStart.insert("8")
    #expect(toStart.text == "8")
  }
}

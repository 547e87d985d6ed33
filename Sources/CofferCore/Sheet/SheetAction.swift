/// What a person does to the sheet, whichever view they do it in: the line sheet's
/// commands and the form's keys both become these (see `SheetController.perform`).
package enum SheetAction: Sendable, Equatable {
  /// Moves the focus (committing the field it leaves): `C`, `next`, Down, PgDn…. With
  /// `selecting`, the field entered shows its text selected, so that the first character
  /// typed replaces it (see `FieldEditor.isSelected`): the form asks for it when a key
  /// moved the focus. The line sheet gives drafts whole, and selects nothing.
  case move(SheetMove, selecting: Bool = false)
  /// Replaces the focused field's draft with a whole text (the line sheet's `set`, a
  /// bare value), checking it at once.
  case setDraft(String)
  /// Edits the focused field's draft in place (the form's keys), checking it at once.
  case edit(FieldEdit)
  /// Commits the focused draft where it stands; the focus stays.
  case commit
  /// Sets a holding to 0 as one of the sheet's commits (`clear` while the sheet is open).
  case clear(Holding)
  /// Adds a row for a place of the focused currency (or of `Currency`), and focuses it.
  case addPlace(Place, of: Currency?)
  /// Reverts the most recent commit of this sheet session.
  case undo
  /// Closes the sheet, reverting every commit made in it.
  case cancel
  /// Done (`dismiss`, Ctrl-D): commits the focused draft and, unless a field holds an
  /// invalid draft, finishes; the caller then saves and closes.
  case done
}

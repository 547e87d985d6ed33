/// Everything the sheet says, in one place: the form shows it in its footer, the line
/// sheet as an error, a warning or a line, in the same words.
package enum SheetMessage: Sendable, Equatable {
  /// The focus left a field whose draft is not an amount: it stays there, marked.
  case invalidLeftBehind(DraftError)
  /// The focused draft, as just typed, is not an amount.
  case notAnAmount(Holding, reason: String)
  /// Done while fields hold invalid drafts (in row order).
  case cannotFinish([(holding: Holding, draft: InvalidDraft)])
  case nothingToUndo
  case undone(Holding, restored: DecimalValue)
  /// The sheet was cancelled; these holdings' changes were discarded.
  case cancelled([Holding])
  /// A key that would make the field longer than it may be.
  case fieldFull(Holding?)
  /// A currency held at several places has no field of its own: its places do.
  case sumIsNoField(Currency, [Place])
  /// A place to add that the focused currency has already.
  case placeExists(Holding)
  /// The local currency has no field.
  case localHasNoRow(Currency)
  /// A draft was given with no field focused.
  case noFocus(draft: String)

  /// Whether the action was refused or failed (a statement error in the line sheet),
  /// rather than a warning or a report.
  package var isRefusal: Bool {
    switch self {
    case .invalidLeftBehind, .cannotFinish, .nothingToUndo, .fieldFull, .localHasNoRow, .noFocus, .sumIsNoField,
      .placeExists:
      true
    case .notAnAmount, .undone, .cancelled: false
    }
  }

  package var text: String {
    switch self {
    case .invalidLeftBehind(let error):
      "\(error.holding): invalid amount '\(error.text)': \(error.reason); the draft stays on \(error.holding)"
    case .notAnAmount(let holding, let reason):
      "\(holding): \(reason)"
    case .cannotFinish(let fields):
      "cannot finish: invalid drafts in "
        + fields.map { "\($0.holding) ('\($0.draft.text)': \($0.draft.reason))" }.joined(separator: ", ")
        + "; fix them or cancel"
    case .nothingToUndo:
      "nothing to undo in this sheet session"
    case .undone(let holding, let restored):
      "\(holding) is back to \(restored)"
    case .cancelled(let discarded):
      discarded.isEmpty
        ? "cancelled: no changes"
        : "cancelled: \(discarded.count) \(discarded.count == 1 ? "change" : "changes") discarded ("
          + discarded.map(\.description).joined(separator: ", ") + ")"
    case .fieldFull(let holding):
      "\(holding.map { "\($0): " } ?? "")a field takes at most \(FieldEditor.capacityText); the rest was not taken"
    case .localHasNoRow(let currency):
      "\(currency.code) is the local currency; it has no row in the sheet"
    case .noFocus(let draft):
      "no field has the focus; name a currency first (for example 'USD \(draft)')"
    case .sumIsNoField(let currency, let places):
      "\(currency.code) is held at \(places.count) places (\(places.map(\.shown).joined(separator: ", "))): "
        + "its row is their sum; say which, e.g. \(Holding(currency, at: places.first { !$0.isUnnamed } ?? places[0]))"
    case .placeExists(let holding):
      "\(holding) has a row already"
    }
  }

  package static func == (lhs: SheetMessage, rhs: SheetMessage) -> Bool {
    lhs.text == rhs.text
  }
}

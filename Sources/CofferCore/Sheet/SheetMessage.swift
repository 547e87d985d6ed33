/// Everything the sheet says, in one place: the form shows it in its footer, the line
/// sheet as an error, a warning or a line, in the same words.
package enum SheetMessage: Sendable, Equatable {
  /// The focus left a field whose draft is not an amount: it stays there, marked.
  case invalidLeftBehind(DraftError)
  /// The focused draft, as just typed, is not an amount.
  case notAnAmount(Currency, reason: String)
  /// Done while fields hold invalid drafts (in row order).
  case cannotFinish([(currency: Currency, draft: InvalidDraft)])
  case nothingToUndo
  case undone(Currency, restored: DecimalValue)
  /// The sheet was cancelled; these currencies' changes were discarded.
  case cancelled([Currency])
  /// A key that would make the field longer than it may be.
  case fieldFull(Currency?)
  /// The local currency has no field.
  case localHasNoRow(Currency)
  /// A draft was given with no field focused.
  case noFocus(draft: String)

  /// Whether the action was refused or failed (a statement error in the line sheet),
  /// rather than a warning or a report.
  package var isRefusal: Bool {
    switch self {
    case .invalidLeftBehind, .cannotFinish, .nothingToUndo, .fieldFull, .localHasNoRow, .noFocus: true
    case .notAnAmount, .undone, .cancelled: false
    }
  }

  package var text: String {
    switch self {
    case .invalidLeftBehind(let error):
      "\(error.currency.code): invalid amount '\(error.text)': \(error.reason); the draft stays on \(error.currency.code)"
    case .notAnAmount(let currency, let reason):
      "\(currency.code): \(reason)"
    case .cannotFinish(let fields):
      "cannot finish: invalid drafts in "
        + fields.map { "\($0.currency.code) ('\($0.draft.text)': \($0.draft.reason))" }.joined(separator: ", ")
        + "; fix them or cancel"
    case .nothingToUndo:
      "nothing to undo in this sheet session"
    case .undone(let currency, let restored):
      "\(currency.code) is back to \(restored)"
    case .cancelled(let discarded):
      discarded.isEmpty
        ? "cancelled: no changes"
        : "cancelled: \(discarded.count) \(discarded.count == 1 ? "change" : "changes") discarded ("
          + discarded.map(\.code).joined(separator: ", ") + ")"
    case .fieldFull(let currency):
      "\(currency.map { "\($0.code): " } ?? "")a field takes at most \(FieldEditor.capacityText); the rest was not taken"
    case .localHasNoRow(let currency):
      "\(currency.code) is the local currency; it has no row in the sheet"
    case .noFocus(let draft):
      "no field has the focus; name a currency first (for example 'USD \(draft)')"
    }
  }

  package static func == (lhs: SheetMessage, rhs: SheetMessage) -> Bool {
    lhs.text == rhs.text
  }
}

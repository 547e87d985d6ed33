import CofferText

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
      tr(
        "{holding}: invalid amount '{draft}': {reason}; the draft stays on {holding}",
        ["holding": error.holding.description, "draft": error.text, "reason": error.reason])
    case .notAnAmount(let holding, let reason):
      tr("{holding}: {reason}", ["holding": holding.description, "reason": reason])
    case .cannotFinish(let fields):
      tr(
        "cannot finish: invalid drafts in {fields}; fix them or cancel",
        [
          "fields": fields.map {
            tr(
              "{holding} ('{draft}': {reason})",
              ["holding": $0.holding.description, "draft": $0.draft.text, "reason": $0.draft.reason])
          }.listed()
        ])
    case .nothingToUndo:
      tr("nothing to undo in this sheet session")
    case .undone(let holding, let restored):
      tr("{holding} is back to {amount}", ["holding": holding.description, "amount": restored.description])
    case .cancelled(let discarded):
      discarded.isEmpty
        ? tr("cancelled: no changes")
        : tr(
          "cancelled: {count} change discarded ({changes})", "cancelled: {count} changes discarded ({changes})",
          count: discarded.count, ["changes": discarded.map(\.description).listed()])
    case .fieldFull(let holding):
      (holding.map { "\($0): " } ?? "")
        + tr(
          "a field takes at most {limit} characters; the rest was not taken", ["limit": FieldEditor.capacityNumber])
    case .localHasNoRow(let currency):
      tr("{code} is the local currency; it has no row in the sheet", ["code": currency.code])
    case .noFocus(let draft):
      tr("no field has the focus; name a currency first (for example 'USD {draft}')", ["draft": draft])
    case .sumIsNoField(let currency, let places):
      tr(
        "{code} is held at {count} place ({places}): its row is their sum; say which, e.g. {example}",
        "{code} is held at {count} places ({places}): its row is their sum; say which, e.g. {example}",
        count: places.count,
        [
          "code": currency.code, "places": places.map(\.shown).listed(),
          "example": Holding(currency, at: places.first { !$0.isUnnamed } ?? places.first ?? .unnamed).description,
        ])
    case .placeExists(let holding):
      tr("{holding} has a row already", ["holding": holding.description])
    }
  }

  package static func == (lhs: SheetMessage, rhs: SheetMessage) -> Bool {
    lhs.text == rhs.text
  }
}

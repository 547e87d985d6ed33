import CofferCore
import CofferScript
import CofferText

/// `focus C [DRAFT]`, or just `C [DRAFT]`: moves the focus to C, committing the field
/// left, and sets C's draft if one follows. `C@PLACE` focuses that place's row (adding
/// it when the currency has none for that place yet); a bare `C` held at several places
/// focuses its first place, and with a draft is refused, naming them (SPEC §11).
struct FocusCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let draft = TypedSlot.text(tr("DRAFT"), tr("an amount"))
  static let entry = CommandEntry(
    "focus", .sequence([.slot(code), .optional(.slot(draft))]),
    tr("move the focus to C (committing the field left) and set its draft"),
    examples: ["focus USD", "USD", "USD 12.50"],
    scope: .sheet, usage: tr("focus C [EXPR]  (or just C [EXPR])"), readsHoldings: false, command: Self.self)

  let named: NamedHolding
  let offset: Int
  let draft: String?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    named = try context.namedHolding(try arguments.value(Self.code))
    offset = arguments.commandOffset
    draft = arguments[Self.draft]?.value
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    try Self.focus(named, draft: draft, context, at: offset)
    return .nothing
  }

  /// Focuses a currency's field, then sets its draft if one is given. The draft is set
  /// even when the field left behind had an invalid draft: that is reported, and the
  /// focus still moved.
  static func focus(_ named: NamedHolding, draft: String?, _ context: CommandContext, at offset: Int)
    throws(StatementFailure)
  {
    guard let sheet = context.sheet else { return }
    let currency = named.currency
    let move: SheetMove
    if let place = named.place {
      let holding = Holding(currency, at: context.ledger.place(named: place) ?? place)
      if sheet.row(of: holding) == nil {
        // A place the currency has no row for yet: added, and focused.
        try context.perform(.addPlace(holding.place, of: currency), at: offset)
        if let draft { try context.perform(.setDraft(draft), at: offset) }
        return
      }
      move = .toPlace(holding)
    } else if draft != nil, sheet.isSum(currency) {
      // A draft for a currency held at several places: the write rule names the one.
      let holding = try context.holdingForWriting(named, on: sheet.date)
      move = .toPlace(holding)
    } else {
      move = .to(currency)
    }
    let moved = sheet.perform(.move(move))
    // Whether the focus is where the statement sent it: a refusal that let it move (an
    // invalid draft left behind) still takes the draft; one that kept it elsewhere (on
    // another place of the currency, say) changes nothing.
    let arrived =
      switch move {
      case .toPlace(let holding): sheet.focusedHolding == holding
      default: sheet.focused == currency
      }
    if let refusal = moved.refusal, !arrived { throw context.failure(refusal.text, at: offset) }
    if let draft { try context.perform(.setDraft(draft), at: offset) }
    if let refusal = moved.refusal { throw context.failure(refusal.text, at: offset) }
  }
}

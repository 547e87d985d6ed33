import CofferCore
import CofferScript

/// `focus C [DRAFT]`, or just `C [DRAFT]`: moves the focus to C, committing the field
/// left, and sets C's draft if one follows.
struct FocusCommand: Command {
  static let code = TypedSlot.currency()
  static let draft = TypedSlot.text("DRAFT", "an amount")
  static let entry = CommandEntry(
    "focus", .sequence([.slot(code), .optional(.slot(draft))]),
    "move the focus to C (committing the field left) and set its draft", examples: ["focus USD", "USD", "USD 12.50"],
    scope: .sheet, usage: "focus C [EXPR]  (or just C [EXPR])", readsHoldings: false, command: Self.self)

  let currency: Currency
  let offset: Int
  let draft: String?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(try arguments.value(Self.code))
    offset = arguments.commandOffset
    draft = arguments[Self.draft]?.value
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    try Self.focus(currency, draft: draft, context, at: offset)
    return .nothing
  }

  /// Focuses a currency's field, then sets its draft if one is given. The draft is set
  /// even when the field left behind had an invalid draft: that is reported, and the
  /// focus still moved.
  static func focus(_ currency: Currency, draft: String?, _ context: CommandContext, at offset: Int)
    throws(StatementFailure)
  {
    guard let sheet = context.sheet else { return }
    let moved = sheet.perform(.move(.to(currency)))
    if let refusal = moved.refusal, sheet.focused != currency { throw context.failure(refusal.text, at: offset) }
    if let draft { try context.perform(.setDraft(draft), at: offset) }
    if let refusal = moved.refusal { throw context.failure(refusal.text, at: offset) }
  }
}

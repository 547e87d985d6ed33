import CofferCore
import CofferScript
import CofferText

/// `set C EXPR` or `set EXPR` in the sheet: a draft, kept as typed until the focus
/// leaves its field.
struct SheetSetCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let draft = TypedSlot.text(tr("DRAFT"), tr("an amount"))
  static let entry = CommandEntry(
    "set", .choice([.sequence([.slot(code), .slot(draft)]), .slot(draft)]),
    tr("focus C and set its draft (without C: the focused field's)"), examples: ["set USD 12.50", "set 40"],
    scope: .sheet, usage: tr("set [C] EXPR"), readsHoldings: false, command: Self.self)

  let named: NamedHolding?
  let draft: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let code = arguments[Self.code]
    named = try context.namedHolding(code)
    let draft = try arguments.value(Self.draft)
    self.draft = draft.value
    offset = code?.offset ?? draft.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let named {
      try FocusCommand.focus(named, draft: draft, context, at: offset)
    } else {
      try context.perform(.setDraft(draft), at: offset)
    }
    return .nothing
  }
}

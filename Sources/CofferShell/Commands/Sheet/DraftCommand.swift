import CofferCore
import CofferScript
import CofferText

/// A bare expression in the sheet: the focused field's new draft.
struct DraftCommand: Command {
  static let text = TypedSlot.text(tr("DRAFT"), tr("an amount"))
  static let entry = CommandEntry(
    "EXPR", .slot(text), tr("set the focused field's draft"), scope: .sheet, usage: tr("EXPR"),
    readsHoldings: false, command: Self.self)

  let draft: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let text = try arguments.value(Self.text)
    draft = text.value
    offset = text.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    try context.perform(.setDraft(draft), at: offset)
    return .nothing
  }
}

import CofferCore
import CofferScript

/// A bare expression in the sheet: the focused field's new draft.
struct DraftCommand: Command {
  static let text = TypedSlot.text("DRAFT", "an amount")
  static let entry = CommandEntry(
    "EXPR", .slot(text), "set the focused field's draft", scope: .sheet, usage: "EXPR",
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

import CofferCore
import CofferScript

/// A bare expression in the sheet: the focused field's new draft.
struct DraftCommand: Command {
  static let entry = CommandEntry(
    "EXPR", .text("DRAFT", "an amount"), "set the focused field's draft", scope: .sheet, usage: "EXPR",
    readsHoldings: false, command: Self.self)

  let draft: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard case .text(let text, let at) = arguments["DRAFT"] else { preconditionFailure("a draft reads DRAFT") }
    draft = text
    offset = at
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    try context.perform(.setDraft(draft), at: offset)
    return .nothing
  }
}

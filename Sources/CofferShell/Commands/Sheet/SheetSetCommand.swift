import CofferCore
import CofferScript

/// `set C EXPR` or `set EXPR` in the sheet: a draft, kept as typed until the focus
/// leaves its field.
struct SheetSetCommand: Command {
  static let entry = CommandEntry(
    "set", .choice([.sequence([.currency(), .text("DRAFT", "an amount")]), .text("DRAFT", "an amount")]),
    "focus C and set its draft (without C: the focused field's)", examples: ["set USD 12.50", "set 40"],
    scope: .sheet, usage: "set [C] EXPR", readsHoldings: false, command: Self.self)

  let currency: Currency?
  let draft: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])
    guard case .text(let text, let at) = arguments["DRAFT"] else { preconditionFailure("set reads DRAFT") }
    draft = text
    offset = arguments["C"]?.offset ?? at
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let currency {
      try FocusCommand.focus(currency, draft: draft, context, at: offset)
    } else {
      try context.perform(.setDraft(draft), at: offset)
    }
    return .nothing
  }
}

import CofferCore
import CofferScript

/// `focus C [DRAFT]`, or just `C [DRAFT]`: moves the focus to C, committing the field
/// left, and sets C's draft if one follows.
struct FocusCommand: Command {
  static let entry = CommandEntry(
    "focus", .sequence([.currency(), .optional(.text("DRAFT", "an amount"))]),
    "move the focus to C (committing the field left) and set its draft", examples: ["focus USD", "USD", "USD 12.50"],
    scope: .sheet, usage: "focus C [EXPR]  (or just C [EXPR])", readsHoldings: false, command: Self.self)

  let currency: Currency
  let offset: Int
  let draft: (text: String, offset: Int)?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])!
    offset = arguments.commandOffset
    if case .text(let text, let at) = arguments["DRAFT"] { draft = (text, at) } else { draft = nil }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    try context.focus(currency, draft: draft, at: offset)
    return .nothing
  }
}

/// `set C EXPR` or `set EXPR` in the sheet: a draft, kept as typed until the focus
/// leaves its field.
struct SheetSetCommand: Command {
  static let entry = CommandEntry(
    "set", .choice([.sequence([.currency(), .text("DRAFT", "an amount")]), .text("DRAFT", "an amount")]),
    "focus C and set its draft (without C: the focused field's)", examples: ["set USD 12.50", "set 40"],
    scope: .sheet, usage: "set [C] EXPR", readsHoldings: false, command: Self.self)

  let currency: Currency?
  let draft: (text: String, offset: Int)
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])
    guard case .text(let text, let at) = arguments["DRAFT"] else { preconditionFailure("set reads DRAFT") }
    draft = (text, at)
    offset = arguments["C"]?.offset ?? at
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let currency {
      try context.focus(currency, draft: draft, at: offset)
    } else {
      try context.setFocusedDraft(draft.text, at: offset)
    }
    return .nothing
  }
}

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
    try context.setFocusedDraft(draft, at: offset)
    return .nothing
  }
}

import CofferCore
import CofferScript

/// `clear C [at DATE]` or `clear all [at DATE]`: amounts back to 0 (with a date, the
/// balance on that day).
struct ClearCommand: Command {
  static let code = TypedSlot.currency()
  static let yes = Flag("yes")
  static let entry = CommandEntry(
    "clear", .sequence([.choice([.keyword("all"), .slot(code)]), .optional(AtDate.grammar)]),
    "set one amount, or every amount, to 0 (with 'at DATE', on that day)",
    examples: ["clear USD", "clear all --yes", "clear GBP at 2025-06-30"], options: [yes.spec], command: Self.self)

  /// nil for `all`.
  let currency: Currency?
  let confirmed: Bool
  let date: CalendarDate?
  let dateOffset: Int
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments[Self.code])
    confirmed = arguments.has(Self.yes)
    end = arguments.endOffset
    if let (date, offset) = try context.date(arguments[AtDate.date]) {
      self.date = try context.pastOrToday(date, at: offset)
      dateOffset = offset
    } else {
      date = nil
      dateOffset = 0
    }
    if date != nil && context.sheet != nil {
      throw context.failure(
        "'clear … at DATE' is not for the open sheet; 'open at DATE' edits the balances of a date", at: dateOffset)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let currency {
      try clear(currency, context)
      return .nothing
    }
    if context.options.interactive && !confirmed {
      throw context.failure("'clear all' sets every amount to 0; type 'clear all --yes' to do it", at: end)
    }
    for currency in Catalog.all { try clear(currency, context) }
    return .nothing
  }

  /// In the sheet a clear is one of the sheet's commits: `undo` and `cancel` revert it.
  private func clear(_ currency: Currency, _ context: CommandContext) throws(StatementFailure) {
    if let date {
      try context.commit(.zero, of: currency, on: date, at: dateOffset)
    } else if let sheet = context.sheet {
      _ = sheet.perform(.clear(currency))
    } else {
      context.ledger.commit(.zero, of: currency)
    }
  }
}

import CofferCore
import CofferScript
import CofferText

/// `clear C [at DATE]` or `clear all [at DATE]`: amounts back to 0 (with a date, the
/// balance on that day).
struct ClearCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let yes = Flag("yes")
  static let entry = CommandEntry(
    "clear", .sequence([.choice([.keyword("all"), .slot(code)]), .optional(AtDate.grammar)]),
    tr("set one amount, or every amount, to 0 (with 'at DATE', on that day)"),
    examples: ["clear USD", "clear all --yes", "clear GBP at 2025-06-30"], options: [yes.spec], command: Self.self)

  /// nil for `all`.
  let named: NamedHolding?
  let confirmed: Bool
  let date: CalendarDate?
  let dateOffset: Int
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    named = try context.namedHolding(arguments[Self.code])
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
        tr("'clear … at DATE' is not for the open sheet; 'open at DATE' edits the balances of a date"), at: dateOffset)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let named {
      if named.place == nil, let sheet = context.sheet, date == nil {
        // The sheet's own clear of its focused row's currency.
        _ = try context.holdingForWriting(named, on: nil)
        _ = sheet.perform(.clear(try context.holdingForWriting(named, on: nil)))
        return .nothing
      }
      try clear(try context.holdingForWriting(named, on: date), context)
      return .nothing
    }
    if context.options.interactive && !confirmed {
      throw context.failure(tr("'clear all' sets every amount to 0; type 'clear all --yes' to do it"), at: end)
    }
    let ledger = context.ledger
    if let date {
      // Every holding that has an entry on or before the date, at every place.
      let held: [Holding: DecimalValue]
      do {
        held = try ledger.holdings(on: [date])[0]
      } catch {
        throw context.failure(error, at: dateOffset)
      }
      let holdings = ledger.units.map { Holding($0) } + held.keys.filter { !$0.place.isUnnamed }
      for holding in holdings.sorted(by: Holding.precedes) { try clear(holding, context) }
    } else {
      for currency in ledger.units {
        for (holding, _) in ledger.portfolio.places(of: currency) { try clear(holding, context) }
      }
    }
    return .nothing
  }

  /// In the sheet a clear is one of the sheet's commits: `undo` and `cancel` revert it.
  private func clear(_ holding: Holding, _ context: CommandContext) throws(StatementFailure) {
    if let date {
      try context.commit(.zero, of: holding, on: date, at: dateOffset)
    } else if let sheet = context.sheet {
      _ = sheet.perform(.clear(holding))
    } else {
      context.ledger.commit(.zero, of: holding)
    }
  }
}

import CofferCore
import CofferScript
import CofferText

/// `set C EXPR [at DATE]`: commits an amount; with a date, the balance C had on that day
/// (a statement copied in later), which is also the current amount only when nothing
/// later is recorded. `C@PLACE` names the place; a bare `C` is the one place holding it
/// (SPEC §11).
struct SetCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let value = TypedSlot.expression(tr("EXPR"), tr("an amount"))
  /// A date after today, taken: how a dump gives back an entry written down ahead of its
  /// day (by a clock that was ahead, or in a time zone already in tomorrow).
  static let ahead = Flag("ahead")
  static let entry = CommandEntry(
    "set", .sequence([.slot(code), .slot(value), .optional(AtDate.grammar)]),
    tr(
      "set C's amount (with 'at DATE', its balance on that day; --ahead takes a DATE after today, as a dump writes one)"
    ),
    examples: [
      "set USD 1200.50", "set JPY 150_000", "set EUR $rent * 3", "set USD 900 at 2025-12-31", "set USD@wise 300",
    ],
    options: [ahead.spec], scope: .topLevel, command: Self.self)

  let named: NamedHolding
  let amount: Expression
  /// The day the balance is for; nil for now.
  let date: CalendarDate?
  let dateOffset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    named = try context.namedHolding(try arguments.value(Self.code))
    amount = try arguments.value(Self.value)
    if let (date, offset) = try context.date(arguments[AtDate.date]) {
      self.date = arguments.has(Self.ahead) ? date : try context.pastOrToday(date, at: offset)
      dateOffset = offset
    } else {
      date = nil
      dateOffset = 0
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let value = try context.amount(amount, for: named.currency)
    let holding = try context.holdingForWriting(named, on: date)
    if let date {
      try context.commit(value, of: holding, on: date, at: dateOffset)
    } else {
      context.ledger.commit(value, of: holding)
    }
    return .nothing
  }
}

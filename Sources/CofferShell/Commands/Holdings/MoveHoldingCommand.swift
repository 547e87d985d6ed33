import CofferCore
import CofferScript
import CofferText

/// `move X C [from P1] [to P2] [at DATE]`: takes X of C from one place to another (a left
/// out end is the unnamed place), as one commit of two journal entries, saved at once:
/// both are written, or both held back by a conflict (and `save --force` writes both).
/// What is pending is saved first. Refused, changing nothing, when P1 holds less than X
/// on DATE, when P1 and P2 are one place, or when either has an entry after DATE.
struct MoveHoldingCommand: Command, SavesFirst {
  static let amount = TypedSlot.expression(tr("X"), tr("the amount to move"))
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let source = TypedSlot.place(tr("P1"), tr("a place (a word, or a name in quotes)"))
  static let destination = TypedSlot.place(tr("P2"), tr("a place (a word, or a name in quotes)"))
  static let entry = CommandEntry(
    "move",
    .sequence([
      .slot(amount), .slot(code), .optional(.sequence([.keyword("from"), .slot(source)])),
      .optional(.sequence([.keyword("to"), .slot(destination)])), .optional(AtDate.grammar),
    ]),
    tr(
      "move X of C from one place to another (a left out end is the unnamed place); saved at once, both ends or neither"
    ),
    examples: ["move 200 USD from wise to cash", "move 50 EUR to N26 at 2026-11-01"],
    scope: .topLevel, usage: tr("move X C [from P1] [to P2] [at DATE]"), command: Self.self)

  let value: Expression
  let currency: Currency
  let from: Place
  let to: Place
  let date: CalendarDate?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    value = try arguments.value(Self.amount)
    currency = try context.currency(try arguments.value(Self.code))
    from = try arguments[Self.source].map { word throws(StatementFailure) in try context.place(word) } ?? .unnamed
    to = try arguments[Self.destination].map { word throws(StatementFailure) in try context.place(word) } ?? .unnamed
    if let (date, offset) = try context.date(arguments[AtDate.date]) {
      self.date = try context.pastOrToday(date, at: offset)
    } else {
      date = nil
    }
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    .effect(.save(force: false, offset: offset, then: .run(self)))
  }

  var notDone: String { tr("nothing was moved") }

  func afterSave(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let amount = try context.amount(value, for: currency)
    do {
      let source = try ledger.resolve(from, mustExist: true)
      let destination = try ledger.resolve(to, mustExist: false)
      try ledger.move(amount, of: currency, from: source, to: destination, on: date ?? ledger.portfolio.today)
    } catch let error as Ledger.PlaceError {
      throw context.failure(error.description, at: offset)
    } catch let failure as Ledger.PlaceFailure {
      throw context.failure(failure, at: offset)
    } catch {
      throw context.failure("\(error)", at: offset)
    }
    do {
      try ledger.save()
    } catch {
      throw context.failure(error, at: offset)
    }
    return .nothing
  }
}

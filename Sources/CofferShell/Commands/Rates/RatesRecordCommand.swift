import CofferCore
import CofferScript

/// `rates record at DATE source NAME C RATE [C RATE...]`: rates as an import records
/// them — C's units per euro on DATE, from NAME — so that a dump can give a store's rates
/// history back exactly. Saved with the other edits.
struct RatesRecordCommand: Command {
  static let entry = CommandEntry(
    "rates record",
    .sequence([
      .keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'"), .keyword("source"),
      .argument(Slot("NAME", .string, "the source's name, in quotes")),
      .repeated(.sequence([.currency(), .expression("RATE", "C's units per euro")])),
    ]),
    "record rates as an import does (C's units per euro on DATE, from the source NAME); a dump writes these",
    examples: [#"rates record at 2026-10-30 source "ECB" USD 1.1172 JPY 163.89"#],
    usage: #"rates record at DATE source "NAME" C RATE [C RATE...]"#, command: Self.self)

  let date: CalendarDate
  let source: String
  let rates: [(currency: Currency, value: Expression)]

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard let (date, _) = try context.date(arguments["DATE"]) else {
      throw context.failure("'rates record' needs 'at DATE'", at: arguments.commandOffset)
    }
    self.date = date
    guard case .string(let source, let at) = arguments["NAME"] else {
      throw context.failure("'rates record' needs 'source \"NAME\"'", at: arguments.commandOffset)
    }
    _ = at
    self.source = source
    var rates: [(currency: Currency, value: Expression)] = []
    for (code, value) in zip(arguments.all("C"), arguments.all("RATE")) {
      guard let currency = try context.currency(code), case .expression(let expression) = value else { continue }
      rates.append((currency, expression))
    }
    guard !rates.isEmpty else {
      throw context.failure("'rates record' needs at least one currency and its rate", at: arguments.endOffset)
    }
    self.rates = rates
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    // Every rate is read before any is recorded: a failed statement records nothing.
    var read: [Rate] = []
    for (currency, expression) in rates {
      let value = try context.number(expression, role: "a rate")
      if let problem = RateRules.problem(with: value) {
        throw context.failure("rates record: \(currency.code): \(problem)", at: expression.offset)
      }
      // The pivot's own rate is 1 (a store's compiled-in snapshot holds it so).
      guard currency != Catalog.eur || value == .one else {
        throw context.failure("rates record: EUR is the pivot: its rate per euro is always 1", at: expression.offset)
      }
      read.append(Rate(currency: currency, perEuro: value, date: date, source: source))
    }
    for rate in read {
      do {
        try context.ledger.record(rate)
      } catch {
        throw context.failure("rates record: \(error.description)", at: 0)
      }
    }
    return .nothing
  }
}

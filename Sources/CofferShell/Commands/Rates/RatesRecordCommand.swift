import CofferCore
import CofferScript

/// `rates record at DATE source NAME C RATE [C RATE...]`: rates as an import records
/// them — C's units per euro on DATE, from NAME — so that a dump can give a store's rates
/// history back exactly. Saved with the other edits.
struct RatesRecordCommand: Command {
  static let name = TypedSlot.string("NAME", "the source's name, in quotes")
  static let code = TypedSlot.currency()
  static let value = TypedSlot.expression("RATE", "C's units per euro")
  static let entry = CommandEntry(
    "rates record",
    .sequence([
      AtDate.grammar, .keyword("source"), .slot(name), .repeated(.sequence([.slot(code), .slot(value)])),
    ]),
    "record rates as an import does (C's units per euro on DATE, from the source NAME); a dump writes these",
    examples: [#"rates record at 2026-10-30 source "ECB" USD 1.1172 JPY 163.89"#],
    options: [RateImporting.accept.spec], usage: #"rates record at DATE source "NAME" C RATE [C RATE...]"#,
    command: Self.self)

  let date: CalendarDate
  let source: String
  let rates: [(currency: Currency, value: Expression)]
  let accept: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    date = try context.dateArgument(try arguments.value(AtDate.date), role: "'at'")
    source = try arguments.value(Self.name).value
    accept = arguments.has(RateImporting.accept)
    var rates: [(currency: Currency, value: Expression)] = []
    // Each code is read with its rate: the grammar takes them in pairs.
    for (code, value) in zip(arguments.all(Self.code), arguments.all(Self.value)) {
      rates.append((try context.currency(code), value))
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
    let rows = read.map { rate in
      RateChecker.Observation(
        RateRow(unit: rate.currency, base: Catalog.eur, date: rate.date, value: rate.perEuro, source: rate.source),
        perEuro: rate.perEuro, isNew: true)
    }
    try RateImporting.judge(rows, accept: accept, "rates record", context, at: rates.first?.value.offset ?? 0)
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

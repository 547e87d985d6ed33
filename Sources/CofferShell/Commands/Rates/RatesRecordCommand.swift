import CofferCore
import CofferScript
import CofferText

/// `rates record at DATE source NAME [base B] C RATE [C RATE...]`: rates as an import
/// records them — C's units per euro on DATE, from NAME; with `base B`, C's units per one
/// B, EUR's among them, as a file in that base gives them — so that a dump can give a
/// store's rates history back exactly. Saved with the other edits.
struct RatesRecordCommand: Command {
  static let name = TypedSlot.string(tr("NAME"), tr("the source's name, in quotes"))
  static let base = TypedSlot.currency(tr("B"), tr("the currency the rates are given in, such as USD"))
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let value = TypedSlot.expression(tr("RATE"), tr("C's units per euro (or per one B)"))
  static let entry = CommandEntry(
    "rates record",
    .sequence([
      AtDate.grammar, .keyword("source"), .slot(name), .optional(.sequence([.keyword("base"), .slot(base)])),
      .repeated(.sequence([.slot(code), .slot(value)])),
    ]),
    tr(
      """
      record rates as an import does (C's units per euro on DATE, from the source NAME, or per one B with \
      'base B', EUR's among them); a dump writes these, '--keep-findings' on rates its store had findings on \
      (taken as they were: neither judged nor accepted)
      """),
    examples: [
      #"rates record at 2026-10-30 source "ECB" USD 1.1172 JPY 163.89"#,
      #"rates record at 2026-06-24 source "ExchangeRate-API" base USD EUR 0.8538 AED 3.6725"#,
    ],
    options: [RateImporting.accept.spec, RateImporting.keepFindings.spec],
    usage: tr("rates record at DATE source \"NAME\" [base B] C RATE [C RATE...]"), command: Self.self)

  let date: CalendarDate
  let source: String
  /// The currency the rates are given in: EUR unless told.
  let base: Currency
  let baseOffset: Int
  let rates: [(currency: Currency, value: Expression)]
  let accept: Bool
  /// Taken unjudged, as a dump gives back rates its store had findings on.
  let keepFindings: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    date = try context.dateArgument(try arguments.value(AtDate.date), role: "'at'")
    source = try arguments.value(Self.name).value
    accept = arguments.has(RateImporting.accept)
    keepFindings = arguments.has(RateImporting.keepFindings)
    base = try arguments[Self.base].map { code throws(StatementFailure) in try context.currency(code) } ?? Catalog.eur
    baseOffset = arguments[Self.base]?.offset ?? arguments.commandOffset
    var rates: [(currency: Currency, value: Expression)] = []
    // Each code is read with its rate: the grammar takes them in pairs.
    for (code, value) in zip(arguments.all(Self.code), arguments.all(Self.value)) {
      rates.append((try context.currency(code), value))
    }
    guard !rates.isEmpty else {
      throw context.failure(tr("'rates record' needs at least one currency and its rate"), at: arguments.endOffset)
    }
    self.rates = rates
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    // Every rate is read before any is recorded: a failed statement records nothing.
    var given: [(currency: Currency, value: DecimalValue, offset: Int)] = []
    for (currency, expression) in rates {
      let value = try context.number(expression, role: tr("a rate"))
      if let problem = RateRules.problem(with: value) {
        throw context.failure(
          tr("rates record: {code}: {problem}", ["code": currency.code, "problem": "\(problem)"]), at: expression.offset
        )
      }
      // The pivot's own rate is 1 (a store's compiled-in snapshot holds it so).
      guard base != Catalog.eur || currency != Catalog.eur || value == .one else {
        throw context.failure(
          tr("rates record: EUR is the pivot: its rate per euro is always 1"), at: expression.offset)
      }
      given.append((currency, value, expression.offset))
    }
    // In another base, EUR's value in it turns the others into euros, as an import does.
    var euroInBase = DecimalValue.one
    if base != Catalog.eur {
      guard let euro = given.last(where: { $0.currency == Catalog.eur }) else {
        throw context.failure(
          tr("rates record: rates in {base} need EUR's among them, to turn them into euros", ["base": base.code]),
          at: baseOffset)
      }
      euroInBase = euro.value
    }
    var read: [Rate] = []
    var rows: [RateChecker.Observation] = []
    // EUR in another base is not stored (the pivot is 1); in euros, its 1 is kept as given.
    for (currency, value, offset) in given where base == Catalog.eur || currency != Catalog.eur {
      var perEuro = value
      if base != Catalog.eur {
        do {
          perEuro = try (value / euroInBase).rounded(toSignificantDigits: 30)
        } catch {
          throw context.failure(
            tr("rates record: {code}: {problem}", ["code": currency.code, "problem": "\(error)"]), at: offset)
        }
        if let problem = RateRules.problem(with: perEuro) {
          throw context.failure(
            tr(
              "rates record: {code}: {problem} (units per euro: {rate})",
              ["code": currency.code, "problem": "\(problem)", "rate": "\(perEuro)"]), at: offset)
        }
      }
      read.append(Rate(currency: currency, perEuro: perEuro, date: date, source: source))
      rows.append(
        RateChecker.Observation(
          RateRow(unit: currency, base: base, date: date, value: value, source: source), perEuro: perEuro, isNew: true))
    }
    if !keepFindings {
      try RateImporting.judge(rows, accept: accept, "rates record", context, at: rates.first?.value.offset ?? 0)
    }
    for rate in read {
      do {
        try context.ledger.record(rate)
      } catch {
        throw context.failure(tr("rates record: {reason}", ["reason": error.description]), at: 0)
      }
    }
    if base != Catalog.eur {
      for (currency, value, _) in given {
        context.ledger.record(
          RateAsGiven(currency: currency, base: base, value: value, date: date, source: source))
      }
    }
    return .nothing
  }
}

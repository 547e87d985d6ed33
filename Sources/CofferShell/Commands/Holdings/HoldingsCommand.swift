import CofferCore
import CofferScript

/// `holdings [--all]`, `holdings at DATE` (as held then), `holdings valued at DATE`
/// (today's holdings at that day's rates), each also `in C` (or `--in C`: values in C);
/// and `holdings from DATE [to DATE]` (each currency's change between the two dates,
/// split into edits and rates).
struct HoldingsCommand: Command {
  /// `in C`.
  static let target = TypedSlot.currency("C", "a currency code such as USD after 'in'")
  static let entry = CommandEntry(
    "holdings",
    .sequence([
      .optional(
        .choice([
          AtDate.grammar, .sequence([.keyword("valued"), AtDate.grammar]),
          .sequence([
            .keyword("from"), .slot(DateRange.fromDate),
            .optional(.sequence([.keyword("to"), .slot(DateRange.toDate)])),
          ]),
        ])),
      .optional(.sequence([.keyword("in"), .slot(target)])),
    ]),
    "each held currency with its rate and value (in the local currency, or in C), then the total; at a date, as held then; from a date, how each moved",
    examples: [
      "holdings", "holdings --format json", "holdings at 2025-12-31", "holdings valued at 2024-01-02",
      "holdings in USD", "holdings from 2025-01-01 to 2025-12-31",
    ],
    options: [ListingOptions.format.spec, ListingOptions.all.spec, ListingOptions.expressedIn.spec], access: .reads,
    usage: "holdings [at DATE | valued at DATE | from DATE [to DATE]] [in C] [--all] [--format FMT]",
    command: Self.self)

  let all: Bool
  let date: (date: CalendarDate, valued: Bool)?
  let range: DateRange?
  /// The currency asked for with `in C`, nil for the local one.
  let target: Currency?
  let offset: Int
  /// Where the date was written, for errors about it.
  let dateOffset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    all = arguments.has(ListingOptions.all)
    offset = arguments.commandOffset
    target = try context.expressedIn(arguments, slot: Self.target)
    if arguments.has(keyword: "from") {
      range = try DateRange(arguments, context)
      date = nil
      dateOffset = range?.fromOffset ?? offset
      if target != nil {
        throw context.failure(
          "'holdings from' is in the local currency; 'in C' is for holdings now or at a date",
          at: arguments.offset(of: "in") ?? offset)
      }
      return
    }
    range = nil
    let given = try context.date(arguments[AtDate.date])
    date = given.map { ($0.0, arguments.has(keyword: "valued")) }
    dateOffset = given?.1 ?? offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let range, let from = range.from {
      return .listing(try ChangeReport.between(from, range.to, all: all, context, at: offset))
    }
    var portfolio = context.ledger.portfolio
    if let date {
      portfolio =
        date.valued
        ? try context.portfolio(valuedOn: date.date, at: dateOffset)
        : try context.portfolio(asHeldOn: date.date, at: dateOffset)
    }
    let currencies = all ? Catalog.all : portfolio.held
    let target = self.target ?? portfolio.local
    var rows: [Row] = []
    for currency in currencies {
      let what = "holdings: \(currency.code)"
      let valuation = try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
        try portfolio.valuation(of: currency, in: target).get()
      }
      let value = try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
        try portfolio.value(of: currency, in: target)
      }
      rows.append(
        Row(
          currency: currency, amount: portfolio.amount(of: currency), rate: valuation?.factor.rounded(toPlaces: 10),
          value: value, basis: valuation))
    }
    let total = try context.readTotal(of: portfolio, in: self.target, at: offset)
    return .listing(Report(local: portfolio.local, target: target, rows: rows, total: total, date: date))
  }

  struct Row {
    let currency: Currency
    let amount: DecimalValue
    let rate: DecimalValue?
    let value: DecimalValue?
    /// What the rate rests on: its date and source (none for the local currency).
    let basis: Valuation?

    var date: String? { basis?.date?.description }
    var source: String? { basis.flatMap { $0.kind == .same ? nil : $0.source } }
  }

  struct Report: Listing {
    let local: Currency
    /// The currency of the values: the local one, or the one asked for.
    let target: Currency
    let rows: [Row]
    let total: Total
    /// The date asked about, and whether it was today's holdings at its rates.
    var date: (date: CalendarDate, valued: Bool)? = nil

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .right, .right, .right, .left])
      table.add(["code", "name", "amount", "rate", "value (\(target.code))", "as of"].map { output.styled($0, "1") })
      for row in rows {
        table.add([
          row.currency.code, row.currency.name(in: output.names),
          MoneyText.format(row.amount, row.currency, output: output), row.rate?.description ?? "no rate",
          row.value.map { MoneyText.format($0, target, output: output) } ?? "—",
          [row.date, row.source?.escapingControlCharacters].compactMap { $0 }.joined(separator: " "),
        ])
      }
      let basis = date.map { $0.valued ? "today's holdings at \($0.date) rates" : "as held on \($0.date)" }
      return table.lines() + ["total " + MoneyText.total(total, output: output, basis: basis)]
    }

    func plain() -> [String] { rows.map { "\($0.currency.code) \($0.amount)" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        // The header the manual gives (§3); the date and source are in the table and JSON.
        // Expressed in another currency, the last column is `in` and names it.
        ["code", "amount", "value", target == local ? "local" : "in"],
        rows.map { [$0.currency.code, $0.amount.description, $0.value?.description ?? "", target.code] }
      )
    }

    func json() -> JSONValue {
      let items = rows.map { row in
        JSONValue.object([
          ("code", .string(row.currency.code)), ("amount", .string(row.amount.description)),
          ("rate", .string(row.rate?.description)), ("value", .string(row.value?.description)),
          ("date", .string(row.date)), ("source", .string(row.source)),
        ])
      }
      let expressedIn: [(String, JSONValue)] = target == local ? [] : [("in", .string(target.code))]
      var fields: [(String, JSONValue)] =
        [("local", .string(local.code))] + expressedIn + [
          ("holdings", .array(items)), ("total", .string(total.value.description)),
          ("missing", .array(total.missing.map { .string($0.code) })),
        ]
      if let date {
        fields += [
          ("date", .string(date.date.description)), ("holdings_as_of", .string(date.valued ? "today" : "date")),
        ]
      }
      return .object(fields)
    }
  }
}

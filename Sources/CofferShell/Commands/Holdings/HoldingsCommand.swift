import CofferCore
import CofferScript

/// `holdings [--all] [at DATE]`: each currency held, its rate and value, then the total.
struct HoldingsCommand: Command {
  static let entry = CommandEntry(
    "holdings", .optional(.sequence([.keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'")])),
    "each held currency with its rate and value, then the total",
    examples: ["holdings", "holdings --format json", "holdings at 2024-01-02"], options: ListingOptions.listing,
    command: Self.self)

  let all: Bool
  let date: Arguments.Value?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    all = arguments.option("all") != nil
    date = arguments["DATE"]
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = try context.portfolio(at: date)
    let currencies = all ? Catalog.all : portfolio.held
    let rows = currencies.map { currency in
      Row(
        currency: currency, amount: portfolio.amount(of: currency), rate: try? portfolio.displayRate(of: currency),
        value: try? portfolio.value(of: currency), basis: try? portfolio.valuation(of: currency).get())
    }
    return .listing(Report(local: portfolio.local, rows: rows, total: try context.readTotal(of: portfolio, at: offset)))
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
    let rows: [Row]
    let total: Total

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .right, .right, .right, .left])
      table.add(["code", "name", "amount", "rate", "value (\(local.code))", "as of"].map { output.styled($0, "1") })
      for row in rows {
        table.add([
          row.currency.code, row.currency.englishName, MoneyText.format(row.amount, row.currency, output: output),
          row.rate?.description ?? "no rate", row.value.map { MoneyText.format($0, local, output: output) } ?? "—",
          [row.date, row.source].compactMap { $0 }.joined(separator: " ").escapingControlCharacters,
        ])
      }
      return table.lines() + ["total " + MoneyText.total(total, output: output)]
    }

    func plain() -> [String] { rows.map { "\($0.currency.code) \($0.amount)" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        // The header the manual gives (§3); the date and source are in the table and JSON.
        ["code", "amount", "value", "local"],
        rows.map { [$0.currency.code, $0.amount.description, $0.value?.description ?? "", local.code] }
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
      return .object([
        ("local", .string(local.code)), ("holdings", .array(items)), ("total", .string(total.value.description)),
        ("missing", .array(total.missing.map { .string($0.code) })),
      ])
    }
  }
}

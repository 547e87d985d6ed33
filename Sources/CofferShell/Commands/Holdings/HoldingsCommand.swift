import CofferCore
import CofferScript

/// `holdings [--all] [at DATE] [in C]`: each currency held, its rate and value, then the
/// total; in the local currency, or expressed in C (also `--in C`).
struct HoldingsCommand: Command {
  static let entry = CommandEntry(
    "holdings",
    .sequence([
      .optional(.sequence([.keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'")])),
      .optional(.sequence([.keyword("in"), .currency("C", "a currency code such as USD after 'in'")])),
    ]), "each held currency with its rate and value (in the local currency, or in C), then the total",
    examples: ["holdings", "holdings --format json", "holdings at 2024-01-02", "holdings in USD"],
    options: ListingOptions.listing + [ListingOptions.expressedIn], access: .reads, command: Self.self)

  let all: Bool
  let date: Arguments.Value?
  /// The currency asked for with `in C`, nil for the local one.
  let target: Currency?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    all = arguments.option("all") != nil
    date = arguments["DATE"]
    target = try context.expressedIn(arguments)
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = try context.portfolio(at: date)
    let currencies = all ? Catalog.all : portfolio.held
    let target = self.target ?? portfolio.local
    let rows = currencies.map { currency in
      let valuation = try? portfolio.valuation(of: currency, in: target).get()
      return Row(
        currency: currency, amount: portfolio.amount(of: currency), rate: valuation?.factor.rounded(toPlaces: 10),
        value: try? portfolio.value(of: currency, in: target), basis: valuation)
    }
    let total = try context.readTotal(of: portfolio, in: self.target, at: offset)
    return .listing(Report(local: portfolio.local, target: target, rows: rows, total: total))
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

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .right, .right, .right, .left])
      table.add(["code", "name", "amount", "rate", "value (\(target.code))", "as of"].map { output.styled($0, "1") })
      for row in rows {
        table.add([
          row.currency.code, row.currency.name(in: output.names),
          MoneyText.format(row.amount, row.currency, output: output), row.rate?.description ?? "no rate",
          row.value.map { MoneyText.format($0, target, output: output) } ?? "—",
          [row.date, row.source].compactMap { $0 }.joined(separator: " "),
        ])
      }
      return table.lines() + ["total " + MoneyText.total(total, output: output)]
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
      return .object(
        [("local", .string(local.code))] + expressedIn + [
          ("holdings", .array(items)), ("total", .string(total.value.description)),
          ("missing", .array(total.missing.map { .string($0.code) })),
        ])
    }
  }
}

import CofferCore
import CofferScript

/// `total [at DATE] [in C]`: the total of all holdings in the local currency, or
/// expressed in C (also `--in C`) without changing the local one.
struct TotalCommand: Command {
  static let entry = CommandEntry(
    "total",
    .sequence([
      .optional(.sequence([.keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'")])),
      .optional(.sequence([.keyword("in"), .currency("C", "a currency code such as USD after 'in'")])),
    ]), "the total of all holdings in the local currency (or in C)",
    examples: ["total", "total at 2024-01-02", "total in USD"],
    options: ListingOptions.listing + [ListingOptions.expressedIn], access: .reads, command: Self.self)

  let date: Arguments.Value?
  /// The currency asked for with `in C`, nil for the local one.
  let target: Currency?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    date = arguments["DATE"]
    target = try context.expressedIn(arguments)
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = try context.portfolio(at: date)
    let total = try context.readTotal(of: portfolio, in: target, at: offset)
    return .listing(Report(total: total, local: portfolio.local))
  }

  struct Report: Listing {
    /// The total, in the local currency or the one asked for.
    let total: Total
    let local: Currency
    var missing: [String] { total.missing.map(\.code) }
    /// The currency asked for, when it is not the local one.
    var expressedIn: Currency? { total.local == local ? nil : total.local }

    func table(_ output: Output) -> [String] { [MoneyText.total(total, output: output)] }
    func plain() -> [String] { ["\(total.local.code) \(total.value)"] }

    func csv() -> (header: [String], rows: [[String]]) {
      let fields = [
        ("local", local.code), ("in", expressedIn?.code), ("total", total.value.description),
        ("holdings", String(total.holdings)), ("missing", missing.joined(separator: " ")),
      ].filter { $0.1 != nil }
      return (fields.map(\.0), [fields.map { $0.1 ?? "" }])
    }

    func json() -> JSONValue {
      .object(
        [("local", .string(local.code))] + (expressedIn.map { [("in", .string($0.code))] } ?? []) + [
          ("total", .string(total.value.description)), ("holdings", .literal(String(total.holdings))),
          ("missing", .array(missing.map { .string($0) })),
        ])
    }
  }
}

import CofferCore
import CofferScript

/// `total [at DATE]`: the total of all holdings in the local currency.
struct TotalCommand: Command {
  static let entry = CommandEntry(
    "total", .optional(.sequence([.keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'")])),
    "the total of all holdings in the local currency", examples: ["total", "total at 2024-01-02"],
    options: ListingOptions.listing, command: Self.self)

  let date: Arguments.Value?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    date = arguments["DATE"]
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = try context.portfolio(at: date)
    return .listing(Report(total: try context.readTotal(of: portfolio, at: offset)))
  }

  struct Report: Listing {
    let total: Total
    var missing: [String] { total.missing.map(\.code) }

    func table(_ output: Output) -> [String] { [MoneyText.total(total, output: output)] }
    func plain() -> [String] { ["\(total.local.code) \(total.value)"] }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["local", "total", "holdings", "missing"],
        [[total.local.code, total.value.description, String(total.holdings), missing.joined(separator: " ")]]
      )
    }

    func json() -> JSONValue {
      .object([
        ("local", .string(total.local.code)), ("total", .string(total.value.description)),
        ("holdings", .literal(String(total.holdings))), ("missing", .array(missing.map { .string($0) })),
      ])
    }
  }
}

import CofferCore
import CofferScript

/// `convert X FROM [to] TO [at DATE]`: an amount between currencies.
struct ConvertCommand: Command {
  static let entry = CommandEntry(
    "convert",
    .sequence([
      .expression("X", "an amount to convert"), .currency("FROM"), .optional(.keyword("to")), .currency("TO"),
      .optional(.sequence([.keyword("at"), .expression("DATE", "a date (YYYY-MM-DD) after 'at'")])),
    ]), "convert an amount between currencies", examples: ["convert 100 USD to CNY"],
    options: [ListingOptions.format], access: .reads, command: Self.self)

  let amount: Expression
  let from: Currency
  let to: Currency
  let date: Arguments.Value?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard case .expression(let amount) = arguments["X"] else { preconditionFailure("convert reads X") }
    self.amount = amount
    from = try context.currency(arguments["FROM"])!
    to = try context.currency(arguments["TO"])!
    date = arguments["DATE"]
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let value = try context.number(amount, role: "convert")
    let portfolio = try context.portfolio(ratesAt: date)
    let converted: DecimalValue
    do {
      converted = try portfolio.convert(value, from: from, to: to).rounded(toPlaces: to.minorUnits)
    } catch {
      // A dated conversion names its date, as rate_at() does.
      let when = portfolio === context.ledger.portfolio ? "" : " on \(portfolio.today)"
      throw context.failure(error.description + when, at: amount.offset)
    }
    return .listing(Report(amount: value, from: from, converted: converted, to: to))
  }

  struct Report: Listing {
    let amount: DecimalValue
    let from: Currency
    let converted: DecimalValue
    let to: Currency

    func table(_ output: Output) -> [String] {
      [
        "\(MoneyText.format(amount, from, output: output, exact: true)) \(from.code) = \(MoneyText.format(converted, to, output: output)) \(to.code)"
      ]
    }

    func plain() -> [String] { [converted.description] }

    func csv() -> (header: [String], rows: [[String]]) {
      (["amount", "from", "value", "to"], [[amount.description, from.code, converted.description, to.code]])
    }

    func json() -> JSONValue {
      .object([
        ("amount", .string(amount.description)), ("from", .string(from.code)),
        ("value", .string(converted.description)), ("to", .string(to.code)),
      ])
    }
  }
}

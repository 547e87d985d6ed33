import CofferCore
import CofferScript

/// `convert X FROM [to] TO [at DATE]`: an amount between currencies.
struct ConvertCommand: Command {
  static let value = TypedSlot.expression("X", "an amount to convert")
  static let source = TypedSlot.currency("FROM")
  static let target = TypedSlot.currency("TO")
  static let entry = CommandEntry(
    "convert",
    .sequence([.slot(value), .slot(source), .optional(.keyword("to")), .slot(target), .optional(AtDate.grammar)]),
    "convert an amount between currencies", examples: ["convert 100 USD to CNY"],
    options: [ListingOptions.format.spec], access: .reads, command: Self.self)

  let amount: Expression
  let from: Currency
  let to: Currency
  let date: Expression?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    amount = try arguments.value(Self.value)
    from = try context.currency(try arguments.value(Self.source))
    to = try context.currency(try arguments.value(Self.target))
    date = arguments[AtDate.date]
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

import CofferCore
import CofferScript
import CofferText

/// `convert X FROM [to] TO [at DATE]`: an amount between currencies.
struct ConvertCommand: Command {
  static let value = TypedSlot.expression(tr("X"), tr("an amount to convert"))
  static let source = TypedSlot.currency(tr("FROM"), tr("a currency code such as USD"))
  static let target = TypedSlot.currency(tr("TO"), tr("a currency code such as USD"))
  static let entry = CommandEntry(
    "convert",
    .sequence([.slot(value), .slot(source), .optional(.keyword("to")), .slot(target), .optional(AtDate.grammar)]),
    tr("convert an amount between currencies"), examples: ["convert 100 USD to CNY"],
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
      guard portfolio !== context.ledger.portfolio else { throw context.failure(error.description, at: amount.offset) }
      throw context.failure(
        tr("{reason} on {date}", ["reason": error.description, "date": portfolio.today.description]), at: amount.offset)
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

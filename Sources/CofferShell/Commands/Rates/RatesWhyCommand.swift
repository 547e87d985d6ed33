import CofferCore
import CofferScript
import CofferText

/// `rates why C [at DATE]`: the path the value of C in the local currency takes (SPEC
/// §12), each leg with its rate, date and source, and the result.
struct RatesWhyCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let entry = CommandEntry(
    "rates why", .sequence([.slot(code), .optional(AtDate.grammar)]),
    tr("how the value of one C in the local currency is reached: each rate with its date and source, and the result"),
    examples: ["rates why USD", "rates why XAU at 2026-11-20"], options: [ListingOptions.format.spec],
    access: .reads, usage: tr("rates why C [at DATE]"), command: Self.self)

  let currency: Currency
  let date: Expression?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(try arguments.value(Self.code))
    date = arguments[AtDate.date]
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = try context.portfolio(ratesAt: date)
    let local = portfolio.local
    let valuation: Valuation
    do {
      valuation = try portfolio.rates.valuation(of: currency, in: local, on: portfolio.today).get()
    } catch {
      throw context.failure(tr("rates why: {reason}", ["reason": error.description]), at: offset)
    }
    return .listing(Report(currency: currency, local: local, date: portfolio.today, valuation: valuation))
  }

  struct Report: Listing {
    let currency: Currency
    let local: Currency
    let date: CalendarDate
    let valuation: Valuation

    func table(_ output: Output) -> [String] {
      guard !valuation.path.isEmpty else {
        return [tr("1 {code} = 1 {local} (the local currency)", ["code": currency.code, "local": local.code])]
      }
      let path = ValuePathText.legs(valuation.path) + " = " + ValuePathText.result(valuation.factor, in: local)
      return [path.escapingControlCharacters]
    }

    func plain() -> [String] { ["\(currency.code) \(valuation.factor)"] }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["from", "to", "rate", "date", "source"],
        valuation.path.map { [$0.from.code, $0.to.code, $0.rate.description, $0.date?.description ?? "", $0.source] }
      )
    }

    func json() -> JSONValue {
      .object([
        ("code", .string(currency.code)), ("local", .string(local.code)), ("date", .string(date.description)),
        ("rate", .string(valuation.factor.description)), ("as_of", .string(valuation.date?.description)),
        ("path", ValuePathText.json(valuation.path)),
      ])
    }
  }
}

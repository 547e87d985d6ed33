import CofferCore
import CofferScript
import CofferText

/// `rates [C...] [at DATE]`: the rates in use (today, or on DATE), each with the date and
/// source of what it rests on: a direct quote, or the cross rate through the euro. With
/// `--in C`, how many units of C each is worth instead of the local currency.
struct RatesCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let entry = CommandEntry(
    "rates", .sequence([.repeated(.slot(code)), .optional(AtDate.grammar)]),
    tr("the rates in use, with date and source"),
    examples: ["rates", "rates USD EUR", "rates JPY at 2010-05-04"],
    options: [ListingOptions.format.spec, ListingOptions.expressedIn.spec], access: .reads, command: Self.self)

  let chosen: [Currency]
  let date: Expression?
  /// The currency of `--in C`, nil for the local one.
  let target: Currency?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    var chosen: [Currency] = []
    for code in arguments.all(Self.code) { chosen.append(try context.currency(code)) }
    self.chosen = chosen
    date = arguments[AtDate.date]
    target = try context.expressedIn(arguments, slot: nil)
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = try context.portfolio(ratesAt: date)
    let local = portfolio.local
    let target = self.target ?? local
    // Units the store added are listed after the catalog's, as their holdings are (SPEC §11).
    let currencies = chosen.isEmpty ? context.ledger.units.filter { $0 != target } : chosen
    var rows: [Row] = []
    for currency in currencies {
      let result = portfolio.valuation(of: currency, in: target)
      let valuation = try context.unlessNoRate("rates: \(currency.code)", at: offset) { () throws(PortfolioError) in
        try result.get()
      }
      rows.append(
        Row(
          currency: currency, rate: valuation?.factor.rounded(toPlaces: 10), basis: valuation,
          stale: valuation?.isStale(on: portfolio.today, maxAge: context.ledger.maxAge) ?? false,
          localRateMissing: result == .failure(.noLocalRate(local))))
    }
    return .listing(Report(local: local, target: target, rows: rows))
  }

  struct Row {
    let currency: Currency
    let rate: DecimalValue?
    /// What the rate rests on: its date and source.
    let basis: Valuation?
    let stale: Bool
    /// No rate because the local currency has none: that is the gap to name.
    let localRateMissing: Bool

    var date: String? { basis?.date?.description }
    var source: String? { basis.flatMap { $0.kind == .same ? nil : $0.source } }
  }

  struct Report: Listing {
    let local: Currency
    /// The currency the rates are in: the local one, or the one asked for.
    let target: Currency
    let rows: [Row]

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .left, .left])
      for row in rows {
        let missing = row.localRateMissing ? tr("no {code} (local) rate", ["code": local.code]) : tr("no rate")
        let quote =
          row.rate.map { "1 \(row.currency.code) = \($0) \(target.code)" }
          ?? tr("1 {code} = ? ({missing})", ["code": row.currency.code, "missing": missing])
        table.add([
          quote, row.date ?? "", (row.source ?? "").escapingControlCharacters,
          row.stale ? output.styled(tr("stale"), "33") : "",
        ])
      }
      return table.lines()
    }

    func plain() -> [String] { rows.map { "\($0.currency.code) \($0.rate?.description ?? "")" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["code", "rate", target == local ? "local" : "in", "date", "source", "stale"],
        rows.map { row in
          [
            row.currency.code, row.rate?.description ?? "", target.code, row.date ?? "", row.source ?? "",
            row.stale ? "true" : "false",
          ]
        }
      )
    }

    func json() -> JSONValue {
      let items = rows.map { row in
        JSONValue.object([
          ("code", .string(row.currency.code)), ("rate", .string(row.rate?.description)),
          ("date", .string(row.date)), ("source", .string(row.source)), ("stale", .bool(row.stale)),
        ])
      }
      let expressedIn: [(String, JSONValue)] = target == local ? [] : [("in", .string(target.code))]
      return .object([("local", .string(local.code))] + expressedIn + [("rates", .array(items))])
    }
  }
}

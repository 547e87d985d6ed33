import CofferCore
import CofferScript

/// `rates [C...]`: the rates in use, with their date and source.
struct RatesCommand: Command {
  static let entry = CommandEntry(
    "rates", .repeated(.currency()), "the rates in use, with date and source", examples: ["rates", "rates USD EUR"],
    options: ListingOptions.listing, command: Self.self)

  let chosen: [Currency]

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    var chosen: [Currency] = []
    for value in arguments.all("C") { chosen.append(try context.currency(value)!) }
    self.chosen = chosen
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let portfolio = context.ledger.portfolio
    let local = portfolio.local
    let currencies = chosen.isEmpty ? Catalog.all.filter { $0 != local } : chosen
    let rows = currencies.map { currency in
      let stored = portfolio.currentRate(of: currency)
      return Row(
        currency: currency, rate: try? portfolio.displayRate(of: currency), stored: stored,
        stale: stored?.isStale(on: portfolio.today) ?? false)
    }
    return .listing(Report(local: local, rows: rows))
  }

  struct Row {
    let currency: Currency
    let rate: DecimalValue?
    let stored: Rate?
    let stale: Bool
  }

  struct Report: Listing {
    let local: Currency
    let rows: [Row]

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .left, .left])
      for row in rows {
        let quote =
          row.rate.map { "1 \(row.currency.code) = \($0) \(local.code)" } ?? "1 \(row.currency.code) = ? (no rate)"
        table.add([
          quote, row.stored?.date.description ?? "", row.stored?.source ?? "",
          row.stale ? output.styled("stale", "33") : "",
        ])
      }
      return table.lines()
    }

    func plain() -> [String] { rows.map { "\($0.currency.code) \($0.rate?.description ?? "")" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["code", "rate", "local", "date", "source", "stale"],
        rows.map { row in
          [
            row.currency.code, row.rate?.description ?? "", local.code, row.stored?.date.description ?? "",
            row.stored?.source ?? "", row.stale ? "true" : "false",
          ]
        }
      )
    }

    func json() -> JSONValue {
      let items = rows.map { row in
        JSONValue.object([
          ("code", .string(row.currency.code)), ("rate", .string(row.rate?.description)),
          ("date", .string(row.stored?.date.description)), ("source", .string(row.stored?.source)),
          ("stale", .bool(row.stale)),
        ])
      }
      return .object([("local", .string(local.code)), ("rates", .array(items))])
    }
  }
}

import CofferCore
import CofferScript
import CofferText
import RateFiles

/// `rates export [--format ledger|beancount|csv] [C...] [from DATE] [to DATE] [FILE]`: the
/// rates history as a price database in the local currency, one line per currency and
/// date on which its value changed, to FILE (written atomically) or stdout. Without C, of
/// every unit: the catalog's and those the store added.
struct RatesExportCommand: Command {
  /// `--format`: a price database's, not a listing's.
  static let format = ValueOption<PriceDatabase.Format>(
    "format", values: PriceDatabase.Format.allCases.map { $0.rawValue },
    valueError: tr(
      "--format takes {formats} here", ["formats": PriceDatabase.Format.allCases.map(\.rawValue).alternatives])
  ) { PriceDatabase.Format(rawValue: $0.lowercased()) }
  /// Read as a word: one with a dot in it (`prices.ledger`) is the file.
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD, or the file to write"))
  static let file = TypedSlot.file(tr("FILE"), tr("the file to write"))

  static let entry = CommandEntry(
    "rates export",
    .repeated(
      .choice([
        .sequence([.keyword("from"), .slot(DateRange.fromDate)]), .sequence([.keyword("to"), .slot(DateRange.toDate)]),
        .slot(code), .slot(file),
      ])),
    tr(
      """
      the rates history as prices in the local currency, a line per currency and date its value changed, to \
      FILE or stdout; FMT: ledger (hledger too, the default), beancount or csv
      """),
    examples: [
      "rates export prices.ledger", "rates export --format beancount USD EUR from 2024-01-01 prices.beancount",
      "rates export --format csv to 2025-12-31",
    ],
    options: [format.spec],
    reachesOutside: true,
    usage: tr("rates export [--format FMT] [C...] [from DATE] [to DATE] [FILE]"), command: Self.self)

  let format: PriceDatabase.Format
  let currencies: [Currency]
  let from: Expression?
  let to: Expression?
  let file: (path: String, offset: Int)?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
    format = arguments[Self.format]?.value ?? .ledger
    var currencies: [Currency] = []
    var file: (path: String, offset: Int)?
    func take(_ path: String, at offset: Int) throws(StatementFailure) {
      guard file == nil else {
        throw context.failure(tr("rates export writes one FILE; a second one is given here"), at: offset)
      }
      file = (path, offset)
    }
    let values = arguments.values
    var glued = false
    for (index, read) in values.enumerated() {
      let (slot, value, end) = (read.slot, read.value, read.end)
      if glued {
        glued = false
        continue
      }
      switch value {
      case .word(let word, let at) where slot === Self.code.slot:
        // A word with the path glued to it (`out/prices.ledger`) is that path.
        if index + 1 < values.count, values[index + 1].start == end, case .path(let rest, _) = values[index + 1].value {
          try take(word + rest, at: at)
          glued = true
        } else if let currency = context.ledger.unit(word) {
          if !currencies.contains(currency) { currencies.append(currency) }
        } else if word.contains(".") {
          // A bare word with a dot is a file name (`prices.ledger`); a code has none.
          try take(word, at: at)
        } else {
          throw context.failure(
            tr(
              "unknown currency '{code}'{hint} (a file name needs a '.' or a '/', or quotes)",
              ["code": word, "hint": Suggestions.hint(for: word.uppercased(), in: context.ledger.units.map(\.code))]),
            at: at)
        }
      case .path(let path, let at) where slot === Self.file.slot:
        try take(path, at: at)
      default:
        break
      }
    }
    self.currencies = currencies
    self.file = file
    // Given twice, the last one counts (as with options).
    from = arguments.all(DateRange.fromDate).last
    to = arguments.all(DateRange.toDate).last
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let local = ledger.portfolio.local
    if let named = currencies.first(where: { $0 == local }) {
      throw context.failure(tr("{code} is the local currency: its value is always 1", ["code": named.code]), at: offset)
    }
    var from: CalendarDate?
    var to: CalendarDate?
    if let given = self.from { from = try context.dateArgument(given, function: "rates export from") }
    if let given = self.to { to = try context.dateArgument(given, function: "rates export to") }
    if let from, let to, to < from {
      throw context.failure(
        tr("rates export: 'from' {from} is after 'to' {to}", ["from": from.description, "to": to.description]),
        at: offset)
    }
    // Every unit of the store: the catalog's, then those added (`units add`).
    let chosen = currencies.isEmpty ? ledger.units.filter { $0 != local } : currencies
    let book: RateBook
    do {
      book = try ledger.ratesHistory(of: Set(chosen), quotesWith: local, from: from ?? .first, to: to ?? .last)
    } catch {
      throw context.failure(error, at: offset)
    }
    let prices = PriceHistory.changes(of: chosen, in: local, book: book, from: from, to: to)
    let lines = PriceDatabase.lines(prices, in: local, format: format)
    guard let file else { return .lines(lines) }
    let path = context.resolve(file.path)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(prices.count * 32)
    for line in lines {
      bytes += line.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    do {
      try ledger.writeFile(bytes, to: path)
    } catch {
      throw context.failure(tr("{reason}; nothing was written", ["reason": "\(error)"]), at: file.offset)
    }
    let count = Set(prices.map(\.currency)).count
    var span = ""
    if let first = prices.first?.date, let last = prices.last?.date {
      span = tr(" ({first} … {last})", ["first": first.description, "last": last.description])
    }
    let currencies = tr("{count} currency", "{count} currencies", count: count)
    return .lines([
      tr(
        "wrote {count} price of {currencies} in {local}{span} to {path}",
        "wrote {count} prices of {currencies} in {local}{span} to {path}", count: prices.count,
        ["currencies": currencies, "local": local.code, "span": span, "path": path])
    ])
  }
}

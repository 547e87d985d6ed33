import CofferCore
import CofferScript
import CofferText

/// `holdings [--all]`, `holdings at DATE` (as held then), `holdings valued at DATE`
/// (today's holdings at that day's rates), each also `in C` (or `--in C`: values in C);
/// and `holdings from DATE [to DATE]` (each currency's change between the two dates,
/// split into edits and rates); `holdings by place` (grouped by place, a subtotal each).
/// A currency held at named places shows them indented under it; CSV and JSON give a row
/// a holding, with its place.
struct HoldingsCommand: Command {
  /// `in C`.
  static let target = TypedSlot.currency(tr("C"), tr("a currency code such as USD after 'in'"))
  static let entry = CommandEntry(
    "holdings",
    .sequence([
      .optional(
        .choice([
          AtDate.grammar, .sequence([.keyword("valued"), AtDate.grammar]),
          .sequence([
            .keyword("from"), .slot(DateRange.fromDate),
            .optional(.sequence([.keyword("to"), .slot(DateRange.toDate)])),
          ]),
          .sequence([.keyword("by"), .keyword("place")]),
        ])),
      .optional(.sequence([.keyword("in"), .slot(target)])),
    ]),
    tr(
      "each held currency with its rate and value (in the local currency, or in C), then the total; at a date, as held then; from a date, how each moved"
    ),
    examples: [
      "holdings", "holdings --format json", "holdings at 2025-12-31", "holdings valued at 2024-01-02",
      "holdings in USD", "holdings from 2025-01-01 to 2025-12-31", "holdings by place", "holdings --why",
    ],
    options: [
      ListingOptions.format.spec, ListingOptions.all.spec, ListingOptions.expressedIn.spec, ListingOptions.why.spec,
    ], access: .reads,
    usage: tr(
      "holdings [at DATE | valued at DATE | from DATE [to DATE] | by place] [in C] [--all] [--why] [--format FMT]"),
    command: Self.self)

  let all: Bool
  /// `--why`: each row's value path under it (and in json).
  let why: Bool
  let byPlace: Bool
  let date: (date: CalendarDate, valued: Bool)?
  let range: DateRange?
  /// The currency asked for with `in C`, nil for the local one.
  let target: Currency?
  let offset: Int
  /// Where the date was written, for errors about it.
  let dateOffset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    all = arguments.has(ListingOptions.all)
    why = arguments.has(ListingOptions.why)
    byPlace = arguments.has(keyword: "place")
    offset = arguments.commandOffset
    target = try context.expressedIn(arguments, slot: Self.target)
    if arguments.has(keyword: "from") {
      range = try DateRange(arguments, context)
      date = nil
      dateOffset = range?.fromOffset ?? offset
      if target != nil {
        throw context.failure(
          tr("'holdings from' is in the local currency; 'in C' is for holdings now or at a date"),
          at: arguments.offset(of: "in") ?? offset)
      }
      return
    }
    range = nil
    let given = try context.date(arguments[AtDate.date])
    date = given.map { ($0.0, arguments.has(keyword: "valued")) }
    dateOffset = given?.1 ?? offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let range, let from = range.from {
      return .listing(try ChangeReport.between(from, range.to, all: all, context, at: offset))
    }
    let ledger = context.ledger
    var portfolio = ledger.portfolio
    // The amount at each named place, for the rows under their currency.
    var places: [Holding: DecimalValue] = [:]
    if let date, !date.valued {
      portfolio = try context.portfolio(asHeldOn: date.date, at: dateOffset)
      do {
        places = try ledger.holdings(on: [date.date])[0]
      } catch {
        throw context.failure(error, at: dateOffset)
      }
    } else {
      if let date { portfolio = try context.portfolio(valuedOn: date.date, at: dateOffset) }
      for currency in ledger.units where ledger.portfolio.hasNamedPlaces(currency) {
        for (holding, amount) in ledger.portfolio.places(of: currency) { places[holding] = amount }
      }
    }
    let currencies = all ? ledger.units : portfolio.held
    let target = self.target ?? portfolio.local
    var rows: [Row] = []
    for currency in currencies {
      let what = "holdings: \(currency.code)"
      let valuation = try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
        try portfolio.valuation(of: currency, in: target).get()
      }
      let value = try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
        try portfolio.value(of: currency, in: target)
      }
      let held = places.filter { $0.key.currency == currency && !$0.value.isZero }.sorted {
        $0.key.place < $1.key.place
      }
      // Place rows only for a currency held at a named place.
      let placeRows =
        held.contains { !$0.key.place.isUnnamed }
        ? held.map { holding, amount in
          PlaceRow(
            place: holding.place, amount: amount,
            value: valuation.flatMap { try? (amount * $0.factor).rounded(toPlaces: target.minorUnits) })
        } : []
      rows.append(
        Row(
          currency: currency, amount: portfolio.amount(of: currency), rate: valuation?.factor.rounded(toPlaces: 10),
          value: value, basis: valuation, places: placeRows))
    }
    let total = try context.readTotal(of: portfolio, in: self.target, at: offset)
    let report = Report(
      local: portfolio.local, target: target, rows: rows, total: total, asked: portfolio.today, date: date, why: why)
    return .listing(byPlace ? ByPlaceReport(report) : report)
  }

  /// One place's share of a currency's row.
  struct PlaceRow {
    let place: Place
    let amount: DecimalValue
    let value: DecimalValue?
  }

  struct Row {
    let currency: Currency
    let amount: DecimalValue
    let rate: DecimalValue?
    let value: DecimalValue?
    /// What the rate rests on: its date and source (none for the local currency).
    let basis: Valuation?
    /// Its places, when it is held at a named place (empty otherwise).
    var places: [PlaceRow] = []

    var date: String? { basis?.date?.description }
    var source: String? { basis.flatMap { $0.kind == .same ? nil : $0.source } }
  }

  struct Report: Listing {
    let local: Currency
    /// The currency of the values: the local one, or the one asked for.
    let target: Currency
    let rows: [Row]
    let total: Total
    /// The day whose rates were asked for: today, or the date given.
    let asked: CalendarDate
    /// The date asked about, and whether it was today's holdings at its rates.
    var date: (date: CalendarDate, valued: Bool)? = nil
    /// `--why`: each row's path under it, and in json.
    var why = false

    var ratesBehind: RatesBehind? { RatesBehind(total.oldestRate, asked: asked) }

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .right, .right, .right, .left])
      table.add(
        [tr("code"), tr("name"), tr("amount"), tr("rate"), tr("value ({code})", ["code": target.code]), tr("as of")]
          .map { output.styled($0, "1") })
      for row in rows {
        table.add([
          row.currency.code, row.currency.name(in: output.names),
          MoneyText.format(row.amount, row.currency, output: output), row.rate?.description ?? tr("no rate"),
          row.value.map { MoneyText.format($0, target, output: output) } ?? "—",
          [row.date, row.source?.escapingControlCharacters].compactMap { $0 }.joined(separator: " "),
        ])
        if why, let basis = row.basis, !basis.path.isEmpty {
          // The path spans the row: a line of its own, not a column.
          table.addSpanning("  " + ValuePathText.legs(basis.path).escapingControlCharacters)
        }
        for place in row.places {
          table.add([
            "  @" + place.place.shown.escapingControlCharacters, "",
            MoneyText.format(place.amount, row.currency, output: output),
            "", place.value.map { MoneyText.format($0, target, output: output) } ?? "—", "",
          ])
        }
      }
      let basis = date.map { TotalCommand.Report.basis(valued: $0.valued, on: $0.date) }
      return table.lines() + [tr("total {total}", ["total": MoneyText.total(total, output: output, basis: basis)])]
    }

    func plain() -> [String] { rows.map { "\($0.currency.code) \($0.amount)" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        // The header the manual gives (§3); the date and source are in the table and JSON.
        // Expressed in another currency, the last column is `in` and names it.
        ["code", "place", "amount", "value", target == local ? "local" : "in"],
        rows.flatMap { row in
          row.places.isEmpty
            ? [[row.currency.code, "", row.amount.description, row.value?.description ?? "", target.code]]
            : row.places.map {
              [row.currency.code, $0.place.name, $0.amount.description, $0.value?.description ?? "", target.code]
            }
        }
      )
    }

    func json() -> JSONValue {
      let items = rows.flatMap { row in
        let shares = row.places.isEmpty ? [PlaceRow(place: .unnamed, amount: row.amount, value: row.value)] : row.places
        return shares.map { share in
          var fields: [(String, JSONValue)] = [
            ("code", .string(row.currency.code)), ("place", .string(share.place.name)),
            ("amount", .string(share.amount.description)), ("rate", .string(row.rate?.description)),
            ("value", .string(share.value?.description)), ("date", .string(row.date)), ("source", .string(row.source)),
          ]
          if why { fields.append(("path", ValuePathText.json(row.basis?.path ?? []))) }
          return JSONValue.object(fields)
        }
      }
      let expressedIn: [(String, JSONValue)] = target == local ? [] : [("in", .string(target.code))]
      var fields: [(String, JSONValue)] =
        [("local", .string(local.code))] + expressedIn + [
          ("holdings", .array(items)), ("total", .string(total.value.description)),
          ("missing", .array(total.missing.map { .string($0.code) })), ("oldest_rate", RatesBehind.json(ratesBehind)),
        ]
      if let date {
        fields += [
          ("date", .string(date.date.description)), ("holdings_as_of", .string(date.valued ? "today" : "date")),
        ]
      }
      return .object(fields)
    }
  }

  /// `holdings by place`: the holdings grouped by place, each with its subtotal, then the
  /// total.
  struct ByPlaceReport: Listing {
    let local: Currency
    let target: Currency
    let total: Total
    let places: [PlaceGroup]
    let ratesBehind: RatesBehind?

    init(_ report: Report) {
      local = report.local
      target = report.target
      total = report.total
      ratesBehind = report.ratesBehind
      var held: [(Place, PlaceGroup.Held)] = []
      for row in report.rows where !row.amount.isZero {
        if row.places.isEmpty {
          held.append((.unnamed, PlaceGroup.Held(currency: row.currency, amount: row.amount, value: row.value)))
        } else {
          for share in row.places {
            held.append(
              (share.place, PlaceGroup.Held(currency: row.currency, amount: share.amount, value: share.value)))
          }
        }
      }
      places = PlaceGroup.grouping(held)
    }

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .left, .right, .right])
      table.add(
        [tr("place"), tr("code"), tr("amount"), tr("value ({code})", ["code": target.code])].map {
          output.styled($0, "1")
        })
      for group in places {
        for (index, holding) in group.holdings.enumerated() {
          table.add([
            index == 0 ? group.place.shown.escapingControlCharacters : "", holding.currency.code,
            MoneyText.format(holding.amount, holding.currency, output: output),
            holding.value.map { MoneyText.format($0, target, output: output) } ?? "—",
          ])
        }
        table.add([
          "", tr("subtotal"), "", group.value.map { MoneyText.format($0, target, output: output) } ?? "—",
        ])
      }
      return table.lines() + [tr("total {total}", ["total": MoneyText.total(total, output: output, basis: nil)])]
    }

    func plain() -> [String] {
      places.flatMap { group in group.holdings.map { "\(Holding($0.currency, at: group.place)) \($0.amount)" } }
    }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["place", "code", "amount", "value", target == local ? "local" : "in"],
        places.flatMap { group in
          group.holdings.map {
            [group.place.name, $0.currency.code, $0.amount.description, $0.value?.description ?? "", target.code]
          }
        }
      )
    }

    func json() -> JSONValue {
      .object([
        ("local", .string(local.code)), ("places", .array(places.map { $0.json(valueKey: "subtotal") })),
        ("total", .string(total.value.description)), ("oldest_rate", RatesBehind.json(ratesBehind)),
      ])
    }
  }
}

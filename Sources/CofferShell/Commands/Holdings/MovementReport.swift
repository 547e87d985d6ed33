import CofferCore
import CofferScript
import CofferText

/// `total by month|quarter|year`: per period end the total as held, and from the second
/// row on how it moved since the row before, split into what the rates did and what was
/// edited (see `Movement`). A partial row is marked and names what it lacks; its change,
/// and the next row's, is left empty.
struct MovementReport: Listing {
  struct Row {
    let date: CalendarDate
    let total: Total
    let movement: Movement?
  }

  let local: Currency
  let period: Period
  let rows: [Row]

  /// The row whose rates are oldest before its own date.
  var ratesBehind: RatesBehind? {
    rows.reduce(nil) { RatesBehind.older($0, RatesBehind($1.total.oldestRate, asked: $1.date)) }
  }

  /// The rows of `total by PERIOD` over `range` (default: from the first entry a person
  /// wrote down to today). One read of the journal for all the dates, one of the rates.
  static func by(_ period: Period, _ range: DateRange, _ context: CommandContext, at offset: Int)
    throws(StatementFailure) -> MovementReport
  {
    let ledger = context.ledger
    let today = ledger.portfolio.today
    let to = try context.askable(range.to ?? today, at: range.toOffset == 0 ? offset : range.toOffset)
    var from = range.from ?? to
    if range.from == nil {
      do {
        from = try ledger.firstEffectiveDate().map { min($0, to) } ?? to
      } catch {
        throw context.failure(error, at: offset)
      }
    }
    let dates = period.rowDates(from: from, to: to)
    var portfolios: HeldPortfolios
    do {
      portfolios = try ledger.portfolios(asHeldOn: dates)
    } catch {
      throw context.failure(error, at: offset)
    }
    var rows: [Row] = []
    // Each portfolio is made as it is reached and let go after the next: two at a time.
    var previous: Portfolio?
    // Each with its date by place, not through `zip`: the iterator of a zip with
    // CofferCore's sequence has its type made at run time, which looks up the sequence's
    // conformance among all of the binary's (about 0.27 M instructions, once a run).
    var place = 0
    while true {
      let next: Portfolio?
      do {
        next = try portfolios.next()
      } catch {
        throw context.failure(error, at: offset)
      }
      guard let portfolio = next else { break }
      let date = dates[place]
      place += 1
      var total = try context.readTotal(of: portfolio, at: offset)
      if let last = rows.last { total = total.sharingMissing(with: last.total) }
      var movement: Movement?
      if let previous {
        do {
          movement = try Movement.between(previous, portfolio)
        } catch {
          throw context.failure(
            tr("total by {period}: {reason}", ["period": period.rawValue, "reason": error.description]), at: offset)
        }
      }
      rows.append(Row(date: date, total: total, movement: movement))
      previous = portfolio
    }
    return MovementReport(local: ledger.portfolio.local, period: period, rows: rows)
  }

  func table(_ output: Output) -> [String] {
    var table = TextTable([.left, .right, .right, .right, .right, .left])
    table.add(
      [tr("date"), tr("total ({code})", ["code": local.code]), tr("change"), tr("rates"), tr("edits"), ""].map {
        output.styled($0, "1")
      })
    for row in rows {
      let money = { (value: DecimalValue?) in value.map { MoneyText.format($0, local, output: output) } ?? "" }
      table.add([
        row.date.description, money(row.total.value), money(row.movement?.change), money(row.movement?.rates),
        money(row.movement?.edits),
        row.total.isPartial ? tr("partial: {missing}", ["missing": row.total.missingRates]) : "",
      ])
    }
    let title =
      switch period {
      case .month: tr("total as held, by month")
      case .quarter: tr("total as held, by quarter")
      case .year: tr("total as held, by year")
      }
    return [title] + table.lines()
  }

  func plain() -> [String] {
    rows.map { row in
      [
        row.date.description, row.total.value.description, row.movement?.change.description ?? "-",
        row.movement?.rates.description ?? "-", row.movement?.edits.description ?? "-",
      ].joined(separator: " ")
    }
  }

  func csv() -> (header: [String], rows: [[String]]) {
    (
      ["date", "total", "change", "rates", "edits", "partial", "missing", "local"],
      rows.map { row in
        [
          row.date.description, row.total.value.description, row.movement?.change.description ?? "",
          row.movement?.rates.description ?? "", row.movement?.edits.description ?? "",
          row.total.isPartial ? "yes" : "no", row.total.missing.map(\.code).joined(separator: " "), local.code,
        ]
      }
    )
  }

  func json() -> JSONValue {
    .object([
      ("local", .string(local.code)), ("by", .string(period.rawValue)),
      (
        "rows",
        .array(
          rows.map { row in
            .object([
              ("date", .string(row.date.description)), ("total", .string(row.total.value.description)),
              ("change", .string(row.movement?.change.description)),
              ("rates", .string(row.movement?.rates.description)),
              ("edits", .string(row.movement?.edits.description)),
              ("partial", .literal(row.total.isPartial ? "true" : "false")),
              ("missing", .array(row.total.missing.map { .string($0.code) })),
              ("oldest_rate", RatesBehind.json(RatesBehind(row.total.oldestRate, asked: row.date))),
            ])
          })
      ),
    ])
  }
}

import CofferCore
import CofferScript
import CofferText

/// `holdings from DATE [to DATE]`: per currency held at either date, the amount and value
/// then and now (each at its own date's rates) and the change split into `edits`
/// ((a₁ − a₀) × p₁) and `rates` (a₀ × (p₁ − p₀)); then the totals, split as `total by`
/// splits them.
struct ChangeReport: Listing {
  struct Row {
    let currency: Currency
    let before: DecimalValue
    let after: DecimalValue
    let valueBefore: DecimalValue?
    let valueAfter: DecimalValue?
    /// nil when a rate is missing at either date.
    let split: (edits: DecimalValue, rates: DecimalValue)?
  }

  let local: Currency
  let from: CalendarDate
  let to: CalendarDate
  let rows: [Row]
  let totalBefore: Total
  let totalAfter: Total
  let movement: Movement?

  static func between(
    _ from: CalendarDate, _ to: CalendarDate?, all: Bool, _ context: CommandContext, at offset: Int
  ) throws(StatementFailure) -> ChangeReport {
    let ledger = context.ledger
    let to = try context.askable(to ?? ledger.portfolio.today, at: offset)
    let from = try context.askable(from, at: offset)
    let before: Portfolio
    let after: Portfolio
    do {
      let amounts = try ledger.amounts(on: [from, to])
      before = try ledger.portfolio(amounts: amounts[0], valuedOn: from)
      after = try ledger.portfolio(amounts: amounts[1], valuedOn: to)
    } catch {
      throw context.failure(error, at: offset)
    }
    let currencies = ledger.units.filter {
      all || !before.amount(of: $0).isZero || !after.amount(of: $0).isZero
    }
    var rows: [Row] = []
    for currency in currencies {
      let what = "holdings from: \(currency.code)"
      rows.append(
        Row(
          currency: currency, before: before.amount(of: currency), after: after.amount(of: currency),
          valueBefore: try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
            try before.value(of: currency)
          },
          valueAfter: try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
            try after.value(of: currency)
          },
          split: try context.unlessNoRate(what, at: offset) { () throws(PortfolioError) in
            try Movement.of(currency, between: before, after)
          } ?? nil))
    }
    let movement: Movement?
    do {
      movement = try Movement.between(before, after)
    } catch {
      throw context.failure(tr("holdings from: {reason}", ["reason": error.description]), at: offset)
    }
    return ChangeReport(
      local: ledger.portfolio.local, from: from, to: to, rows: rows,
      totalBefore: try context.readTotal(of: before, at: offset),
      totalAfter: try context.readTotal(of: after, at: offset),
      movement: movement)
  }

  func table(_ output: Output) -> [String] {
    var table = TextTable([.left, .right, .right, .right, .right, .right, .right])
    table.add(
      [
        tr("code"), tr("amount {date}", ["date": from.description]), tr("amount {date}", ["date": to.description]),
        tr("value {date}", ["date": from.description]), tr("value {date}", ["date": to.description]), tr("edits"),
        tr("rates"),
      ].map {
        output.styled($0, "1")
      })
    let money = { (value: DecimalValue?) in value.map { MoneyText.format($0, local, output: output) } ?? tr("no rate") }
    for row in rows {
      table.add([
        row.currency.code, MoneyText.format(row.before, row.currency, output: output),
        MoneyText.format(row.after, row.currency, output: output), money(row.valueBefore), money(row.valueAfter),
        row.split.map { money($0.edits) } ?? "", row.split.map { money($0.rates) } ?? "",
      ])
    }
    table.add([
      tr("total"), "", "", money(totalBefore.value), money(totalAfter.value), movement.map { money($0.edits) } ?? "",
      movement.map { money($0.rates) } ?? "",
    ])
    var lines =
      [
        tr(
          "holdings as held on {from} and on {to}, in {local}",
          ["from": from.description, "to": to.description, "local": local.code])
      ] + table.lines()
    if let movement { lines.append(tr("change {change} = edits + rates", ["change": money(movement.change)])) }
    for (date, total) in [(from, totalBefore), (to, totalAfter)] where total.isPartial {
      lines.append(tr("partial on {date}: {missing}", ["date": date.description, "missing": total.missingRates]))
    }
    return lines
  }

  func plain() -> [String] {
    rows.map { "\($0.currency.code) \($0.before) \($0.after)" }
  }

  func csv() -> (header: [String], rows: [[String]]) {
    var lines = rows.map { row in
      [
        row.currency.code, row.before.description, row.after.description, row.valueBefore?.description ?? "",
        row.valueAfter?.description ?? "", row.split?.edits.description ?? "", row.split?.rates.description ?? "",
        local.code,
      ]
    }
    lines.append([
      "total", "", "", totalBefore.value.description, totalAfter.value.description,
      movement?.edits.description ?? "", movement?.rates.description ?? "", local.code,
    ])
    return (["code", "amount_from", "amount_to", "value_from", "value_to", "edits", "rates", "local"], lines)
  }

  func json() -> JSONValue {
    .object([
      ("local", .string(local.code)), ("from", .string(from.description)), ("to", .string(to.description)),
      (
        "holdings",
        .array(
          rows.map { row in
            .object([
              ("code", .string(row.currency.code)), ("amount_from", .string(row.before.description)),
              ("amount_to", .string(row.after.description)), ("value_from", .string(row.valueBefore?.description)),
              ("value_to", .string(row.valueAfter?.description)), ("edits", .string(row.split?.edits.description)),
              ("rates", .string(row.split?.rates.description)),
            ])
          })
      ),
      (
        "total",
        .object([
          ("from", .string(totalBefore.value.description)), ("to", .string(totalAfter.value.description)),
          ("change", .string(movement?.change.description)), ("rates", .string(movement?.rates.description)),
          ("edits", .string(movement?.edits.description)),
          ("partial", .literal(totalBefore.isPartial || totalAfter.isPartial ? "true" : "false")),
          (
            "missing",
            .array(
              Set(totalBefore.missing + totalAfter.missing).sorted { $0.index < $1.index }.map { .string($0.code) })
          ),
        ])
      ),
    ])
  }
}

import CofferCore
import CofferScript
import CofferText

/// `total`, `total at DATE` (the holdings as they stood then), `total valued at DATE`
/// (today's holdings at that day's rates), each also `in C` (or `--in C`: expressed in C
/// without changing the local currency); and `total by month|quarter|year [from DATE]
/// [to DATE]` (how the total moved, and why).
struct TotalCommand: Command {
  static let period = TypedSlot.word(
    tr("PERIOD"), tr("month, quarter or year"), completing: Period.allCases.map(\.rawValue))
  /// `in C`.
  static let target = TypedSlot.currency(tr("C"), tr("a currency code such as USD after 'in'"))
  static let entry = CommandEntry(
    "total",
    .sequence([
      .optional(
        .choice([
          AtDate.grammar, .sequence([.keyword("valued"), AtDate.grammar]),
          .sequence([.keyword("by"), .slot(period), DateRange.grammar]),
        ])),
      .optional(.sequence([.keyword("in"), .slot(target)])),
    ]),
    tr(
      "the total of all holdings in the local currency (or in C); at a date, as held then; by period, how it moved and why"
    ),
    examples: [
      "total", "total at 2025-12-31", "total valued at 2024-01-02", "total in USD", "total by month from 2025-01-01",
      "total by year --format csv",
    ],
    options: [ListingOptions.format.spec, ListingOptions.expressedIn.spec], access: .reads,
    usage: tr("total [at DATE | valued at DATE | by month|quarter|year [from DATE] [to DATE]] [in C] [--format FMT]"),
    command: Self.self)

  enum Question {
    case now
    /// As held on the date, or (`valued`) today's holdings at its rates; where the date
    /// was written.
    case on(CalendarDate, valued: Bool, at: Int)
    case by(Period, DateRange)
  }

  let question: Question
  /// The currency asked for with `in C`, nil for the local one.
  let target: Currency?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
    target = try context.expressedIn(arguments, slot: Self.target)
    if let written = arguments[Self.period] {
      let (word, at) = (written.value, written.offset)
      guard let period = Period(rawValue: word.lowercasedWord) else {
        throw context.failure(
          tr(
            "'by' takes month, quarter or year, not '{word}'{hint}",
            ["word": word, "hint": Suggestions.hint(for: word.lowercasedWord, in: Period.allCases.map(\.rawValue))]),
          at: at)
      }
      if target != nil {
        throw context.failure(
          tr("'total by' is in the local currency; 'in C' is for a total now or at a date"),
          at: arguments.offset(of: "in") ?? offset)
      }
      question = .by(period, try DateRange(arguments, context))
    } else if let (date, at) = try context.date(arguments[AtDate.date]) {
      question = .on(date, valued: arguments.has(keyword: "valued"), at: at)
    } else {
      question = .now
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    switch question {
    case .now:
      let portfolio = context.ledger.portfolio
      return .listing(
        Report(
          total: try context.readTotal(of: portfolio, in: target, at: offset), local: portfolio.local,
          asked: portfolio.today, date: nil))
    case .on(let date, let valued, let at):
      let portfolio =
        valued ? try context.portfolio(valuedOn: date, at: at) : try context.portfolio(asHeldOn: date, at: at)
      return .listing(
        Report(
          total: try context.readTotal(of: portfolio, in: target, at: offset), local: portfolio.local,
          asked: date, date: (date, valued)))
    case .by(let period, let range):
      return .listing(try MovementReport.by(period, range, context, at: offset))
    }
  }

  struct Report: Listing {
    /// The total, in the local currency or the one asked for.
    let total: Total
    let local: Currency
    /// The day whose rates were asked for: today, or the date given.
    let asked: CalendarDate
    /// The date asked about, and whether it was today's holdings at its rates.
    let date: (date: CalendarDate, valued: Bool)?
    var missing: [String] { total.missing.map(\.code) }
    var ratesBehind: RatesBehind? { RatesBehind(total.oldestRate, asked: asked) }
    /// The currency asked for, when it is not the local one.
    var expressedIn: Currency? { total.local == local ? nil : total.local }

    /// What a dated total is: `as held on D`, or `today's holdings at D rates`.
    var basis: String? {
      date.map { Self.basis(valued: $0.valued, on: $0.date) }
    }

    /// `as held on D`, or `today's holdings at D rates` (holdings and total say it alike).
    static func basis(valued: Bool, on date: CalendarDate) -> String {
      valued
        ? tr("today's holdings at {date} rates", ["date": date.description])
        : tr("as held on {date}", ["date": date.description])
    }

    func table(_ output: Output) -> [String] {
      [MoneyText.total(total, output: output, basis: basis)]
    }

    func plain() -> [String] { ["\(total.local.code) \(total.value)"] }

    func csv() -> (header: [String], rows: [[String]]) {
      var fields = [
        ("local", local.code), ("in", expressedIn?.code), ("total", total.value.description),
        ("holdings", String(total.holdings)), ("missing", missing.joined(separator: " ")),
      ].filter { $0.1 != nil }
      if let date {
        fields += [("date", date.date.description), ("holdings_as_of", date.valued ? "today" : "date")]
      }
      return (fields.map(\.0), [fields.map { $0.1 ?? "" }])
    }

    func json() -> JSONValue {
      var fields: [(String, JSONValue)] =
        [("local", .string(local.code))] + (expressedIn.map { [("in", .string($0.code))] } ?? []) + [
          ("total", .string(total.value.description)), ("holdings", .literal(String(total.holdings))),
          ("missing", .array(missing.map { .string($0) })), ("oldest_rate", RatesBehind.json(ratesBehind)),
        ]
      if let date {
        fields += [
          ("date", .string(date.date.description)), ("holdings_as_of", .string(date.valued ? "today" : "date")),
        ]
      }
      return .object(fields)
    }
  }
}

import CofferCore
import CofferScript
import CofferText

/// `rates peg C to Q at RATE [band N] [from DATE] [to DATE]`: C follows Q, 1 Q = RATE C,
/// over those dates (SPEC §12); `rates peg remove C [from DATE]` forgets the pegs of C
/// (the one from DATE only). Kept at once, as configuration is.
struct RatesPegCommand: Command {
  static let unit = TypedSlot.currency(tr("C"), tr("the unit that follows"))
  static let anchor = TypedSlot.currency(tr("Q"), tr("the unit it follows"))
  static let rate = TypedSlot.expression(tr("RATE"), tr("how many C one Q is"))
  static let band = TypedSlot.expression(
    tr("N"), tr("the band, in percent, imported rates of C are checked with"))
  static let fromDate = TypedSlot.expression(tr("DATE"), tr("the first day of the peg"))
  static let toDate = TypedSlot.expression(tr("DATE"), tr("the last day of the peg"))
  static let removed = TypedSlot.currency(tr("C"), tr("the pegged unit"))
  static let entry = CommandEntry(
    "rates peg",
    .choice([
      .sequence([
        .keyword("remove"), .slot(removed), .optional(.sequence([.keyword("from"), .slot(DateRange.fromDate)])),
      ]),
      .sequence([
        .slot(unit), .keyword("to"), .slot(anchor), .keyword("at"), .slot(rate),
        .repeated(
          .choice([
            .sequence([.keyword("band"), .slot(band)]), .sequence([.keyword("from"), .slot(fromDate)]),
            .sequence([.keyword("to"), .slot(toDate)]),
          ])),
      ]),
    ]),
    tr(
      """
      peg C to Q: 1 Q = RATE C from DATE to DATE (default always); within them the peg values C, and \
      imported rates of C are checked against it, N percent either side (default 0.5); 'rates peg remove C' \
      forgets it
      """),
    examples: [
      "rates peg AED to USD at 3.6725", "rates peg HKD to USD at 7.80 band 0.65 from 1983-10-17",
      "rates peg remove AED",
    ],
    usage: tr("rates peg C to Q at RATE [band N] [from DATE] [to DATE] | rates peg remove C [from DATE]"),
    command: Self.self)

  enum Action {
    case add(Peg)
    case remove(Currency, from: CalendarDate?)
  }

  let action: Action
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    if let removed = arguments[Self.removed] {
      let unit = try context.currency(removed)
      let from = try arguments[DateRange.fromDate].map { expression throws(StatementFailure) in
        try context.dateArgument(expression, role: "'from'")
      }
      action = .remove(unit, from: from)
      offset = arguments.endOffset
      return
    }
    let unit = try context.currency(try arguments.value(Self.unit))
    let anchor = try context.currency(try arguments.value(Self.anchor))
    let rateExpression = try arguments.value(Self.rate)
    offset = rateExpression.offset
    guard unit != anchor else {
      throw context.failure(tr("a peg is between two units; {code} is both", ["code": unit.code]), at: offset)
    }
    let rate = try context.number(rateExpression, role: tr("a peg's rate"))
    if let problem = RateRules.problem(with: rate) {
      throw context.failure(tr("rates peg: {reason}", ["reason": "\(problem)"]), at: offset)
    }
    var band = Peg.defaultBand
    if let expression = arguments.all(Self.band).last {
      band = try context.number(expression, role: tr("a band"))
      guard band >= .zero, band <= DecimalValue(100) else {
        throw context.failure(tr("a band is a percentage from 0 to 100"), at: expression.offset)
      }
    }
    var from = CalendarDate.first
    var to = CalendarDate.last
    if let expression = arguments.all(Self.fromDate).last {
      from = try context.dateArgument(expression, role: "'from'")
    }
    if let expression = arguments.all(Self.toDate).last {
      to = try context.dateArgument(expression, role: "'to'")
      guard from <= to else {
        throw context.failure(
          tr("'to' ({to}) is before 'from' ({from})", ["to": to.description, "from": from.description]),
          at: expression.offset)
      }
    }
    action = .add(Peg(unit: unit, anchor: anchor, rate: rate, band: band, from: from, to: to))
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    switch action {
    case .add(let peg):
      let refusal: String?
      do {
        refusal = try context.ledger.addPeg(peg)
      } catch {
        throw context.failure(error, at: offset)
      }
      if let refusal { throw context.failure(tr("rates peg: {reason}", ["reason": "\(refusal)"]), at: offset) }
    case .remove(let unit, let from):
      let removed: Int
      do {
        removed = try context.ledger.removePegs(of: unit, from: from)
      } catch {
        throw context.failure(error, at: offset)
      }
      guard removed > 0 else {
        throw context.failure(
          from.map {
            tr("{code} has no peg from {date} ('rates pegs' lists them)", ["code": unit.code, "date": $0.description])
          } ?? tr("{code} has no peg ('rates pegs' lists them)", ["code": unit.code]), at: offset)
      }
    }
    return .nothing
  }
}

/// `rates pegs`: every peg, as `rates peg` takes it.
struct RatesPegsCommand: Command {
  static let entry = CommandEntry(
    "rates pegs", .none, tr("list the pegs"), examples: ["rates pegs"], access: .reads, command: Self.self)

  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let pegs: Pegs
    do {
      pegs = try context.ledger.pegs()
    } catch {
      throw context.failure(error, at: end)
    }
    guard !pegs.isEmpty else { return .lines([tr("no pegs (rates peg C to Q at RATE adds one)")]) }
    return .lines(pegs.all.map { "rates peg " + $0.statement })
  }
}

/// `rates max-age [N]` and `rates max-jump [N]`: the rules' two settings, kept in the
/// store; without N, what they are.
struct RatesMaxAgeCommand: Command {
  static let days = TypedSlot.expression(tr("N"), tr("days (0: never)"))
  static let entry = CommandEntry(
    "rates max-age", .optional(.slot(days)),
    tr(
      """
      how many days old a rate may be before a total or listing says so, and check rates finds it (default \
      7; 0 off)
      """),
    examples: ["rates max-age 3", "rates max-age"], usage: tr("rates max-age [N]"), command: Self.self)

  let days: Expression?
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    days = arguments[Self.days]
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let days else { return .lines(["rates max-age \(context.ledger.maxAge)"]) }
    let value = try context.number(days, role: "max-age")
    guard value.scale == 0 || value == value.rounded(toPlaces: 0), value >= .zero,
      value <= DecimalValue(StoredSettings.maxAgeLimit), let whole = Int(value.description)
    else {
      throw context.failure(
        tr("max-age is a whole number of days from 0 to {limit}", ["limit": String(StoredSettings.maxAgeLimit)]),
        at: days.offset)
    }
    do {
      try context.ledger.setRateSetting(maxAge: whole)
    } catch {
      throw context.failure(error, at: days.offset)
    }
    return .nothing
  }
}

struct RatesMaxJumpCommand: Command {
  static let percent = TypedSlot.expression(tr("N"), tr("percent"))
  static let entry = CommandEntry(
    "rates max-jump", .optional(.slot(percent)),
    tr(
      """
      how many percent a rate may move from the previous one within 31 days before it is a finding (default \
      50)
      """),
    examples: ["rates max-jump 30", "rates max-jump"], usage: tr("rates max-jump [N]"), command: Self.self)

  let percent: Expression?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    percent = arguments[Self.percent]
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let percent else { return .lines(["rates max-jump \(context.ledger.maxJump)"]) }
    let value = try context.number(percent, role: "max-jump")
    guard value > .zero, value <= StoredSettings.maxJumpLimit else {
      throw context.failure(
        tr("max-jump is a percentage above 0 and at most {limit}", ["limit": "\(StoredSettings.maxJumpLimit)"]),
        at: percent.offset)
    }
    do {
      try context.ledger.setRateSetting(maxJump: value)
    } catch {
      throw context.failure(error, at: percent.offset)
    }
    return .nothing
  }
}

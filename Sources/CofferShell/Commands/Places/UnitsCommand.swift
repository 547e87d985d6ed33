import CofferCore
import CofferScript
import CofferText

/// `units`: the units added beyond the catalog.
struct UnitsCommand: Command {
  static let entry = CommandEntry(
    "units", .none, tr("the units added beyond the catalog (gold, a coin, a currency no source publishes)"),
    examples: ["units"], options: [ListingOptions.format.spec], access: .reads, readsHoldings: false,
    command: Self.self)

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {}

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    .listing(Report(units: context.ledger.addedUnits))
  }

  struct Report: Listing {
    let units: [Currency]

    func table(_ output: Output) -> [String] {
      guard !units.isEmpty else { return [tr("no units added ('units add CODE \"NAME\"' adds one)")] }
      var table = TextTable([.left, .left, .right, .left])
      table.add([tr("code"), tr("name"), tr("minor"), tr("symbol")].map { output.styled($0, "1") })
      for unit in units {
        table.add([unit.code, unit.englishName.escapingControlCharacters, String(unit.minorUnits), unit.symbol])
      }
      return table.lines()
    }

    func plain() -> [String] { units.map(\.code) }

    func csv() -> (header: [String], rows: [[String]]) {
      (["code", "name", "minor", "symbol"], units.map { [$0.code, $0.englishName, String($0.minorUnits), $0.symbol] })
    }

    func json() -> JSONValue {
      .array(
        units.map {
          .object([
            ("code", .string($0.code)), ("name", .string($0.englishName)), ("minor", .string(String($0.minorUnits))),
            ("symbol", .string($0.symbol)),
          ])
        })
    }
  }
}

/// `units add CODE "NAME" [minor N] [symbol S]`: a unit the catalog lacks (a currency no
/// default source publishes, a metal, a coin), held and valued like any other.
struct UnitsAddCommand: Command {
  static let code = TypedSlot.word(
    tr("CODE"), tr("a code of 2 to 10 letters or digits, starting with a letter"))
  static let name = TypedSlot.string(tr("NAME"), tr("the unit's name, in quotes"))
  static let minor = TypedSlot.expression(tr("N"), tr("its decimal places, 0 to 8"))
  static let symbol = TypedSlot.file(tr("S"), tr("its symbol (up to the next blank, or in quotes)"))
  static let entry = CommandEntry(
    "units add",
    .sequence([
      .slot(code), .slot(name), .optional(.sequence([.keyword("minor"), .slot(minor)])),
      .optional(.sequence([.keyword("symbol"), .slot(symbol)])),
    ]),
    tr("add a unit beyond the catalog: CODE, its name, its decimal places (default 2) and symbol"),
    examples: [#"units add BTC "Bitcoin" minor 8 symbol ₿"#, #"units add XAU "Gold (troy ounce)" minor 3"#],
    usage: tr("units add CODE \"NAME\" [minor N] [symbol S]"), readsHoldings: false, command: Self.self)

  let definition: AddedUnits.Definition
  let offset: Int

  /// The words a statement begins with, in the sheet or out of it, and the functions': a
  /// unit called `NEXT` could not be typed where the sheet takes a code (`NEXT 5`).
  /// (UnitRules holds the keywords, which the core knows of.)
  static let commandWords = Set(CommandTable.names() + Function.allCases.map(\.rawValue))

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let code = try arguments.value(Self.code)
    if let problem = UnitRules.problem(withCode: code.value) { throw context.failure(problem, at: code.offset) }
    if Self.commandWords.contains(code.value.lowercased()) {
      throw context.failure(
        tr("'{code}' is a word of the language; choose another code", ["code": code.value]), at: code.offset)
    }
    let name = try arguments.value(Self.name)
    if let problem = UnitRules.problem(withName: name.value) { throw context.failure(problem, at: name.offset) }
    var minorUnits = 2
    if let minor = arguments[Self.minor] {
      let number = try context.number(minor, role: "minor")
      guard let whole = number.wholeNumber, (0...UnitRules.maximumMinorUnits).contains(whole) else {
        throw context.failure(
          tr(
            "minor is the unit's decimal places, a whole number from 0 to {limit}",
            ["limit": String(UnitRules.maximumMinorUnits)]),
          at: minor.offset)
      }
      minorUnits = whole
    }
    var symbol = ""
    if let given = arguments[Self.symbol] {
      if let problem = UnitRules.problem(withSymbol: given.value) { throw context.failure(problem, at: given.offset) }
      symbol = given.value
    }
    definition = AddedUnits.Definition(
      code: code.value.uppercased(), name: name.value, minorUnits: minorUnits, symbol: symbol)
    offset = code.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    do {
      try context.ledger.addUnit(definition)
    } catch {
      throw context.failure(error, at: offset)
    }
    return .nothing
  }
}

/// `units remove CODE`: only when nothing is held in it and no journal entry names it.
struct UnitsRemoveCommand: Command {
  static let code = TypedSlot.word(tr("CODE"), tr("an added unit's code"))
  static let entry = CommandEntry(
    "units remove", .slot(code), tr("remove an added unit nothing is held in and no entry names"),
    examples: ["units remove BTC"], readsHoldings: false, command: Self.self)

  let code: Written<String>

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    code = try arguments.value(Self.code)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    do {
      try context.ledger.removeUnit(code.value)
    } catch {
      throw context.failure(error, at: code.offset)
    }
    return .nothing
  }
}

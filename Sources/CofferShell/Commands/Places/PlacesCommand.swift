import CofferCore
import CofferScript
import CofferText

/// `places`: each named place (and the unnamed one, when it holds anything) with what it
/// holds and its value in the local currency.
struct PlacesCommand: Command {
  static let entry = CommandEntry(
    "places", .none, tr("each place with what it holds and its value in the local currency"),
    examples: ["places", "places --format json"], options: [ListingOptions.format.spec], access: .reads,
    command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let portfolio = ledger.portfolio
    var held: [(Place, PlaceGroup.Held)] = []
    for currency in ledger.units {
      for (holding, amount) in portfolio.places(of: currency) where !amount.isZero {
        let value = try context.unlessNoRate("places: \(holding)", at: offset) { () throws(PortfolioError) in
          try portfolio.value(of: amount, in: currency)
        }
        held.append((holding.place, PlaceGroup.Held(currency: currency, amount: amount, value: value)))
      }
    }
    // The listed places, and any this session holds something at before it saves.
    return .listing(Report(local: portfolio.local, places: PlaceGroup.grouping(held, alsoListed: ledger.places)))
  }

  struct Report: Listing {
    let local: Currency
    let places: [PlaceGroup]

    func table(_ output: Output) -> [String] {
      guard !places.isEmpty else { return [tr("no places yet (set C@PLACE AMOUNT names one)")] }
      var table = TextTable([.left, .left, .right])
      table.add([tr("place"), tr("holds"), tr("value ({code})", ["code": local.code])].map { output.styled($0, "1") })
      for group in places {
        let held = group.holdings.map { MoneyText.format($0.amount, $0.currency, output: output) }
        table.add([
          group.place.shown.escapingControlCharacters, held.isEmpty ? tr("nothing") : held.listed(),
          group.value.map { MoneyText.format($0, local, output: output) } ?? "—",
        ])
      }
      return table.lines()
    }

    func plain() -> [String] { places.map { $0.place.name } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["place", "code", "amount", "value", "local"],
        places.flatMap { group in
          group.holdings.isEmpty
            ? [[group.place.name, "", "", "", local.code]]
            : group.holdings.map {
              [group.place.name, $0.currency.code, $0.amount.description, $0.value?.description ?? "", local.code]
            }
        }
      )
    }

    func json() -> JSONValue {
      .object([("local", .string(local.code)), ("places", .array(places.map { $0.json(valueKey: "value") }))])
    }
  }
}

/// `places rename OLD NEW`: a place and every entry naming it take the new name.
struct PlacesRenameCommand: Command {
  static let old = TypedSlot.place(tr("OLD"), tr("the place's name now"))
  static let new = TypedSlot.place(tr("NEW"), tr("its new name"))
  static let entry = CommandEntry(
    "places rename", .sequence([.slot(old), .slot(new)]), tr("rename a place (its history too)"),
    examples: ["places rename wise Wise", #"places rename cash "cash at home""#], readsHoldings: false,
    command: Self.self)

  let old: Place
  let new: Place
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    old = try context.place(try arguments.value(Self.old))
    let named = try arguments.value(Self.new)
    new = try context.place(named)
    offset = arguments.commandOffset
    if old.isUnnamed || new.isUnnamed {
      throw context.failure(tr("the unnamed place is not renamed; move its amounts instead"), at: named.offset)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if !context.ledger.pending.isEmpty {
      throw context.failure(tr("save or undo the pending edits before renaming a place"), at: offset)
    }
    do {
      try context.ledger.renamePlace(old, to: new)
    } catch {
      throw context.failure(error, at: offset)
    }
    return .nothing
  }
}

/// `places remove NAME`: takes a place off the list, when everything there is 0 (its
/// history stays).
struct PlacesRemoveCommand: Command {
  static let name = TypedSlot.place(tr("NAME"), tr("the place's name"))
  static let entry = CommandEntry(
    "places remove", .slot(name), tr("take a place that holds nothing off the list (its history stays)"),
    examples: ["places remove cash"], readsHoldings: false, command: Self.self)

  let place: Place
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let named = try arguments.value(Self.name)
    place = try context.place(named)
    offset = named.offset
    if place.isUnnamed { throw context.failure(tr("the unnamed place is always there"), at: offset) }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    do {
      try context.ledger.removePlace(place)
    } catch {
      throw context.failure(error, at: offset)
    }
    return .nothing
  }
}

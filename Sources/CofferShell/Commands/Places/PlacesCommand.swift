import CofferCore
import CofferScript

/// `places`: each named place (and the unnamed one, when it holds anything) with what it
/// holds and its value in the local currency.
struct PlacesCommand: Command {
  static let entry = CommandEntry(
    "places", .none, "each place with what it holds and its value in the local currency",
    examples: ["places", "places --format json"], options: [ListingOptions.format.spec], access: .reads,
    command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let portfolio = ledger.portfolio
    var byPlace: [Place: [PlaceHolding]] = [:]
    for currency in ledger.units {
      for (holding, amount) in portfolio.places(of: currency) where !amount.isZero {
        let value = try context.unlessNoRate("places: \(holding)", at: offset) { () throws(PortfolioError) in
          try portfolio.value(of: amount, in: currency)
        }
        byPlace[holding.place, default: []].append(PlaceHolding(holding: holding, amount: amount, value: value))
      }
    }
    // The listed places, and any this session holds something at before it saves.
    let places = Set(ledger.places).union(byPlace.keys).sorted()
    return .listing(
      Report(local: portfolio.local, places: places.map { ($0, byPlace[$0] ?? []) }))
  }

  /// One holding at a place, valued (nil: no rate).
  struct PlaceHolding {
    let holding: Holding
    let amount: DecimalValue
    let value: DecimalValue?
  }

  struct Report: Listing {
    let local: Currency
    let places: [(place: Place, holdings: [PlaceHolding])]

    /// A place's value: its holdings' values summed (nil when one has no rate).
    func value(of holdings: [PlaceHolding]) -> DecimalValue? {
      var sum = DecimalValue.zero
      for holding in holdings {
        guard let value = holding.value, let added = try? sum + value else { return nil }
        sum = added
      }
      return sum
    }

    func table(_ output: Output) -> [String] {
      guard !places.isEmpty else { return ["no places yet (set C@PLACE AMOUNT names one)"] }
      var table = TextTable([.left, .left, .right])
      table.add(["place", "holds", "value (\(local.code))"].map { output.styled($0, "1") })
      for (place, holdings) in places {
        let held = holdings.map { MoneyText.format($0.amount, $0.holding.currency, output: output) }
        table.add([
          place.shown.escapingControlCharacters, held.isEmpty ? "nothing" : held.joined(separator: ", "),
          value(of: holdings).map { MoneyText.format($0, local, output: output) } ?? "—",
        ])
      }
      return table.lines()
    }

    func plain() -> [String] { places.map { $0.place.name } }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["place", "code", "amount", "value", "local"],
        places.flatMap { place, holdings in
          holdings.isEmpty
            ? [[place.name, "", "", "", local.code]]
            : holdings.map {
              [place.name, $0.holding.currency.code, $0.amount.description, $0.value?.description ?? "", local.code]
            }
        }
      )
    }

    func json() -> JSONValue {
      .object([
        ("local", .string(local.code)),
        (
          "places",
          .array(
            places.map { place, holdings in
              .object([
                ("place", .string(place.name)),
                (
                  "holdings",
                  .array(
                    holdings.map {
                      .object([
                        ("code", .string($0.holding.currency.code)), ("amount", .string($0.amount.description)),
                        ("value", .string($0.value?.description)),
                      ])
                    })
                ),
                ("value", .string(value(of: holdings)?.description)),
              ])
            })
        ),
      ])
    }
  }
}

/// `places rename OLD NEW`: a place and every entry naming it take the new name.
struct PlacesRenameCommand: Command {
  static let old = TypedSlot.place("OLD", "the place's name now")
  static let new = TypedSlot.place("NEW", "its new name")
  static let entry = CommandEntry(
    "places rename", .sequence([.slot(old), .slot(new)]), "rename a place (its history too)",
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
      throw context.failure("the unnamed place is not renamed; move its amounts instead", at: named.offset)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if !context.ledger.pending.isEmpty {
      throw context.failure("save or undo the pending edits before renaming a place", at: offset)
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
  static let name = TypedSlot.place("NAME", "the place's name")
  static let entry = CommandEntry(
    "places remove", .slot(name), "take a place that holds nothing off the list (its history stays)",
    examples: ["places remove cash"], readsHoldings: false, command: Self.self)

  let place: Place
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let named = try arguments.value(Self.name)
    place = try context.place(named)
    offset = named.offset
    if place.isUnnamed { throw context.failure("the unnamed place is always there", at: offset) }
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

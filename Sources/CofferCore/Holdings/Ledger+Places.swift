import CofferText

/// Places and units (SPEC §11): where a write of a bare code goes, moves between places,
/// and the lists of places and added units, through the ledger.
extension Ledger {
  /// Why a holding cannot be written as named, or a move made.
  package enum PlaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A bare code in a write, held at several places: which one is for the person to say.
    case heldAtSeveralPlaces(Currency, [Place])
    case unknownPlace(Place)
    case samePlace(Place)
    case notEnough(Holding, has: DecimalValue, moving: DecimalValue, on: CalendarDate)
    case laterEntry(Holding, after: CalendarDate)
    case notPositive
    case placeNotEmpty(Place, [Holding])
    case placeHasPendingEdits(Place)
    case placeExists(Place)
    case unitExists(String)
    case unitInUse(Currency, String)
    case tooManyUnits
    case notAUnit(String)

    package var description: String {
      switch self {
      case .heldAtSeveralPlaces(let currency, let places):
        tr(
          "{code} is held at {count} place ({places}): say which, e.g. {example}",
          "{code} is held at {count} places ({places}): say which, e.g. {example}", count: places.count,
          [
            "code": currency.code, "places": places.map(\.shown).listed(),
            "example": "\(currency.code)@\(Place.typed(places.first { !$0.isUnnamed } ?? places[0]))",
          ])
      case .unknownPlace(let place): tr("no place is called '{place}' ('places' lists them)", ["place": place.name])
      case .samePlace(let place):
        tr("a move goes from one place to another, not from {place} to itself", ["place": place.shown])
      case .notEnough(let holding, let has, let moving, let date):
        tr(
          "{holding} holds {amount} on {date}, less than the {moving} to move",
          [
            "holding": holding.description, "amount": has.description, "date": date.description,
            "moving": moving.description,
          ])
      case .laterEntry(let holding, let date):
        tr(
          "{holding} has an entry after {date}: a move dated before it would change what followed",
          ["holding": holding.description, "date": date.description])
      case .notPositive: tr("a move takes an amount above 0")
      case .placeNotEmpty(let place, let holdings):
        tr(
          "{place} still holds {holdings}: move or clear them first",
          ["place": place.name, "holdings": holdings.map(\.description).listed()])
      case .placeHasPendingEdits(let place):
        tr("{place} has edits not yet saved: save them first", ["place": place.name])
      case .placeExists(let place): tr("a place called '{place}' exists already", ["place": place.name])
      case .unitExists(let code): tr("{code} is a unit already", ["code": code])
      case .unitInUse(let unit, let reason):
        tr("{code} cannot be removed: {reason}", ["code": unit.code, "reason": reason])
      case .tooManyUnits:
        tr("no more units can be added (at most {limit})", ["limit": String(AddedUnits.capacity)])
      case .notAUnit(let code): tr("{code} is not a unit added with 'units add'", ["code": code])
      }
    }
  }

  /// The holding a write of `currency` names when no place is said (SPEC §11): the one
  /// place holding a non-zero amount of it on `date` (today for nil), or the unnamed place
  /// when none does. A currency never held at a named place needs no read of the store.
  package func holdingForWriting(_ currency: Currency, on date: CalendarDate?) throws(Ledger.PlaceFailure) -> Holding {
    let places: [Place]
    if let date, date != portfolio.today {
      guard hasNamedPlaces(currency) else { return Holding(currency) }
      do {
        places = try holdings(on: [date])[0].filter { $0.key.currency == currency && !$0.value.isZero }.map(\.key.place)
          .sorted()
      } catch {
        throw .store(error)
      }
    } else {
      places = portfolio.placesHolding(currency)
    }
    if places.count > 1 { throw .place(.heldAtSeveralPlaces(currency, places)) }
    return Holding(currency, at: places.first ?? .unnamed)
  }

  /// Whether `currency` has (or this session has pending) an amount at a named place.
  package func hasNamedPlaces(_ currency: Currency) -> Bool {
    portfolio.hasNamedPlaces(currency)
      || pending.hasDatedHolding { $0.currency == currency && !$0.place.isUnnamed }
      || pending.moves.contains { $0.currency == currency }
  }

  /// A place as a statement named it, spelt as the store first wrote it when listed.
  /// `mustExist`: a place that is not listed is an error (a read, a move's source).
  package func resolve(_ place: Place, mustExist: Bool) throws(PlaceError) -> Place {
    if place.isUnnamed { return place }
    if let listed = self.place(named: place) { return listed }
    if mustExist { throw .unknownPlace(place) }
    return place
  }

  /// What `move` and the save that follows it can fail with.
  package enum PlaceFailure: Error, Sendable {
    case place(PlaceError)
    case store(StoreError)
  }

  /// `move X C from P1 to P2 at DATE`: one commit of two entries, pending until saved
  /// together. Refused, changing nothing, when P1 and P2 are one place, when P1 holds
  /// less than X on `date`, or when either place has an entry after `date`.
  package func move(_ amount: DecimalValue, of currency: Currency, from: Place, to: Place, on date: CalendarDate)
    throws(PlaceFailure)
  {
    guard from != to else { throw .place(.samePlace(from)) }
    guard amount > .zero else { throw .place(.notPositive) }
    let source = Holding(currency, at: from)
    let destination = Holding(currency, at: to)
    let stored: [Holding: HeldBalance]
    let later: Set<Holding>
    do {
      stored = try store.balances(on: [date])[0]
      later = date < portfolio.today || date > portfolio.today ? try store.holdingsWithEntries(after: date) : []
    } catch {
      throw .store(error)
    }
    for holding in [source, destination] {
      let after =
        later.contains(holding) || pending.hasDated(holding, after: date)
        || pending.moves.contains { $0.touches(holding) && $0.date > date }
      if after { throw .place(.laterEntry(holding, after: date)) }
    }
    let has: DecimalValue
    do {
      has = try holdings(on: [date])[0][source] ?? .zero
    } catch {
      throw .store(error)
    }
    guard has >= amount else { throw .place(.notEnough(source, has: has, moving: amount, on: date)) }
    pending.add(
      PendingMove(
        currency: currency, from: from, to: to, amount: amount, date: date,
        seenFrom: stored[source]?.amount ?? .zero, seenTo: stored[destination]?.amount ?? .zero))
    counters.commits += 1
    for holding in [source, destination] {
      let current = (try? holdings(on: [portfolio.today])[0][holding]) ?? .zero
      portfolio.setAmount(current, of: holding)
    }
  }

  // MARK: - The lists

  /// `places rename OLD NEW`: the place and every entry naming it take the new name
  /// (which may differ from the old in letter case alone).
  package func renamePlace(_ old: Place, to new: Place) throws(PlaceFailure) {
    let listed = try resolvedForChange(old)
    if let other = place(named: new), other != listed { throw .place(.placeExists(other)) }
    // Read again when next needed (see `latestEntries`).
    latestEntries = nil
    do {
      try writing { store throws(StoreError) in try store.renamePlace(listed, to: new) }
      apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
    } catch {
      throw .store(error)
    }
  }

  /// Whether an unsaved edit names `place`: an amount, a balance for a past date, a move.
  func hasPendingEdits(at place: Place) -> Bool {
    pending.amounts.contains { $0.holding.place == place } || pending.hasDatedHolding { $0.place == place }
      || pending.moves.contains { $0.from == place || $0.to == place }
  }

  /// `places remove NAME`: only when everything there is 0 (its history stays).
  package func removePlace(_ place: Place) throws(PlaceFailure) {
    let listed = try resolvedForChange(place)
    let held = units.flatMap { portfolio.places(of: $0) }.filter { $0.holding.place == listed && !$0.amount.isZero }
    if hasPendingEdits(at: listed) { throw .place(.placeHasPendingEdits(listed)) }
    if !held.isEmpty { throw .place(.placeNotEmpty(listed, held.map(\.holding))) }
    do {
      try writing { store throws(StoreError) in try store.removePlace(listed) }
      apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
    } catch {
      throw .store(error)
    }
  }

  private func resolvedForChange(_ place: Place) throws(PlaceFailure) -> Place {
    do {
      return try resolve(place, mustExist: true)
    } catch {
      throw .place(error)
    }
  }

  /// `units add`: a unit beyond the catalog, written at once (configuration, like a rates
  /// source); it can be held, valued and listed from here on.
  package func addUnit(_ definition: AddedUnits.Definition) throws(PlaceFailure) {
    guard unit(definition.code) == nil else { throw .place(.unitExists(definition.code)) }
    do {
      try writing { store throws(StoreError) in try store.addUnit(definition) }
      guard AddedUnits.register(definition) != nil else { throw PlaceFailure.place(.tooManyUnits) }
      apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
    } catch let failure as PlaceFailure {
      throw failure
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.failed(path: location.description, reason: "\(error)"))
    }
  }

  /// `units remove CODE`: only when nothing is held in it and no journal entry names it.
  package func removeUnit(_ code: String) throws(PlaceFailure) {
    guard let unit = addedUnits.first(where: { $0.code == code.uppercased() }) else {
      throw .place(.notAUnit(code.uppercased()))
    }
    if !portfolio.amount(of: unit).isZero || pending.amounts.contains(where: { $0.holding.currency == unit })
      || pending.dated.contains(where: { $0.currency == unit })
    {
      throw .place(.unitInUse(unit, tr("something is held in it")))
    }
    do {
      let removed = try writing { store throws(StoreError) in try store.removeUnit(unit) }
      guard removed else { throw PlaceFailure.place(.unitInUse(unit, tr("the journal has entries of it"))) }
      apply(try store.load(knownRatesRevision: nil, today: portfolio.today))
    } catch let failure as PlaceFailure {
      throw failure
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.failed(path: location.description, reason: "\(error)"))
    }
  }
}

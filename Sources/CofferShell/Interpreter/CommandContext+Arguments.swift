import CofferCore
import CofferScript
import CofferText

/// Reading arguments into Coffer's values: currency codes, dates, counts. Each takes
/// what a typed slot gave (`Arguments[slot]`), nil when the statement gave nothing.
extension CommandContext {
  /// A currency code (of the catalog, or a unit the store added), or an error naming the
  /// nearest one. A holding at a place (`USD@wise`) is refused: this takes a unit alone.
  func currency(named word: String, at offset: Int) throws(StatementFailure) -> Currency {
    if let at = word.firstIndex(of: "@") {
      throw failure(
        tr(
          "'{holding}' names a place; here a unit alone is meant ({unit})",
          ["holding": word, "unit": String(word[..<at])]),
        at: offset)
    }
    return try unit(named: word, at: offset)
  }

  private func unit(named code: String, at offset: Int) throws(StatementFailure) -> Currency {
    guard let currency = ledger.unit(code) else {
      throw failure(
        tr(
          "unknown currency '{code}'{hint}",
          ["code": code, "hint": Suggestions.hint(for: code.uppercased(), in: ledger.units.map(\.code))]),
        at: offset)
    }
    return currency
  }

  /// A holding as a statement names it: `USD` (no place said), `USD@wise`, `USD@""`.
  func namedHolding(_ word: String, at offset: Int) throws(StatementFailure) -> NamedHolding {
    guard let at = word.firstIndex(of: "@") else {
      return NamedHolding(currency: try unit(named: word, at: offset), place: nil, offset: offset)
    }
    let currency = try unit(named: String(word[..<at]), at: offset)
    let name = String(word[word.index(after: at)...])
    do {
      return NamedHolding(currency: currency, place: try Place(named: name), offset: offset)
    } catch {
      throw failure(
        tr("'{name}' cannot name a place: {problem}", ["name": name, "problem": error.problem]), at: offset)
    }
  }

  /// The holding a slot names (see `namedHolding`).
  func namedHolding(_ word: Written<String>) throws(StatementFailure) -> NamedHolding {
    try namedHolding(word.value, at: word.offset)
  }

  /// The holding an optional slot names, if any.
  func namedHolding(_ word: Written<String>?) throws(StatementFailure) -> NamedHolding? {
    guard let word else { return nil }
    return try namedHolding(word.value, at: word.offset)
  }

  /// A place standing alone (`move … from wise`, `places rename`): a word or a string.
  func place(_ word: Written<String>) throws(StatementFailure) -> Place {
    do {
      return try Place(named: word.value)
    } catch {
      throw failure(
        tr("'{name}' cannot name a place: {problem}", ["name": word.value, "problem": error.problem]), at: word.offset)
    }
  }

  /// The place a read names, as the store spells it: one it lists, or the unnamed place.
  func placeForReading(_ named: NamedHolding) throws(StatementFailure) -> Holding? {
    guard let place = named.place else { return nil }
    let unknown: Ledger.PlaceError
    do {
      return Holding(named.currency, at: try ledger.resolve(place, mustExist: true))
    } catch {
      unknown = error
    }
    // A removed place keeps its history (SPEC §11): a read finds it by its entries.
    let kept: [Holding]
    do {
      kept = try ledger.journalHoldings()
    } catch {
      throw failure(error, at: named.offset)
    }
    if let holding = kept.first(where: { $0 == Holding(named.currency, at: place) }) { return holding }
    throw failure(unknown.description, at: named.offset)
  }

  /// The holding a write names: the place said (as the store spells it when listed), or
  /// for a bare code the one place holding it on `date` (SPEC §11).
  func holdingForWriting(_ named: NamedHolding, on date: CalendarDate?) throws(StatementFailure) -> Holding {
    if let place = named.place {
      do {
        return Holding(named.currency, at: try ledger.resolve(place, mustExist: false))
      } catch {
        throw failure(error.description, at: named.offset)
      }
    }
    do {
      return try ledger.holdingForWriting(named.currency, on: date)
    } catch {
      throw failure(error, at: named.offset)
    }
  }

  /// The currency a slot gave.
  func currency(_ word: Written<String>) throws(StatementFailure) -> Currency {
    try currency(named: word.value, at: word.offset)
  }

  /// The currency an optional slot gave, if any.
  func currency(_ word: Written<String>?) throws(StatementFailure) -> Currency? {
    guard let word else { return nil }
    return try currency(named: word.value, at: word.offset)
  }

  /// The rates of an `at DATE` argument over today's holdings, or today's portfolio when
  /// there is none.
  func portfolio(ratesAt expression: Expression?) throws(StatementFailure) -> Portfolio {
    guard let (date, offset) = try date(expression) else { return ledger.portfolio }
    return try portfolio(valuedOn: date, at: offset)
  }

  /// The date a `DATE` slot holds (any expression that gives a date), with where it is.
  func date(_ expression: Expression?) throws(StatementFailure) -> (CalendarDate, Int)? {
    guard let expression else { return nil }
    return (try dateArgument(expression, role: "'\(expressionKeyword(before: expression))'"), expression.offset)
  }

  /// The keyword written before a date, for messages ("'at' needs a date").
  private func expressionKeyword(before expression: CofferScript.Expression) -> String {
    let text = String(decoding: line.bytes[..<min(expression.offset, line.bytes.count)], as: UTF8.self)
    return text.split(separator: " ").last.map(String.init) ?? "at"
  }

  /// A date on which a balance can be written down: today or before.
  func pastOrToday(_ date: CalendarDate, at offset: Int) throws(StatementFailure) -> CalendarDate {
    let today = ledger.portfolio.today
    guard date <= today else {
      throw failure(
        tr(
          "{date} is after today ({today}); a balance is written down for a day that has come",
          ["date": date.description, "today": today.description]), at: offset)
    }
    return date
  }

  /// A date a question about the holdings as they stood can ask about: today or before.
  func askable(_ date: CalendarDate, at offset: Int) throws(StatementFailure) -> CalendarDate {
    let today = ledger.portfolio.today
    guard date <= today else {
      throw failure(
        tr(
          "{date} is after today ({today}); the holdings of a day to come are not known yet",
          ["date": date.description, "today": today.description]), at: offset)
    }
    return date
  }

  /// A whole number from 1 up, for `log N` and `history N`.
  func count(_ expression: Expression?, default fallback: Int, for command: String) throws(StatementFailure) -> Int {
    guard let expression else { return fallback }
    guard let count = try number(expression, role: command).wholeNumber, count > 0 else {
      throw failure(tr("{command}: N must be a whole number above 0", ["command": command]), at: expression.offset)
    }
    return count
  }
}

extension Arguments {
  /// The value of a slot the grammar requires (see `required(_:)`), as a statement's
  /// failure. Read from the untyped value here, where the compiler specializes it for
  /// `Value` (see `firstValue(for:)`).
  func value<Value>(_ typed: TypedSlot<Value>) throws(StatementFailure) -> Value {
    guard let read = firstValue(for: typed.slot), let value = typed.extract(read) else {
      throw StatementFailure(missing(typed.slot))
    }
    return value
  }
}

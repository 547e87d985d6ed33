import CofferCore
import CofferScript
import CofferText

extension CommandContext {
  /// Evaluates an expression of the statement being run.
  func evaluate(_ expression: Expression) throws(StatementFailure) -> Value {
    switch expression {
    case .number(let text, let offset):
      do {
        guard let value = try DecimalValue.parseDigits(text) else {
          throw failure(tr("malformed number '{text}'", ["text": text]), at: offset)
        }
        return .number(value)
      } catch let error as DecimalError {
        throw failure("\(error.description) ('\(text)')", at: offset)
      } catch let error as StatementFailure {
        throw error
      } catch {
        throw failure(tr("malformed number '{text}'", ["text": text]), at: offset)
      }
    case .string(let text, _):
      return .string(text)
    case .date(let year, let month, let day, let offset):
      guard let date = CalendarDate(year: year, month: month, day: day) else {
        let written = [(year, 4), (month, 2), (day, 2)].map { value, width in
          String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        throw failure(tr("no such date: {date}", ["date": written.joined(separator: "-")]), at: offset)
      }
      return .date(date)
    case .variable(let name, let offset):
      guard let value = variables[name] else {
        throw failure(
          tr(
            "unknown variable '${name}'{hint}", ["name": name, "hint": Suggestions.hint(for: name, in: variables.keys)]),
          at: offset)
      }
      return value
    case .word(let word, let offset):
      throw failure(tr("unexpected word '{word}'; expected a value", ["word": word]), at: offset)
    case .negate(let inner, _):
      let value = try number(inner, role: "'-'")
      return .number(value.negated)
    case .binary(let op, let left, let right, let offset):
      let lhs = try number(left, role: "'\(op.rawValue)'")
      let rhs = try number(right, role: "'\(op.rawValue)'")
      do {
        switch op {
        case .add: return .number(try lhs + rhs)
        case .subtract: return .number(try lhs - rhs)
        case .multiply: return .number(try lhs * rhs)
        case .divide: return .number(try lhs / rhs)
        }
      } catch {
        throw failure(error.description, at: offset)
      }
    case .call(let name, let arguments, let offset):
      return try call(name, arguments, at: offset)
    }
  }

  /// Evaluates an expression that must give a number.
  func number(_ expression: Expression, role: String) throws(StatementFailure) -> DecimalValue {
    let value = try evaluate(expression)
    guard case .number(let number) = value else {
      throw failure(
        tr("{role} needs a number, found {kind}", ["role": role, "kind": value.kindName]), at: expression.offset)
    }
    return number
  }

  /// Evaluates an amount for a currency: a number >= 0 within the currency's minor units.
  func amount(_ expression: Expression, for currency: Currency) throws(StatementFailure)
    -> DecimalValue
  {
    let value = try number(expression, role: tr("an amount"))
    if let problem = AmountRules.problem(with: value, for: currency) {
      throw failure(
        tr("invalid amount for {code}: {problem}", ["code": currency.code, "problem": problem]), at: expression.offset)
    }
    return value
  }

  private func call(_ name: String, _ arguments: [Expression], at offset: Int)
    throws(StatementFailure) -> Value
  {
    let portfolio = ledger.portfolio
    let lowered = name.lowercasedWord
    func expectCount(_ count: Int, _ what: String) throws(StatementFailure) {
      guard arguments.count == count else {
        throw failure(
          tr(
            "{function}() takes {what}, got {count} argument", "{function}() takes {what}, got {count} arguments",
            count: arguments.count, ["function": lowered, "what": what]),
          at: offset)
      }
    }
    func currencyArgument(_ index: Int) throws(StatementFailure) -> Currency {
      let argument = arguments[index]
      guard case .word(let word, let at) = argument else {
        throw failure(
          tr("{function}() expects a currency code such as USD here", ["function": lowered]), at: argument.offset)
      }
      return try currency(named: word, at: at)
    }
    /// A holding argument: a bare code (all its places) or `C@PLACE` (a listed place).
    func holdingArgument(_ index: Int) throws(StatementFailure) -> (Currency, Holding?) {
      let argument = arguments[index]
      guard case .word(let word, let at) = argument else {
        throw failure(
          tr("{function}() expects a currency code such as USD here", ["function": lowered]), at: argument.offset)
      }
      let named = try namedHolding(word, at: at)
      return (named.currency, try placeForReading(named))
    }
    func portfolioValue(_ body: () throws(PortfolioError) -> DecimalValue) throws(StatementFailure) -> Value {
      do {
        return .number(try body())
      } catch {
        throw failure("\(lowered)(): \(error.description)", at: offset)
      }
    }
    let function = Function(rawValue: lowered)
    // Every function but round() reads the holdings or rates.
    if function != .round { try requireSoundStore(at: offset) }
    guard let function else {
      throw failure(
        tr(
          "unknown function '{name}'{hint}",
          ["name": name, "hint": Suggestions.hint(for: lowered, in: Function.allCases.map(\.rawValue))]),
        at: offset)
    }
    switch function {
    case .total:
      try expectCount(0, tr("no arguments"))
      switch portfolio.total() {
      case .success(let total):
        guard !total.isPartial else {
          throw failure("total(): " + total.missingRates, at: offset)
        }
        return .number(total.value)
      case .failure(let error):
        throw failure("total(): \(error.description)", at: offset)
      }
    case .amount:
      try expectCount(1, tr("1 argument (a currency code)"))
      let (currency, holding) = try holdingArgument(0)
      return .number(holding.map { portfolio.amount(of: $0) } ?? portfolio.amount(of: currency))
    case .value:
      try expectCount(1, tr("1 argument (a currency code)"))
      let (currency, holding) = try holdingArgument(0)
      if let holding {
        let amount = portfolio.amount(of: holding)
        return try portfolioValue { () throws(PortfolioError) in try portfolio.value(of: amount, in: currency) }
      }
      return try portfolioValue { () throws(PortfolioError) in try portfolio.value(of: currency) }
    case .rate:
      try expectCount(1, tr("1 argument (a currency code)"))
      let currency = try currencyArgument(0)
      return try portfolioValue { () throws(PortfolioError) in try portfolio.displayRate(of: currency) }
    case .convert:
      try expectCount(3, tr("3 arguments (amount, from, to)"))
      let amount = try number(arguments[0], role: "convert()")
      let from = try currencyArgument(1)
      let to = try currencyArgument(2)
      return try portfolioValue { () throws(PortfolioError) in
        try portfolio.convert(amount, from: from, to: to).rounded(toPlaces: to.minorUnits)
      }
    case .round:
      try expectCount(2, tr("2 arguments (value, places)"))
      let value = try number(arguments[0], role: "round()")
      let places = try number(arguments[1], role: "round()")
      guard let count = places.wholeNumber, (0...DecimalValue.maxScale).contains(count) else {
        throw failure(
          tr("round(): places must be a whole number from 0 to {max}", ["max": String(DecimalValue.maxScale)]),
          at: arguments[1].offset)
      }
      return .number(value.rounded(toPlaces: count))
    case .totalAt, .totalValuedAt:
      // As held on the date, or today's holdings at that date's rates.
      try expectCount(1, tr("1 argument (a date)"))
      let date = try dateArgument(arguments[0], function: lowered)
      let dated =
        function == .totalAt
        ? try self.portfolio(asHeldOn: date, at: offset) : try self.portfolio(valuedOn: date, at: offset)
      switch dated.total() {
      case .success(let total):
        guard !total.isPartial else {
          throw failure(
            total.localRateMissing
              ? tr(
                "{function}(): no {code} (local) rate on {date}",
                ["function": lowered, "code": total.local.code, "date": date.description])
              : tr(
                "{function}(): no rate on {date} for {codes}",
                [
                  "function": lowered, "date": date.description,
                  "codes": total.missing.map(\.code).listed(),
                ]),
            at: offset)
        }
        return .number(total.value)
      case .failure(let error):
        throw failure("\(lowered)(): \(error.description)", at: offset)
      }
    case .amountAt:
      try expectCount(2, tr("2 arguments (a currency code, a date)"))
      let (currency, holding) = try holdingArgument(0)
      let date = try askable(try dateArgument(arguments[1], function: lowered), at: offset)
      // An amount needs no rate: asked for a day before any rate, it is still known.
      do {
        if let holding { return .number(try ledger.holdings(on: [date])[0][holding] ?? .zero) }
        return .number(try ledger.amounts(on: [date])[0][currency.index])
      } catch {
        throw failure(error, at: offset)
      }
    case .valueAt:
      try expectCount(2, tr("2 arguments (a currency code, a date)"))
      let (currency, holding) = try holdingArgument(0)
      let date = try dateArgument(arguments[1], function: lowered)
      let dated = try self.portfolio(asHeldOn: date, at: offset)
      var placeAmount: DecimalValue?
      if let holding {
        do {
          placeAmount = try ledger.holdings(on: [date])[0][holding] ?? .zero
        } catch {
          throw failure(error, at: offset)
        }
      }
      do {
        if let placeAmount { return .number(try dated.value(of: placeAmount, in: currency)) }
        return .number(try dated.value(of: currency))
      } catch {
        throw failure(
          tr("value_at(): {problem} on {date}", ["problem": error.description, "date": date.description]), at: offset)
      }
    case .rateAt:
      try expectCount(2, tr("2 arguments (a currency code, a date)"))
      let currency = try currencyArgument(0)
      let date = try dateArgument(arguments[1], function: lowered)
      let dated = try self.portfolio(valuedOn: date, at: offset)
      do {
        return .number(try dated.displayRate(of: currency))
      } catch {
        throw failure(
          tr("rate_at(): {problem} on {date}", ["problem": error.description, "date": date.description]), at: offset)
      }
    case .count:
      try expectCount(0, tr("no arguments"))
      return .number(DecimalValue(portfolio.held.count))
    }
  }
}

extension CommandContext {
  func dateArgument(_ expression: Expression, function: String) throws(StatementFailure)
    -> CalendarDate
  {
    try dateArgument(expression, role: "\(function)()")
  }

  /// An expression that must give a date; `role` names what needs it in the error (made
  /// only then: a dump's half a million dated lines need none).
  func dateArgument(_ expression: Expression, role: @autoclosure () -> String) throws(StatementFailure)
    -> CalendarDate
  {
    guard case .date(let date) = try evaluate(expression) else {
      throw failure(tr("{role} needs a date (YYYY-MM-DD) here", ["role": role()]), at: expression.offset)
    }
    return date
  }
}

/// The portfolio's answers expressed in another currency than the local one (`total in
/// USD`, `holdings --in EUR`), the local currency unchanged.
///
/// A value in another currency follows the rule of `convert`: between two currencies
/// other than the local one it goes through the local currency when either rests on a
/// direct quote (so quotes the person set count as they do in the total), otherwise it
/// is the cross rate through the euro. Nothing here is cached: these are questions asked
/// now and then, not the live total.
extension Portfolio {
  /// What one unit of `currency` is worth in `target` today, with what that rests on.
  /// A `target` with no rate fails as `.noRate([target])`.
  package func valuation(of currency: Currency, in target: Currency) -> Result<Valuation, PortfolioError> {
    if target == local { return valuation(of: currency) }
    if currency == target { return .success(Valuation(factor: .one, date: nil, source: "", kind: .same)) }
    if currency != local, case .success(let here) = valuation(of: currency),
      case .success(let there) = valuation(of: target), here.kind == .direct || there.kind == .direct
    {
      let factor: DecimalValue
      // Its path: to the local currency, then back from it (the dates a note on age reads).
      var path = here.path
      do {
        factor = try (here.factor / there.factor).rounded(toSignificantDigits: Valuation.ratioDigits)
        for leg in there.path.reversed() { path.append(try leg.inverted()) }
      } catch {
        return .failure(.arithmetic(error))
      }
      // Dated and sourced by its older leg, as a cross rate is.
      let leg: Valuation
      switch (here.date, there.date) {
      case (let mine?, let theirs?): leg = mine <= theirs ? here : there
      case (nil, _): leg = there
      case (_, nil): leg = here
      }
      return .success(Valuation(factor: factor, date: leg.date, source: leg.source, kind: .direct, path: path))
    }
    switch rates.valuation(of: currency, in: target, on: today) {
    case .failure(.noLocalRate(let missing)) where missing == target: return .failure(.noRate([target]))
    case let result: return result
    }
  }

  /// The amount held in `currency`, in `target`, rounded to `target`'s minor units.
  package func value(of currency: Currency, in target: Currency) throws(PortfolioError) -> DecimalValue {
    if target == local { return try value(of: currency) }
    return try unroundedValue(of: currency, in: target).rounded(toPlaces: target.minorUnits)
  }

  /// The total of the holdings in `target`: the sum of their unrounded values in it,
  /// rounded once to its minor units. A held currency with no rate is left out and
  /// named, as in the total; a `target` with no rate fails.
  package func total(in target: Currency) -> Result<Total, PortfolioError> {
    if target == local { return total() }
    var sum = DecimalValue.zero
    var count = 0
    var missing: [Currency] = []
    var age: RateAge?
    for currency in held {
      let value: DecimalValue
      do {
        value = try unroundedValue(of: currency, in: target, age: &age)
      } catch .noRate(let currencies) where currencies == [currency] {
        missing.append(currency)
        continue
      } catch {
        return .failure(error)
      }
      do {
        sum = try sum + value
      } catch {
        return .failure(.arithmetic(error))
      }
      count += 1
    }
    return .success(
      Total(
        local: target, value: sum.rounded(toPlaces: target.minorUnits), holdings: count, missing: missing,
        oldestRate: age))
  }

  private func unroundedValue(of currency: Currency, in target: Currency) throws(PortfolioError) -> DecimalValue {
    var unused: RateAge?
    return try unroundedValue(of: currency, in: target, age: &unused)
  }

  /// The same, taking the dates of the value's path into `age`: one valuation a currency.
  private func unroundedValue(of currency: Currency, in target: Currency, age: inout RateAge?) throws(PortfolioError)
    -> DecimalValue
  {
    let amount = amount(of: currency)
    guard !amount.isZero else { return .zero }
    let valuation = try valuation(of: currency, in: target).get()
    RateAge.add(valuation, to: &age)
    let factor = valuation.factor
    do {
      return try amount * factor
    } catch {
      throw .arithmetic(error)
    }
  }
}

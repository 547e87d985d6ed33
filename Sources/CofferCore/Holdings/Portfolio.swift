/// The amounts held, the rates in use and the local currency, with every derived value
/// (conversion factors, converted values, the total) cached and invalidated by exactly
/// the changes it depends on.
///
/// A commit to one currency invalidates that currency's value and the total; a rate
/// change invalidates that currency's valuation (or all of them when the local rate
/// moves); a direct quote invalidates its two currencies'; a new local currency
/// invalidates all valuations. Reading twice with nothing changed in
/// between computes nothing.
package final class Portfolio {
  package private(set) var amounts: [DecimalValue]
  package private(set) var local: Currency
  package private(set) var rates: RateBook
  package let today: CalendarDate
  private let counters: Counters

  /// Per currency, its valuation in the local currency (or why there is none). nil
  /// entry = not computed.
  private var valuationCache: [Result<Valuation, PortfolioError>?]
  /// amount × factor per currency, unrounded.
  private var valueCache: [DecimalValue?]
  private var totalCache: Result<Total, PortfolioError>?

  package init(local: Currency, rates: RateBook, today: CalendarDate, counters: Counters) {
    self.amounts = Array(repeating: .zero, count: Catalog.count)
    self.local = local
    self.rates = rates
    self.today = today
    self.counters = counters
    self.valuationCache = Array(repeating: nil, count: Catalog.count)
    self.valueCache = Array(repeating: nil, count: Catalog.count)
  }

  // MARK: - Reads

  package func amount(of currency: Currency) -> DecimalValue {
    amounts[currency.index]
  }

  /// The currencies with a non-zero amount, in catalog order.
  package var held: [Currency] {
    Catalog.all.filter { !amounts[$0.index].isZero }
  }

  /// The euro rate in use for a currency today.
  package func currentRate(of currency: Currency) -> Rate? {
    rates.rate(of: currency, on: today)
  }

  /// What one unit of `currency` is worth in the local currency today, with the date
  /// and source of what that rests on (see `RateBook.valuation`).
  package func valuation(of currency: Currency) -> Result<Valuation, PortfolioError> {
    if let cached = valuationCache[currency.index] { return cached }
    let computed = rates.valuation(of: currency, in: local, on: today)
    valuationCache[currency.index] = computed
    return computed
  }

  /// Local units per one unit of `currency`, unrounded; throws naming the missing rate.
  package func factor(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    try valuation(of: currency).get().factor
  }

  /// `rate(C)`: r(L) ÷ r(C) rounded to 10 places.
  package func displayRate(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    try factor(of: currency).rounded(toPlaces: 10)
  }

  /// The unrounded value of the amount held in `currency`, in the local currency.
  package func unroundedValue(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    if let cached = valueCache[currency.index] { return cached }
    let amount = amounts[currency.index]
    let value: DecimalValue
    if amount.isZero {
      value = .zero
    } else {
      do {
        value = try amount * factor(of: currency)
      } catch let error as PortfolioError {
        throw error
      } catch {
        throw .arithmetic(error as? DecimalError ?? .overflow)
      }
    }
    valueCache[currency.index] = value
    return value
  }

  /// `value(C)`: the amount converted and rounded to the local minor units.
  package func value(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    try unroundedValue(of: currency).rounded(toPlaces: local.minorUnits)
  }

  /// The total, recomputed only if something it depends on changed since the last read.
  package func total() -> Result<Total, PortfolioError> {
    counters.totalReads += 1
    if let cached = totalCache { return cached }
    counters.totalRecomputes += 1
    let result = computeTotal()
    totalCache = result
    return result
  }

  private func computeTotal() -> Result<Total, PortfolioError> {
    var sum = DecimalValue.zero
    var count = 0
    var missing: [Currency] = []
    var localRateMissing = false
    for currency in Catalog.all where !amounts[currency.index].isZero {
      let value: DecimalValue
      do {
        value = try unroundedValue(of: currency)
      } catch .noRate {
        missing.append(currency)
        continue
      } catch .noLocalRate {
        missing.append(currency)
        localRateMissing = true
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
        local: local, value: sum.rounded(toPlaces: local.minorUnits), holdings: count, missing: missing,
        localRateMissing: localRateMissing))
  }

  /// Converts `amount` of `from` into `to`, unrounded. Between the local currency and
  /// another, that is the valuation rule itself. Between two others it goes through the
  /// local currency when either rests on a direct quote, so that quotes the person set
  /// count here as in the total; otherwise it is the cross rate r(to) ÷ r(from).
  package func convert(_ amount: DecimalValue, from: Currency, to: Currency) throws(PortfolioError) -> DecimalValue {
    guard from != to else { return amount }
    var factor: DecimalValue
    if from != local, to != local, case .success(let fromLocal) = valuation(of: from),
      case .success(let toLocal) = valuation(of: to), fromLocal.kind == .direct || toLocal.kind == .direct
    {
      do {
        factor = try (fromLocal.factor / toLocal.factor).rounded(toSignificantDigits: Valuation.ratioDigits)
      } catch {
        throw .arithmetic(error)
      }
    } else {
      switch rates.valuation(of: from, in: to, on: today) {
      case .success(let valuation): factor = valuation.factor
      case .failure(.arithmetic(let error)): throw .arithmetic(error)
      case .failure:
        // Name every side without a rate, or the local currency when it is one of them.
        let missing = [from, to].filter { rates.rate(of: $0, on: today) == nil }
        throw missing.contains(local) ? .noLocalRate(local) : .noRate(missing)
      }
    }
    do {
      return try amount * factor
    } catch {
      throw .arithmetic(error)
    }
  }

  // MARK: - Changes

  /// Sets an amount; returns false (and invalidates nothing) when it is unchanged.
  @discardableResult
  package func setAmount(_ amount: DecimalValue, of currency: Currency) -> Bool {
    guard amounts[currency.index] != amount else { return false }
    amounts[currency.index] = amount
    valueCache[currency.index] = nil
    totalCache = nil
    return true
  }

  package func setLocal(_ currency: Currency) {
    guard currency != local else { return }
    local = currency
    invalidateAllFactors()
  }

  package func record(_ rate: Rate) {
    rates.record(rate)
    if rate.currency == local {
      invalidateAllFactors()
    } else {
      invalidateFactor(of: rate.currency)
    }
  }

  /// A quote changes only the valuation of its pair's currencies.
  package func record(_ quote: Quote) {
    rates.record(quote)
    invalidateFactor(of: quote.currency)
    invalidateFactor(of: quote.quotedIn)
  }

  private func invalidateFactor(of currency: Currency) {
    valuationCache[currency.index] = nil
    valueCache[currency.index] = nil
    totalCache = nil
  }

  package func replaceRates(_ book: RateBook) {
    rates = book
    invalidateAllFactors()
  }

  private func invalidateAllFactors() {
    for index in valuationCache.indices {
      valuationCache[index] = nil
      valueCache[index] = nil
    }
    totalCache = nil
  }
}

/// The amounts held, the rates in use and the local currency, with every derived value
/// (conversion factors, converted values, the total) cached and invalidated by exactly
/// the changes it depends on.
///
/// A commit to one currency invalidates that currency's value and the total; a rate
/// change invalidates that currency's factor (or all of them when the local rate moves);
/// a new local currency invalidates all factors. Reading twice with nothing changed in
/// between computes nothing.
package final class Portfolio {
  package private(set) var amounts: [DecimalValue]
  package private(set) var local: Currency
  package private(set) var rates: RateBook
  package let today: CalendarDate
  private let counters: Counters

  /// r(L) ÷ r(C) per currency: local units per one unit of C. nil entry = not computed.
  private var factorCache: [Factor?]
  /// amount × factor per currency, unrounded.
  private var valueCache: [DecimalValue?]
  private var totalCache: Result<Total, PortfolioError>?

  /// Significant digits kept of a ratio of two rates. A quotient is exact only to its
  /// last digit, so a rate entered as local units (stored as r(L) ÷ RATE) comes back
  /// as RATE ± 10^-37; rounding the ratio to 30 digits (the spec asks for at least 30)
  /// takes that noise out before any rounding to cents can see it.
  static let ratioDigits = 30

  private enum Factor {
    case known(DecimalValue)
    case missing
    /// The local currency has no rate: no currency can be valued.
    case missingLocal
  }

  package init(local: Currency, rates: RateBook, today: CalendarDate, counters: Counters) {
    self.amounts = Array(repeating: .zero, count: Catalog.count)
    self.local = local
    self.rates = rates
    self.today = today
    self.counters = counters
    self.factorCache = Array(repeating: nil, count: Catalog.count)
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

  /// The rate in use for a currency today.
  package func currentRate(of currency: Currency) -> Rate? {
    rates.rate(of: currency, on: today)
  }

  /// Local units per one unit of `currency`, unrounded; throws if either has no rate.
  package func factor(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    if let cached = factorCache[currency.index] {
      switch cached {
      case .known(let value): return value
      case .missing: throw .noRate([currency])
      case .missingLocal: throw .noLocalRate(local)
      }
    }
    let computed: Factor
    if currency == local {
      computed = .known(.one)
    } else if currentRate(of: local) == nil {
      computed = .missingLocal
    } else if let localRate = currentRate(of: local), let rate = currentRate(of: currency),
      let quotient = try? localRate.perEuro / rate.perEuro
    {
      computed = .known(quotient.rounded(toSignificantDigits: Self.ratioDigits))
    } else {
      computed = .missing
    }
    factorCache[currency.index] = computed
    switch computed {
    case .known(let value): return value
    case .missing: throw .noRate([currency])
    case .missingLocal: throw .noLocalRate(local)
    }
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

  /// Converts `amount` of `from` into `to`, unrounded.
  package func convert(_ amount: DecimalValue, from: Currency, to: Currency) throws(PortfolioError) -> DecimalValue {
    guard from != to else { return amount }
    guard let fromRate = currentRate(of: from) else { throw from == local ? .noLocalRate(from) : .noRate([from]) }
    guard let toRate = currentRate(of: to) else { throw to == local ? .noLocalRate(to) : .noRate([to]) }
    do {
      return try amount * (toRate.perEuro / fromRate.perEuro).rounded(toSignificantDigits: Self.ratioDigits)
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
      factorCache[rate.currency.index] = nil
      valueCache[rate.currency.index] = nil
      totalCache = nil
    }
  }

  package func replaceRates(_ book: RateBook) {
    rates = book
    invalidateAllFactors()
  }

  private func invalidateAllFactors() {
    for index in factorCache.indices {
      factorCache[index] = nil
      valueCache[index] = nil
    }
    totalCache = nil
  }
}

/// Why a value cannot be computed.
package enum PortfolioError: Error, Sendable, Equatable, CustomStringConvertible {
  case noRate([Currency])
  /// The local currency itself has no rate (on the date asked): the missing rate is
  /// the local one, not the held currencies'.
  case noLocalRate(Currency)
  case arithmetic(DecimalError)

  package var description: String {
    switch self {
    case .noRate(let currencies):
      "no rate for " + currencies.map(\.code).joined(separator: ", ")
    case .noLocalRate(let local):
      "no \(local.code) (local) rate"
    case .arithmetic(let error):
      error.description
    }
  }
}

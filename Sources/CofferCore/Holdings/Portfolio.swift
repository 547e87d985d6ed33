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
  /// Per currency index, the amount held: its places summed (a value, and the total, are
  /// of a currency's whole amount, wherever it is held).
  package private(set) var amounts: [DecimalValue]
  /// The amount at each place, for the holdings of the session (a portfolio of a past
  /// date knows only the sums). A currency held at no named place has its amount at the
  /// unnamed place alone.
  package private(set) var holdings = HoldingAmounts()
  /// The units a total runs over, in order: the catalog's, then those the store added.
  package private(set) var units: [Currency] = Catalog.all
  package private(set) var local: Currency
  package private(set) var rates: RateBook
  package let today: CalendarDate
  private let counters: Counters

  /// Per currency, its valuation in the local currency (or why there is none). nil
  /// entry = not computed; empty until a valuation is first asked for (a total needs
  /// only factors, and a listing by month makes a portfolio a row).
  private var valuationCache: [Result<Valuation, PortfolioError>?] = []
  /// Per currency, the factor of its valuation, when it was found without the valuation
  /// (see `factor(of:)`).
  private var factorCache: [DecimalValue?]
  /// amount × factor per currency, unrounded.
  private var valueCache: [DecimalValue?]
  private var totalCache: Result<Total, PortfolioError>?
  /// The oldest rate behind the total (`Total.oldestRate`). It depends on which
  /// currencies are held and on the rates, not on how much of each: a commit that changes
  /// an amount and leaves it held keeps it, and the total after it seeks no rate's date.
  /// nil = not computed; `.some(nil)` = no rate used.
  private var ageCache: RateAge??

  package convenience init(local: Currency, rates: RateBook, today: CalendarDate, counters: Counters) {
    self.init(
      local: local, rates: rates, today: today, counters: counters,
      amounts: Array(repeating: .zero, count: Currency.indexCount))
  }

  /// A portfolio holding `amounts` (per currency index, `Currency.indexCount` of them; a
  /// zero of any scale is held as `.zero`, as `setAmount` leaves it: the amounts are
  /// copied only for one that is not), over `units`.
  package init(
    local: Currency, rates: RateBook, today: CalendarDate, counters: Counters, amounts: [DecimalValue],
    units: [Currency] = Catalog.all
  ) {
    let otherZero = amounts.contains { $0.isZero && $0.scale != 0 }
    self.amounts = otherZero ? amounts.map { $0.isZero ? .zero : $0 } : amounts
    self.local = local
    self.rates = rates
    self.today = today
    self.counters = counters
    self.units = units
    self.factorCache = Array(repeating: nil, count: Currency.indexCount)
    self.valueCache = Array(repeating: nil, count: Currency.indexCount)
  }

  // MARK: - Reads

  /// The amount of `currency`, its places summed.
  package func amount(of currency: Currency) -> DecimalValue {
    amounts[currency.index]
  }

  /// The amount at one place.
  package func amount(of holding: Holding) -> DecimalValue {
    if holding.place.isUnnamed && !holdings.hasNamedPlaces(holding.currency) { return amounts[holding.currency.index] }
    return holdings[holding] ?? .zero
  }

  /// The places of `currency` this portfolio knows, with their amounts (zero ones too: a
  /// place once held keeps its row until the session reloads), the unnamed first; just
  /// the unnamed place when it is held nowhere else.
  package func places(of currency: Currency) -> [(holding: Holding, amount: DecimalValue)] {
    guard holdings.hasNamedPlaces(currency) else { return [(Holding(currency), amounts[currency.index])] }
    return holdings.holdings(of: currency)
  }

  /// The places holding a non-zero amount of `currency`.
  package func placesHolding(_ currency: Currency) -> [Place] {
    places(of: currency).filter { !$0.amount.isZero }.map(\.holding.place)
  }

  /// Whether `currency` has an amount (zero or not) at a named place.
  package func hasNamedPlaces(_ currency: Currency) -> Bool {
    holdings.hasNamedPlaces(currency)
  }

  /// The currencies with a non-zero amount, in the units' order.
  package var held: [Currency] {
    units.filter { !amounts[$0.index].isZero }
  }

  /// The euro rate in use for a currency today.
  package func currentRate(of currency: Currency) -> Rate? {
    rates.rate(of: currency, on: today)
  }

  /// What one unit of `currency` is worth in the local currency today, with the date
  /// and source of what that rests on (see `RateBook.valuation`).
  package func valuation(of currency: Currency) -> Result<Valuation, PortfolioError> {
    if valuationCache.isEmpty { valuationCache = Array(repeating: nil, count: Currency.indexCount) }
    if let cached = valuationCache[currency.index] { return cached }
    let computed = rates.valuation(of: currency, in: local, on: today)
    valuationCache[currency.index] = computed
    return computed
  }

  /// Local units per one unit of `currency`, unrounded; throws naming the missing rate.
  package func factor(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    switch lookUpFactor(of: currency, in: rates, dayNumber: today.dayNumber) {
    case .found(let factor): return factor
    case .noRate: throw .noRate([currency])
    case .noLocalRate: throw .noLocalRate(local)
    case .failed(let error): throw error
    }
  }

  /// A currency's factor, or what keeps it from having one, as `factor(of:)` and the
  /// total need it: no error made (nor its array) for a currency the total only names.
  private enum FactorLookup {
    case found(DecimalValue)
    case noRate
    case noLocalRate
    case failed(PortfolioError)
  }

  /// The valuation's factor when that was asked for already; else, in a book with no
  /// quote, the cross rate's alone (see `RateBook.crossFactor`): a total needs no more.
  /// `book` is `rates`, and `dayNumber` today's, which a total passes once for all.
  private func lookUpFactor(of currency: Currency, in book: RateBook, dayNumber: Int) -> FactorLookup {
    if !valuationCache.isEmpty, let cached = valuationCache[currency.index] { return Self.lookUp(cached) }
    if let cached = factorCache[currency.index] { return .found(cached) }
    switch book.crossFactor(of: currency, in: local, on: today, dayNumber: dayNumber) {
    case .factor(let factor):
      factorCache[currency.index] = factor
      return .found(factor)
    case .noTargetRate: return .noLocalRate
    case .noRate: return .noRate
    case .arithmetic(let error): return .failed(.arithmetic(error))
    case nil: return Self.lookUp(valuation(of: currency))
    }
  }

  private static func lookUp(_ valuation: Result<Valuation, PortfolioError>) -> FactorLookup {
    switch valuation {
    case .success(let valuation): .found(valuation.factor)
    case .failure(.noRate): .noRate
    case .failure(.noLocalRate): .noLocalRate
    case .failure(let error): .failed(error)
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
      let factor = try factor(of: currency)
      do {
        value = try amount * factor
      } catch {
        throw .arithmetic(error)
      }
    }
    valueCache[currency.index] = value
    return value
  }

  /// `value(C)`: the amount converted and rounded to the local minor units.
  package func value(of currency: Currency) throws(PortfolioError) -> DecimalValue {
    try unroundedValue(of: currency).rounded(toPlaces: local.minorUnits)
  }

  /// `amount` of `currency` (one place's, say) converted and rounded to the local minor
  /// units, as `value(of:)` values the whole amount.
  package func value(of amount: DecimalValue, in currency: Currency) throws(PortfolioError) -> DecimalValue {
    guard !amount.isZero else { return .zero }
    let factor = try factor(of: currency)
    do {
      return try (amount * factor).rounded(toPlaces: local.minorUnits)
    } catch {
      throw .arithmetic(error)
    }
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
    // The same book and day for every currency: taken once.
    let book = rates
    let dayNumber = today.dayNumber
    var sum = DecimalValue.zero
    var count = 0
    var missing: [Currency] = []
    var localRateMissing = false
    for currency in units where !amounts[currency.index].isZero {
      // `unroundedValue(of:)`, with what is missing named without an error.
      var value: DecimalValue
      if let cached = valueCache[currency.index] {
        value = cached
      } else {
        switch lookUpFactor(of: currency, in: book, dayNumber: dayNumber) {
        case .found(let factor):
          do {
            value = try amounts[currency.index] * factor
          } catch {
            return .failure(.arithmetic(error))
          }
          valueCache[currency.index] = value
        case .noRate:
          Self.add(currency, to: &missing)
          continue
        case .noLocalRate:
          Self.add(currency, to: &missing)
          localRateMissing = true
          continue
        case .failed(let error):
          return .failure(error)
        }
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
        local: local, value: sum.rounded(toPlaces: local.minorUnits), holdings: count + missing.count, missing: missing,
        localRateMissing: localRateMissing, oldestRate: cachedOldestRate(of: missing, in: book)))
  }

  private func cachedOldestRate(of missing: [Currency], in book: RateBook) -> RateAge? {
    if let cached = ageCache { return cached }
    let age = oldestRate(of: missing, in: book)
    ageCache = .some(age)
    return age
  }

  /// The oldest rate the values of the held currencies (but those `missing`) rest on.
  /// Computed with the first total after a change it depends on (see `ageCache`).
  private func oldestRate(of missing: [Currency], in book: RateBook) -> RateAge? {
    var age: RateAge?
    var valuedAny = false
    for currency in units where currency != local && !amounts[currency.index].isZero && !missing.contains(currency) {
      valuedAny = true
      if book.valuesThroughTheEuroAlone {
        // Its euro rate's date; the local currency's, the other leg, is added once below.
        if currency != Catalog.eur, let rate = book.rate(of: currency, on: today) {
          RateAge.add(currency, rate.date, to: &age)
        }
      } else if case .success(let valuation) = valuation(of: currency) {
        RateAge.add(valuation, to: &age)
      }
    }
    if valuedAny, book.valuesThroughTheEuroAlone, local != Catalog.eur, let rate = book.rate(of: local, on: today) {
      RateAge.add(local, rate.date, to: &age)
    }
    return age
  }

  /// Appends a currency the total leaves out, making room at once for several: a total by
  /// month leaves a dozen out of each row.
  private static func add(_ currency: Currency, to missing: inout [Currency]) {
    if missing.isEmpty { missing.reserveCapacity(16) }
    missing.append(currency)
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

  /// Sets the amount of a currency held at the unnamed place alone; returns false (and
  /// invalidates nothing) when it is unchanged.
  @discardableResult
  package func setAmount(_ amount: DecimalValue, of currency: Currency) -> Bool {
    setAmount(amount, of: Holding(currency))
  }

  /// Sets the amount at one place; returns false (and invalidates nothing) when it is
  /// unchanged. The currency's value, and the total, are invalidated only when its sum
  /// moves (a move between two places leaves both as they were).
  @discardableResult
  package func setAmount(_ amount: DecimalValue, of holding: Holding) -> Bool {
    let currency = holding.currency
    if holding.place.isUnnamed && !holdings.hasNamedPlaces(currency) {
      // The common case: the amount is the currency's, as before places.
      return setSum(amount, of: currency)
    }
    if !holdings.hasNamedPlaces(currency), !amounts[currency.index].isZero {
      holdings[Holding(currency)] = amounts[currency.index]
    }
    guard holdings[holding] != amount || holdings[holding] == nil else { return false }
    holdings[holding] = amount
    _ = setSum(Self.sum(holdings.amounts(of: currency)), of: currency)
    return true
  }

  /// Names `place`'s holdings as it is spelt now (see `HoldingAmounts.respell`); their
  /// amounts, and so nothing derived from them, are unchanged.
  package func respell(_ place: Place) {
    holdings.respell(place)
  }

  /// Sets a currency's sum, invalidating what depends on it when it moved.
  private func setSum(_ sum: DecimalValue, of currency: Currency) -> Bool {
    guard amounts[currency.index] != sum else { return false }
    if amounts[currency.index].isZero != sum.isZero { ageCache = nil }
    amounts[currency.index] = sum
    valueCache[currency.index] = nil
    totalCache = nil
    return true
  }

  /// The sum of a currency's places: exactly the one amount when only one is not zero (so
  /// it reads as it was written). Amounts of at most 15 integer digits and 8 places cannot
  /// add up past a decimal's 38 digits however many places there are: the sum is exact.
  static func sum(_ amounts: [DecimalValue]) -> DecimalValue {
    var sum = DecimalValue.zero
    for amount in amounts where !amount.isZero {
      if sum.isZero {
        sum = amount
      } else if let added = try? sum + amount {
        sum = added
      }
    }
    return sum
  }

  /// Forgets the places of `currency` that hold nothing and that nothing pending names:
  /// after a reload, a place cleared elsewhere leaves its row.
  package func forgetPlaces(of currency: Currency, keeping kept: (Holding) -> Bool) {
    for (holding, amount) in holdings.holdings(of: currency) where amount.isZero && !kept(holding) {
      holdings[holding] = nil
    }
  }

  /// The units the total runs over (after `units add` or `units remove`).
  package func setUnits(_ units: [Currency]) {
    self.units = units
    totalCache = nil
    ageCache = nil
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
    if !valuationCache.isEmpty { valuationCache[currency.index] = nil }
    factorCache[currency.index] = nil
    valueCache[currency.index] = nil
    totalCache = nil
    ageCache = nil
  }

  package func replaceRates(_ book: RateBook) {
    rates = book
    invalidateAllFactors()
  }

  private func invalidateAllFactors() {
    valuationCache = []
    for index in factorCache.indices {
      factorCache[index] = nil
      valueCache[index] = nil
    }
    totalCache = nil
    ageCache = nil
  }
}

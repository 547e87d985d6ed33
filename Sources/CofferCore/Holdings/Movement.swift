/// How a total moved between two dates, and why: the change split into what the rates did
/// to what was held (`rates`) and what the person did (`edits`). SPEC §8:
///
///     rates = Σ a₀ × (p₁ − p₀)   over the currencies held at the first date, rounded once
///     edits = change − rates
///
/// with a₀ a currency's amount at the first date and p₀, p₁ the local value of one unit of
/// it at each date (1 for the local currency), so that the two add up to the cent.
package struct Movement: Sendable, Equatable {
  package let change: DecimalValue
  package let rates: DecimalValue
  package let edits: DecimalValue

  init(change: DecimalValue, rates: DecimalValue) throws(DecimalError) {
    self.change = change
    self.rates = rates
    edits = try change - rates
  }

  /// The movement from `before` to `after` (each the holdings as they stood on its date,
  /// valued at its date's rates); nil when either total is partial.
  package static func between(_ before: Portfolio, _ after: Portfolio) throws(PortfolioError) -> Movement? {
    guard case .success(let first) = before.total(), case .success(let second) = after.total(), !first.isPartial,
      !second.isPartial
    else { return nil }
    var rates = DecimalValue.zero
    do {
      for currency in before.held {
        rates = try rates + before.amount(of: currency) * (after.factor(of: currency) - before.factor(of: currency))
      }
      return try Movement(change: second.value - first.value, rates: rates.rounded(toPlaces: before.local.minorUnits))
    } catch let error as PortfolioError {
      // A currency held before with no rate after makes the later total partial: not here.
      throw error
    } catch {
      throw .arithmetic(error as? DecimalError ?? .overflow)
    }
  }

  /// One currency's part: its value moved by `edits` = (a₁ − a₀) × p₁ and `rates` =
  /// a₀ × (p₁ − p₀), each rounded to the local minor units; nil without both rates. An
  /// amount too large to value fails, naming it.
  package static func of(_ currency: Currency, between before: Portfolio, _ after: Portfolio)
    throws(PortfolioError) -> (edits: DecimalValue, rates: DecimalValue)?
  {
    let a0 = before.amount(of: currency)
    let a1 = after.amount(of: currency)
    let places = after.local.minorUnits
    let p1: DecimalValue
    let p0: DecimalValue
    do {
      p1 = try after.factor(of: currency)
      // A currency not held at the first date needs no rate then.
      p0 = a0.isZero ? p1 : try before.factor(of: currency)
    } catch .arithmetic(let error) {
      throw .arithmetic(error)
    } catch {
      return nil
    }
    do {
      return (try ((a1 - a0) * p1).rounded(toPlaces: places), try (a0 * (p1 - p0)).rounded(toPlaces: places))
    } catch {
      throw .arithmetic(error)
    }
  }
}

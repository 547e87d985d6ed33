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
  package var edits: DecimalValue { (try? change - rates) ?? .zero }

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
      return Movement(change: try second.value - first.value, rates: rates.rounded(toPlaces: before.local.minorUnits))
    } catch let error as PortfolioError {
      // A currency held before with no rate after makes the later total partial: not here.
      throw error
    } catch {
      throw .arithmetic(error as? DecimalError ?? .overflow)
    }
  }

  /// One currency's part: its value moved by `edits` = (a₁ − a₀) × p₁ and `rates` =
  /// a₀ × (p₁ − p₀), each rounded to the local minor units; nil without both rates.
  package static func of(_ currency: Currency, between before: Portfolio, _ after: Portfolio) -> (
    edits: DecimalValue, rates: DecimalValue
  )? {
    let a0 = before.amount(of: currency)
    let a1 = after.amount(of: currency)
    let places = after.local.minorUnits
    do {
      let p1 = try after.factor(of: currency)
      // A currency not held at the first date needs no rate then.
      let p0 = a0.isZero ? p1 : try before.factor(of: currency)
      return (try ((a1 - a0) * p1).rounded(toPlaces: places), try (a0 * (p1 - p0)).rounded(toPlaces: places))
    } catch {
      return nil
    }
  }
}

/// Calendar periods for `total by month|quarter|year`: each ends on its last day.
package enum Period: String, Sendable, CaseIterable {
  case month, quarter, year

  /// The last day of the period holding `date`.
  package func end(containing date: CalendarDate) -> CalendarDate {
    let lastMonth: Int
    switch self {
    case .month: lastMonth = date.month
    case .quarter: lastMonth = (date.month + 2) / 3 * 3
    case .year: lastMonth = 12
    }
    return CalendarDate(year: date.year, month: lastMonth, day: CalendarDate.daysIn(month: lastMonth, year: date.year))
      ?? date
  }

  /// The period ends from the one holding `from` up to (not including) `to`, then `to`:
  /// the dates `total by` has a row for.
  package func rowDates(from: CalendarDate, to: CalendarDate) -> [CalendarDate] {
    var dates: [CalendarDate] = []
    var end = self.end(containing: from)
    while end < to {
      dates.append(end)
      guard let next = CalendarDate(dayNumber: end.dayNumber + 1) else { break }
      end = self.end(containing: next)
    }
    dates.append(to)
    return dates
  }
}

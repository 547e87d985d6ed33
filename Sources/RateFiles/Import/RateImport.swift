import CofferCore

/// Turns quotes in any base into rates against the EUR pivot.
package enum RateImport {
  /// Rates of catalog currencies against EUR, and the codes outside the catalog.
  package static func pivot(_ file: RateFile, source: String) throws(RateFileError) -> (
    rates: [Rate], skipped: [String]
  ) {
    var skipped = file.unknownCodes
    var rates: [Rate] = []
    rates.reserveCapacity(file.quotes.count)
    // Quotes in another base go through that snapshot's own EUR rate.
    // Nearly every file quotes in euros only (the ECB's do): nothing to look up then.
    let allInEuro = !file.quotes.contains { $0.base != "EUR" }
    var euroPerBase: [String: DecimalValue] = [:]
    for quote in file.quotes where !allInEuro && quote.base != "EUR" && quote.code == "EUR" {
      euroPerBase[quote.base + quote.date.description] = quote.value
    }
    // In one base a file gives a currency once a day (its reader sees to it); in several,
    // it may give one twice on a day, in two bases: which would win is a silent choice.
    let severalBases =
      !allInEuro && (file.quotes.first.map { first in file.quotes.contains { $0.base != first.base } } ?? false)
    var baseOfRate: [Int: String] = [:]
    for quote in file.quotes {
      guard let currency = Catalog.currency(quote.code) else {
        if quote.code != quote.base { skipped.insert(quote.code) }
        continue
      }
      var perEuro = quote.value
      if !allInEuro && quote.base != "EUR" {
        guard let euro = euroPerBase[quote.base + quote.date.description] else {
          throw RateFileError(
            "no EUR rate on \(quote.date) to convert the \(quote.base)-based rates to the euro pivot",
            place: "\(quote.date)")
        }
        do {
          perEuro = try (quote.value / euro).rounded(toSignificantDigits: 30)
        } catch {
          throw RateFileError("rate of \(quote.code) on \(quote.date): \(error)", place: "\(quote.date)")
        }
      }
      // EUR is the pivot: its rate is 1 by definition and is not stored.
      if currency.index == Catalog.eur.index { continue }
      // What is stored must read back: the store refuses a rate outside these bounds.
      if let problem = RateRules.problem(with: perEuro) {
        throw RateFileError(
          "rate of \(quote.code) on \(quote.date): \(problem) (units per euro: \(perEuro))", place: "\(quote.date)")
      }
      if severalBases,
        let other = baseOfRate.updateValue(quote.base, forKey: quote.date.dayNumber * Catalog.count + currency.index)
      {
        throw RateFileError(
          "two rates for \(currency.code) on \(quote.date), in \(other) and in \(quote.base): which is meant cannot be told",
          place: "\(quote.date)")
      }
      rates.append(Rate(currency: currency, perEuro: perEuro, date: quote.date, source: source))
    }
    return (rates, skipped.sorted())
  }

  /// How many currencies `rates` covers (without hashing 177,000 rates).
  static func currencyCount(_ rates: [Rate]) -> Int {
    var seen = Array(repeating: false, count: Catalog.count)
    for rate in rates { seen[rate.currency.index] = true }
    return seen.lazy.filter { $0 }.count
  }

  /// How many days `rates` covers; files list a day's rates together, so only a change
  /// of date is looked up.
  static func dayCount(_ rates: [Rate]) -> Int {
    var days = Set<Int>()
    var last: CalendarDate?
    for rate in rates where rate.date != last {
      days.insert(rate.date.dayNumber)
      last = rate.date
    }
    return days.count
  }
}

import CofferCore
import CofferText

/// Turns quotes in any base into rates against the EUR pivot.
package enum RateImport {
  /// What `pivot` makes of a file.
  package struct Pivoted {
    /// The rates of known units against EUR, by day.
    package var rates: RatesByDay
    /// The codes of units Coffer does not know.
    package var skipped: [String]
    /// How many currencies had rates that `only` left out.
    package var leftOut: Int
  }

  /// Rates of known units (the catalog's and `units`' added ones) against EUR, and the
  /// codes of units Coffer does not know. With `only`, just those currencies' rates are
  /// kept (every rate is checked all the same).
  package static func pivot(
    _ file: RateFile, source: String, only: [Currency] = [], units: KnownUnits = .catalog
  ) throws(RateFileError) -> Pivoted {
    var skipped = file.unknownCodes
    var kept = Kept(source: source, only: only)
    if !file.euroQuotes.isEmpty {
      // Catalog currencies in euros (the ECB's history): only the checks below that can
      // fail for them, in the same order.
      let euroQuotes = file.euroQuotes
      for (offset, quote) in euroQuotes.enumerated() {
        let currency = quote.currency
        if currency.index == Catalog.eur.index { continue }
        try Kept.requireStorable(quote.value, of: currency.code, on: quote.date)
        kept.keep(currency, quote.value, on: quote.date, at: offset, of: euroQuotes.count) {
          euroQuotes[$0].date == quote.date
        }
      }
      return kept.pivoted(skipped: skipped)
    }
    let quotes = file.quotes
    // Quotes in another base go through that snapshot's own EUR rate.
    // Nearly every file quotes in euros only (the ECB's do): nothing to look up then.
    let allInEuro = !quotes.contains { $0.base != "EUR" }
    var euroPerBase: [String: DecimalValue] = [:]
    for quote in quotes where !allInEuro && quote.base != "EUR" && quote.code == "EUR" {
      euroPerBase[quote.base + quote.date.description] = quote.value
    }
    // In one base a file gives a currency once a day (its reader sees to it); in several,
    // it may give one twice on a day, in two bases: which would win is a silent choice.
    let severalBases = !allInEuro && (quotes.first.map { first in quotes.contains { $0.base != first.base } } ?? false)
    var baseOfRate: [Int: String] = [:]
    for (offset, quote) in quotes.enumerated() {
      guard let currency = units.currency(quote.code) else {
        if quote.code != quote.base { skipped.insert(quote.code) }
        continue
      }
      var perEuro = quote.value
      if !allInEuro && quote.base != "EUR" {
        guard let euro = euroPerBase[quote.base + quote.date.description] else {
          throw RateFileError(
            tr(
              "no EUR rate on {date} to convert the {base}-based rates to the euro pivot",
              ["date": "\(quote.date)", "base": "\(quote.base)"]),
            place: "\(quote.date)")
        }
        do {
          perEuro = try (quote.value / euro).rounded(toSignificantDigits: 30)
        } catch {
          throw RateFileError(
            tr(
              "rate of {code} on {date}: {reason}",
              ["code": "\(quote.code)", "date": "\(quote.date)", "reason": "\(error)"]), place: "\(quote.date)")
        }
      }
      if !allInEuro && quote.base != "EUR", let base = units.currency(quote.base),
        only.isEmpty || only.contains(currency) || currency == Catalog.eur
      {
        kept.rates.noteAsQuoted(currency, on: quote.date, source: source, base: base, value: quote.value)
      }
      // EUR is the pivot: its rate is 1 by definition and is not stored.
      if currency.index == Catalog.eur.index { continue }
      try Kept.requireStorable(perEuro, of: quote.code, on: quote.date)
      if severalBases,
        let other = baseOfRate.updateValue(
          quote.base, forKey: quote.date.dayNumber * Currency.indexCount + currency.index)
      {
        throw RateFileError(
          tr(
            "two rates for {code} on {date}, in {other} and in {base}: which is meant cannot be told",
            ["code": "\(currency.code)", "date": "\(quote.date)", "other": "\(other)", "base": "\(quote.base)"]),
          place: "\(quote.date)")
      }
      kept.keep(currency, perEuro, on: quote.date, at: offset, of: quotes.count) { quotes[$0].date == quote.date }
    }
    return kept.pivoted(skipped: skipped)
  }

  /// The rates a pivot keeps, and the currencies `only` leaves out: what both of its ways
  /// (euro quotes, and quotes in any base) do once a rate is in euros.
  private struct Kept {
    let source: String
    var rates = RatesByDay()
    var wanted: [Bool]
    // Per currency index: added units' indexes come after the catalog's.
    var leftOut = [Bool](repeating: false, count: Currency.indexCount)

    init(source: String, only: [Currency]) {
      self.source = source
      wanted = [Bool](repeating: only.isEmpty, count: Currency.indexCount)
      for currency in only { wanted[currency.index] = true }
    }

    /// What is stored must read back: the store refuses a rate outside these bounds.
    static func requireStorable(
      _ perEuro: DecimalValue, of code: String, on date: CalendarDate
    ) throws(RateFileError) {
      if let problem = RateRules.problem(with: perEuro) {
        throw RateFileError(
          tr(
            "rate of {code} on {date}: {reason} (units per euro: {value})",
            ["code": code, "date": "\(date)", "reason": problem, "value": "\(perEuro)"]), place: "\(date)")
      }
    }

    /// Adds a checked rate, unless `only` leaves its currency out. Files list a day's
    /// quotes together: `sameDay` tells how far this one's run goes, for the day's room.
    mutating func keep(
      _ currency: Currency, _ perEuro: DecimalValue, on date: CalendarDate, at offset: Int, of count: Int,
      sameDay: (Int) -> Bool
    ) {
      guard wanted[currency.index] else {
        leftOut[currency.index] = true
        return
      }
      rates.add(currency, perEuro: perEuro, date: date, source: source) {
        var run = 1
        while offset + run < count, run < Catalog.count, sameDay(offset + run) { run += 1 }
        return run
      }
    }

    func pivoted(skipped: Set<String>) -> Pivoted {
      Pivoted(rates: rates, skipped: skipped.sorted(), leftOut: leftOut.lazy.filter { $0 }.count)
    }
  }
}

/// The rates in effect on one day: for every currency that has one, the latest rate dated
/// on or before that day, with that rate's own date and source.
///
/// The store keeps one snapshot per day on which any rate was recorded (table `rate_day`),
/// so "the rates on D" is a single index seek — the latest row dated on or before D —
/// however long the history, and an import writes one row per day rather than one per
/// rate (the ECB history is 7,000 rows instead of 177,000). A rate dated on a row's own
/// day was recorded that day; the others were carried forward from earlier rows, which
/// is what keeps the lookup to one row.
struct RateSnapshot: Equatable {
  /// One currency's rate as a snapshot holds it.
  struct Held: Equatable {
    var perEuro: DecimalValue
    /// The rate's own date, as a day number (on or before the snapshot's day).
    var day: Int
    /// The source's number in the `SourceNames` of the operation that read or made it.
    var source: Int
  }

  /// One pair's direct quote as a snapshot holds it: 1 `currency` = `value` `quotedIn`.
  struct HeldQuote: Equatable {
    var currency: Int
    var quotedIn: Int
    var value: DecimalValue
    var day: Int
    var source: Int

    var pair: QuotePair { QuotePair(indices: currency, quotedIn) }
  }

  /// Per currency index (an added unit's after the catalog's).
  var rates: [Held?] = Array(repeating: nil, count: Currency.indexCount)
  /// The rates of the units this process knows, by index: `rates` has room for every
  /// unit one could add (255 in all) and a walk over an import's 7,000 days reads about 40.
  var knownRates: ArraySlice<Held?> { rates[..<min(AddedUnits.indexEnd, rates.count)] }
  /// The latest direct quote of every pair that has one, by pair (few: one a pair).
  var quotes: [QuotePair: HeldQuote] = [:]

  /// The rates as `Rate`s, for a `RateBook`.
  func allRates(sources: SourceNames) -> [Rate] {
    rates.enumerated().compactMap { index, held in
      guard let held, let date = CalendarDate(dayNumber: held.day), let currency = Currency.at(index) else {
        return nil
      }
      return Rate(currency: currency, perEuro: held.perEuro, date: date, source: sources.name(held.source))
    }
  }

  /// The quotes as `Quote`s, for a `RateBook`.
  func allQuotes(sources: SourceNames) -> [Quote] {
    quotes.sorted { $0.key < $1.key }.compactMap { _, held in
      guard let date = CalendarDate(dayNumber: held.day), let currency = Currency.at(held.currency),
        let quotedIn = Currency.at(held.quotedIn)
      else { return nil }
      return Quote(
        currency: currency, quotedIn: quotedIn, value: held.value, date: date, source: sources.name(held.source))
    }
  }
}

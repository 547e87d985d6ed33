/// The rates through time as commands read them (`chart`, `rates export`, `dump`).
extension Ledger {
  /// The rates of `currencies` and their quotes with `target` dated in `from...to`, plus
  /// those in use when the range starts; with the quotes set in this session and not yet
  /// saved, which count as they do in `rate_at()`.
  package func ratesHistory(
    of currencies: Set<Currency>, quotesWith target: Currency, from: CalendarDate, to: CalendarDate
  ) throws(StoreError) -> RateBook {
    var book = try store.history(of: currencies, quotesWith: target, from: from, to: to)
    for quote in pending.quotes { book.record(quote) }
    return book
  }

  /// Each day on which a rate or quote was saved, oldest first, with the rates and quotes
  /// recorded that very day (see `Store.recordedRates`).
  package func recordedRates(_ body: (CalendarDate, [Rate], [Quote]) -> Void) throws(StoreError) {
    try store.recordedRates(body)
  }

  /// What the rules of SPEC §12 find in the stored rates dated `from...to`.
  package func rateFindings(from: CalendarDate, to: CalendarDate) throws(StoreError) -> [RateFinding] {
    try store.rateFindings(from: from, to: to)
  }
}

/// The journal of saved changes as commands read it (`log`, `chart total`, `total by`,
/// `dump`): through the ledger.
extension Ledger {
  /// Entries by effective date, newest first (among a day's, the last entered first),
  /// optionally of one currency and within `from...to`; at most `limit` of them.
  package func journal(
    of currency: Currency?, at place: Place? = nil, from: CalendarDate?, to: CalendarDate?, limit: Int?
  ) throws(StoreError) -> [JournalEntry] {
    try store.entries(of: currency, at: place, from: from, to: to, limit: limit)
  }

  /// Every holding the journal has an entry of (whatever the `holding` table says), in
  /// catalog order and by place: two seeks a holding.
  package func journalHoldings() throws(StoreError) -> [Holding] {
    try store.journalHoldings()
  }

  /// Every journal entry, in the order entered (each row checked as it is read).
  package func journalInOrder(_ body: (JournalEntry) -> Void) throws(StoreError) {
    try store.entriesInOrder(body)
  }

  /// The earliest effective date of an entry a person wrote down (not an opening one):
  /// where their history starts; nil when there is none.
  package func firstEffectiveDate() throws(StoreError) -> CalendarDate? {
    try store.firstEffectiveDate()
  }
}

import CofferCore

/// The balance history as a journal the plain-text accounting tools read (`holdings
/// export`): every journal entry as the balance it sets, on its effective date, in an
/// account per place (`PlaceAccounts`), balanced against `Equity:Coffer`. With the prices
/// of `rates export` beside it, the tools value the holdings on a date as `total at` does.
///
/// - **ledger** (ledger and hledger): a transaction per entry with a balance assignment
///   (`Assets:Coffer:wise  = 1200 USD`) and `Equity:Coffer` taking the difference; a move
///   is one transaction with both assignments (`HoldingsJournal+Ledger.swift`).
/// - **beancount**: a `pad` from `Equity:Coffer` on the effective date and a `balance`
///   assertion on the next day (`HoldingsJournal+Beancount.swift`).
///
/// Entries are written by date, then in the order entered (the journal's id): the order in
/// which Coffer reads a holding's amount on a day (of a day's entries, the last entered).
package struct HoldingsJournal: Sendable {
  package enum Format: String, Sendable, CaseIterable {
    case ledger
    case beancount

    /// The earliest day the format's tools read. ledger's dates (boost's Gregorian
    /// calendar) begin in 1400 and it refuses a file with an earlier one; hledger and
    /// beancount read any year from 1.
    var firstDay: CalendarDate {
      switch self {
      case .ledger: CalendarDate(year: 1400, month: 1, day: 1) ?? .first
      case .beancount: .first
      }
    }

    var accountStyle: PlaceAccounts.Style {
      switch self {
      case .ledger: .ledger
      case .beancount: .beancount
      }
    }
  }

  /// A journal entry and the date it is written on.
  struct Dated: Sendable {
    let date: CalendarDate
    let entry: JournalEntry
    /// Whether it says "held since before any date" (effective `Store.openingDay`).
    var isOpening: Bool { entry.effective == Store.openingDay }
  }

  package let format: Format
  let local: Currency
  /// The entries in the order written: by the date written, then by id.
  let entries: [Dated]
  let accounts: PlaceAccounts

  /// The journal of `entries` (any order) for a person whose local currency is `local`;
  /// `firstPrices` is the date of each unit's first price in `local`, as `rates export`
  /// writes it (none for a unit that has none).
  package init(
    entries: some Sequence<JournalEntry>, local: Currency, firstPrices: [Currency: CalendarDate], format: Format
  ) {
    let entries = Array(entries)
    self.format = format
    self.local = local
    let openings = OpeningDates(entries: entries, local: local, firstPrices: firstPrices, firstDay: format.firstDay)
    self.entries = entries.map { entry in
      Dated(date: entry.effective == Store.openingDay ? openings[entry.currency] : entry.effective, entry: entry)
    }
    .sorted { $0.date == $1.date ? $0.entry.id < $1.entry.id : $0.date < $1.date }
    accounts = PlaceAccounts(entries.map(\.place), style: format.accountStyle)
  }

  /// The file's lines.
  package var lines: [String] {
    switch format {
    case .ledger: ledgerLines
    case .beancount: beancountLines
    }
  }

  /// How many holdings (a unit at a place) the journal has entries of.
  package var holdingCount: Int { Set(entries.map(\.entry.holding)).count }

  /// The first and last dates written, nil for an empty journal.
  package var dates: (first: CalendarDate, last: CalendarDate)? {
    guard let first = entries.first?.date, let last = entries.last?.date else { return nil }
    return (first, last)
  }

  /// The header's list of places and their accounts: `;   "wise" → Assets:Coffer:wise`.
  var placeList: [String] {
    accounts.accounts.map { place, account in
      ";   " + (place.isUnnamed ? "(no place)" : Self.quoted(place.name)) + " → " + account
    }
  }

  /// A place name in double quotes, `"` and `\` escaped: where blanks at its ends show.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  /// A move's first entry and its second, when `index` is the first of such a pair: the
  /// `from` entry directly followed (by id, so also when written) by its `to`.
  func move(at index: Int) -> (from: JournalEntry, to: JournalEntry)? {
    let from = entries[index].entry
    guard from.move == .from, index + 1 < entries.count else { return nil }
    let to = entries[index + 1].entry
    guard to.move == .to, to.id == from.id + 1, to.currency == from.currency else { return nil }
    return (from, to)
  }
}

/// The dates on which a journal writes the entries that say "held since before any date"
/// (effective `Store.openingDay`, 0001-01-01: amounts a store held before it kept a
/// journal), per unit.
///
/// Such an amount is written on the day before its unit's first price: before that, the
/// unit has no value in the local currency, so no total a tool values on a date moves by
/// it; and the file starts where the history does, not in year 1. A unit with a value on
/// every date (the local currency, 1) or with no price at all is written on the format's
/// first day (`Format.firstDay`). In either case it is moved no later than the day before
/// its unit's first other entry (at any place), which must still find it there. Moving the
/// opening entries of a unit together keeps a move's two entries together.
struct OpeningDates {
  private var dates: [Currency: CalendarDate] = [:]
  private let firstDay: CalendarDate

  init(entries: [JournalEntry], local: Currency, firstPrices: [Currency: CalendarDate], firstDay: CalendarDate) {
    self.firstDay = firstDay
    var opened: Set<Currency> = []
    var firstLater: [Currency: CalendarDate] = [:]
    for entry in entries {
      if entry.effective == Store.openingDay {
        opened.insert(entry.currency)
      } else if firstLater[entry.currency].map({ entry.effective < $0 }) ?? true {
        firstLater[entry.currency] = entry.effective
      }
    }
    for unit in opened {
      var date = unit == local ? firstDay : firstPrices[unit].map(Self.dayBefore) ?? firstDay
      if let later = firstLater[unit] { date = min(date, Self.dayBefore(later)) }
      dates[unit] = date
    }
  }

  /// The date `unit`'s opening entries are written on.
  subscript(unit: Currency) -> CalendarDate { dates[unit] ?? firstDay }

  /// The day before `date`; the first day itself has none, and stays.
  static func dayBefore(_ date: CalendarDate) -> CalendarDate {
    CalendarDate(dayNumber: date.dayNumber - 1) ?? date
  }
}

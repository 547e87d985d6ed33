import CofferText
import GRDB

/// One saved change, as the journal keeps it: when it was entered, the date from which it
/// holds (its effective date), the currency and the place, its amount before and after,
/// and whether it is one end of a move.
package struct JournalEntry: Sendable, Equatable {
  package let id: Int64
  package let entered: EntryTime
  package let effective: CalendarDate
  package let currency: Currency
  package let place: Place
  package let old: DecimalValue
  package let new: DecimalValue
  package let move: Move

  /// Which end of a `move` an entry is (the journal's `move` column).
  package enum Move: Int, Sendable {
    /// Not a move: a balance set, cleared or imported.
    case none = 0
    /// The place a move took the amount from.
    case from = 1
    /// The place it went to: the entry right after its `from`.
    case to = 2
  }

  package init(
    id: Int64, entered: EntryTime, effective: CalendarDate, currency: Currency, place: Place = .unnamed,
    old: DecimalValue, new: DecimalValue, move: Move = .none
  ) {
    self.id = id
    self.entered = entered
    self.effective = effective
    self.currency = currency
    self.place = place
    self.old = old
    self.new = new
    self.move = move
  }

  package var holding: Holding { Holding(currency, at: place) }

  static let databaseTableName = "journal"
  /// The columns `init(row:)` reads, in order.
  static let selection = "SELECT id, entered, utc_offset, effective, code, place, old, new, move FROM journal"
}

extension JournalEntry: FetchableRecord {
  package init(row: Row) throws {
    try self.init(checking: row)
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let columns = JournalColumns(row)
    // An id below 1 is refused as it is written (CHECK); only a writer that turned the
    // store's checks off can have made one.
    guard columns.id > 0 else { throw columns.damage(tr("id {value} is not above 0", ["value": "\(columns.id)"])) }
    let enteredText = try columns.text(1, "entered")
    let offsetValue = StoredValue(row, 2)
    guard let offset = offsetValue.integer, abs(offset) <= Int64(EntryTime.offsetLimit) else {
      throw columns.damage(tr("utc_offset is {value}, not minutes east of UTC", ["value": offsetValue.shown]))
    }
    guard let entered = EntryTime(utcText: enteredText, offsetMinutes: Int(offset)) else {
      throw columns.damage(
        tr("entered {value} is not a UTC time (YYYY-MM-DDTHH:MM:SSZ)", ["value": StoredText.quoted(enteredText)]))
    }
    let effective = try columns.effective(3)
    let currency = try columns.currency(4)
    let place = try columns.place(5)
    let moveValue = StoredValue(row, 8)
    guard let number = moveValue.integer, let move = Move(rawValue: Int(number)) else {
      throw columns.damage(tr("move is {value}, not 0, 1 or 2", ["value": moveValue.shown]))
    }
    self.init(
      id: columns.id, entered: entered, effective: effective, currency: currency, place: place,
      old: try columns.amount(6, "old", of: currency), new: try columns.amount(7, "new", of: currency), move: move)
  }
}

import CofferText
import GRDB

/// A row of `holding`: a holding's latest journal entry (by day, then as entered), which
/// the journal's triggers keep (see `StoreSchema`): the amount held from that entry's day
/// on, at a place ('' the unnamed one).
///
/// Reading a row checks it as Coffer's triggers write it: a known code, spelt as Coffer
/// spells it, and a valid amount of that currency. A row that is not is a `StoreDamage`,
/// never a currency left out of the total.
package struct HoldingRecord: Sendable, Equatable {
  package var currency: Currency
  package var place: Place
  package var amount: DecimalValue
  /// The day of the entry the amount comes from.
  package var effective: CalendarDate
  /// The entry's id.
  package var entry: Int64

  package var holding: Holding { Holding(currency, at: place) }

  package static let databaseTableName = "holding"
  /// The columns `init(row:)` reads, in order, and whether each holds what Coffer writes
  /// there, text without a NUL byte or an integer (`plain`, see `init(checking:)`).
  static let selection = """
    SELECT code, place, amount, effective, id,
      typeof(code) = 'text' AND typeof(place) = 'text' AND typeof(amount) = 'text' AND typeof(effective) = 'integer'
        AND typeof(id) = 'integer' AND instr(code, char(0)) = 0 AND instr(place, char(0)) = 0
        AND instr(amount, char(0)) = 0 AS plain
    FROM holding
    """
}

extension HoldingRecord: FetchableRecord {
  package init(row: Row) throws {
    try self.init(checking: row)
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  ///
  /// A row whose columns hold what Coffer writes there (`plain`: SQLite's own types, no
  /// NUL byte; STRICT alone is no proof, as a writer that turned it off for a while can
  /// have left anything) and whose values are as Coffer writes them is read typed, as
  /// GRDB reads columns, which would turn a blob or a real into text or an integer without
  /// a word; a start reads every holding, and a `StoredValue` of each column cost several
  /// times as much. Any other row is read whole, and named.
  init(checking row: Row) throws(StoreDamage) {
    if (row[5] as Bool?) == true, let code = row[0] as String?, let currency = Catalog.unit(storedAs: code),
      let name = row[1] as String?, Place.problem(with: name) == nil, case let place = Place(checkedName: name),
      place.name == name, let text = row[2] as String?, let amount = DecimalValue(storedText: text),
      AmountRules.problem(with: amount, for: currency) == nil, let day = row[3] as Int64?,
      let effective = CalendarDate(dayNumber: Int(day)), let entry = row[4] as Int64?
    {
      self.init(currency: currency, place: place, amount: amount, effective: effective, entry: entry)
      return
    }
    let codeValue = StoredValue(row, 0)
    let placeValue = StoredValue(row, 1)
    func damage(_ problem: String) -> StoreDamage {
      // The unnamed place goes without saying. Written only for a damaged row: a start
      // reads every holding.
      let key = "code \(codeValue.shown)" + (placeValue.text == "" ? "" : ", place \(placeValue.shown)")
      return StoreDamage(table: Self.databaseTableName, row: nil, key: key, problem: problem)
    }
    guard let code = codeValue.text, let currency = Catalog.unit(storedAs: code) else {
      throw damage(tr("not a currency code as Coffer writes one"))
    }
    guard let name = placeValue.text, Place.problem(with: name) == nil, case let place = Place(checkedName: name),
      place.name == name
    else { throw damage(tr("place {value} is not a place's name as Coffer writes one", ["value": placeValue.shown])) }
    let amountValue = StoredValue(row, 2)
    guard let text = amountValue.text, let amount = DecimalValue(storedText: text) else {
      throw damage(tr("amount {value} is not a number as Coffer writes one", ["value": amountValue.shown]))
    }
    if let problem = AmountRules.problem(with: amount, for: currency) {
      throw damage(tr("amount {value}: {reason}", ["value": StoredText.quoted(text), "reason": problem]))
    }
    let dayValue = StoredValue(row, 3)
    guard let day = dayValue.integer, let effective = CalendarDate(dayNumber: Int(exactly: day) ?? .min) else {
      throw damage(tr("effective is {value}, not a day from 0001-01-01 to 9999-12-31", ["value": dayValue.shown]))
    }
    guard let entry = StoredValue(row, 4).integer else {
      throw damage(tr("id is {value}", ["value": StoredValue(row, 4).shown]))
    }
    self.init(currency: currency, place: place, amount: amount, effective: effective, entry: entry)
  }
}

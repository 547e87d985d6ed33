import CofferText
import GRDB

/// The checks of a journal row's columns, each naming the row when it fails.
struct JournalColumns {
  let row: Row
  let id: Int64

  init(_ row: Row) {
    self.row = row
    id = row[0]
  }

  func damage(_ problem: String) -> StoreDamage {
    StoreDamage(table: JournalEntry.databaseTableName, row: id, problem: problem)
  }

  func text(_ index: Int, _ column: String) throws(StoreDamage) -> String {
    let value = StoredValue(row, index)
    guard let text = value.text else {
      throw damage(tr("{column} is {value}, not text", ["column": column, "value": value.shown]))
    }
    return text
  }

  func effective(_ index: Int) throws(StoreDamage) -> CalendarDate {
    let value = StoredValue(row, index)
    guard let day = value.integer, let effective = CalendarDate(dayNumber: Int(exactly: day) ?? .min) else {
      throw damage(tr("effective is {value}, not a day from 0001-01-01 to 9999-12-31", ["value": value.shown]))
    }
    return effective
  }

  func currency(_ index: Int) throws(StoreDamage) -> Currency {
    let code = try text(index, "code")
    guard let currency = Catalog.unit(storedAs: code) else {
      throw damage(tr("code {value} is not a currency code as Coffer writes one", ["value": StoredText.quoted(code)]))
    }
    return currency
  }

  /// A place as Coffer writes it: '' for the unnamed one, else a name `Place` allows, in
  /// NFC.
  func place(_ index: Int) throws(StoreDamage) -> Place {
    let name = try text(index, "place")
    guard Place.problem(with: name) == nil, case let place = Place(checkedName: name), place.name == name else {
      throw damage(tr("place {value} is not a place's name as Coffer writes one", ["value": StoredText.quoted(name)]))
    }
    return place
  }

  func amount(_ index: Int, _ column: String, of currency: Currency) throws(StoreDamage) -> DecimalValue {
    let written = try text(index, column)
    guard let amount = DecimalValue(storedText: written) else {
      throw damage(
        tr(
          "{column} {value} is not a number as Coffer writes one",
          ["column": column, "value": StoredText.quoted(written)]))
    }
    if let problem = AmountRules.problem(with: amount, for: currency) {
      throw damage(
        tr("{column} {value}: {reason}", ["column": column, "value": StoredText.quoted(written), "reason": problem]))
    }
    return amount
  }
}

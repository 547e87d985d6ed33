import CofferText
import GRDB

/// A row of `unit`: a unit a person added beyond the catalog, checked as Coffer writes it
/// (a code `UnitRules` allows, in capitals; a name; minor units 0 to 8; a symbol).
package struct UnitRecord: Sendable, Equatable {
  package var definition: AddedUnits.Definition

  package static let databaseTableName = "unit"
  /// The columns `init(checking:)` reads, in order.
  static let selection = "SELECT rowid, code, name, minor, symbol FROM unit ORDER BY code"

  package init(_ definition: AddedUnits.Definition) {
    self.definition = definition
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let rowid: Int64 = row[0]
    let codeValue = StoredValue(row, 1)
    func damage(_ problem: String) -> StoreDamage {
      StoreDamage(table: Self.databaseTableName, row: rowid, key: "code \(codeValue.shown)", problem: problem)
    }
    guard let code = codeValue.text, UnitRules.problem(withCode: code) == nil, code == code.uppercased() else {
      throw damage(tr("not a unit's code as Coffer writes one"))
    }
    guard let name = StoredValue(row, 2).text, UnitRules.problem(withName: name) == nil else {
      throw damage(tr("name {value} is not a unit's name", ["value": StoredValue(row, 2).shown]))
    }
    guard let minor = StoredValue(row, 3).integer, (0...Int64(UnitRules.maximumMinorUnits)).contains(minor) else {
      throw damage(
        tr(
          "minor is {value}, not 0 to {limit}",
          ["value": StoredValue(row, 3).shown, "limit": "\(UnitRules.maximumMinorUnits)"]))
    }
    guard let symbol = StoredValue(row, 4).text, UnitRules.problem(withSymbol: symbol) == nil else {
      throw damage(tr("symbol {value} is not a unit's symbol", ["value": StoredValue(row, 4).shown]))
    }
    self.init(AddedUnits.Definition(code: code, name: name, minorUnits: Int(minor), symbol: symbol))
  }
}

extension UnitRecord: Encodable, PersistableRecord {
  enum CodingKeys: String, CodingKey {
    case code, name, minor, symbol
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(definition.code, forKey: .code)
    try container.encode(definition.name, forKey: .name)
    try container.encode(definition.minorUnits, forKey: .minor)
    try container.encode(definition.symbol, forKey: .symbol)
  }
}

/// A row of `place`: a named place as first written, and the key it is matched by.
struct PlaceRecord: Sendable, Equatable {
  var place: Place

  static let databaseTableName = "place"
  static let selection = "SELECT rowid, name, key FROM place"

  init(_ place: Place) {
    self.place = place
  }

  /// Reads a row of `selection`, or throws what is wrong with it: a name that is not one,
  /// or a key that is not the name's.
  init(checking row: Row) throws(StoreDamage) {
    let rowid: Int64 = row[0]
    let nameValue = StoredValue(row, 1)
    func damage(_ problem: String) -> StoreDamage {
      StoreDamage(table: Self.databaseTableName, row: rowid, key: "name \(nameValue.shown)", problem: problem)
    }
    guard let name = nameValue.text, !name.isEmpty, Place.problem(with: name) == nil else {
      throw damage(tr("not a place's name as Coffer writes one"))
    }
    let place = Place(checkedName: name)
    guard place.name == name, StoredValue(row, 2).text == place.key else {
      throw damage(
        tr(
          "key {value} is not the name's ({key})",
          ["value": StoredValue(row, 2).shown, "key": StoredText.quoted(place.key)]))
    }
    self.init(place)
  }
}

extension PlaceRecord: Encodable, PersistableRecord {
  enum CodingKeys: String, CodingKey {
    case name, key
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(place.name, forKey: .name)
    try container.encode(place.key, forKey: .key)
  }
}

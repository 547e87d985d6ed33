import GRDB

/// The lists of named places and added units (SPEC §11): written at once, each in a
/// transaction of its own.
extension Store {
  /// Renames a place in the list and in every journal entry that names it (the journal's
  /// triggers keep the derived tables).
  func renamePlace(_ old: Place, to new: Place) throws(StoreError) {
    try writing { db in
      try db.execute(sql: "UPDATE journal SET place = ? WHERE place = ?", arguments: [new.name, old.name])
      try db.execute(sql: "DELETE FROM place WHERE name = ?", arguments: [old.name])
      try PlaceRecord(new).insert(db)
    }
  }

  /// Takes a place off the list; its journal entries stay.
  func removePlace(_ place: Place) throws(StoreError) {
    try writing { db in try db.execute(sql: "DELETE FROM place WHERE name = ?", arguments: [place.name]) }
  }

  func addUnit(_ definition: AddedUnits.Definition) throws(StoreError) {
    try writing { db in try UnitRecord(definition).insert(db) }
  }

  /// Removes an added unit, unless a journal entry names it (then false, nothing done).
  func removeUnit(_ unit: Currency) throws(StoreError) -> Bool {
    try writing { db in
      guard try Int.fetchOne(db, sql: "SELECT 1 FROM journal WHERE code = ? LIMIT 1", arguments: [unit.code]) == nil
      else { return false }
      try db.execute(sql: "DELETE FROM unit WHERE code = ?", arguments: [unit.code])
      return true
    }
  }
}

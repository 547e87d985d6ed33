import CofferText
import Synchronization

/// Units a person added beyond the catalog (`units add`): a currency no default source
/// publishes, a metal, a coin. Each code gets a `Currency` index after the catalog's,
/// the same for the whole process, so that per-currency arrays, equality and hashing work
/// for it as for the catalog's.
///
/// Which units a store has is that store's (its `unit` table, loaded by the ledger): this
/// registry only gives each code its index and remembers its latest definition, for the
/// names and symbol a listing shows. Indexes are never reused; a process meets few codes.
package enum AddedUnits {
  /// How many units beyond the catalog one process can know: per-currency arrays are
  /// sized for all of them at once, which keeps every index in range without growing.
  package static let capacity = 214

  /// One unit as `units add` defined it.
  package struct Definition: Sendable, Equatable {
    package var code: String
    package var name: String
    package var minorUnits: Int
    package var symbol: String

    package init(code: String, name: String, minorUnits: Int, symbol: String) {
      self.code = code
      self.name = name
      self.minorUnits = minorUnits
      self.symbol = symbol
    }
  }

  private static let registry = Mutex<[Definition]>([])

  /// The unit of this definition, given the index its code already has or the next one;
  /// nil when the process knows `capacity` codes already.
  package static func register(_ definition: Definition) -> Currency? {
    registry.withLock { definitions in
      if let known = definitions.firstIndex(where: { $0.code == definition.code }) {
        definitions[known] = definition
        return Currency(index: Catalog.count + known, code: definition.code, minorUnits: definition.minorUnits)
      }
      guard definitions.count < capacity else { return nil }
      definitions.append(definition)
      return Currency(
        index: Catalog.count + definitions.count - 1, code: definition.code, minorUnits: definition.minorUnits)
    }
  }

  /// One past the last index a unit has in this process: the catalog's and those added.
  package static var indexEnd: Int {
    registry.withLock { Catalog.count + $0.count }
  }

  /// The latest definition of the unit at `index` (an index after the catalog's).
  package static func definition(at index: Int) -> Definition? {
    registry.withLock { definitions in
      let position = index - Catalog.count
      return definitions.indices.contains(position) ? definitions[position] : nil
    }
  }

  /// The registered unit with this code, as its latest definition has it.
  package static func currency(_ code: String) -> Currency? {
    registry.withLock { definitions in
      guard let position = definitions.firstIndex(where: { $0.code == code }) else { return nil }
      return Currency(
        index: Catalog.count + position, code: code, minorUnits: definitions[position].minorUnits)
    }
  }
}

extension Catalog {
  /// The unit a stored code names, spelt exactly as Coffer writes it: a code of the
  /// catalog, or of a unit added in a store this process has read (see `AddedUnits`).
  package static func unit(storedAs code: String) -> Currency? {
    if let currency = currency(code) { return currency.code == code ? currency : nil }
    return AddedUnits.currency(code)
  }
}

/// What makes a code, a name and minor units a unit `units add` can add (SPEC §11).
package enum UnitRules {
  /// The most decimal places a unit may have (a satoshi is 10⁻⁸ BTC).
  package static let maximumMinorUnits = 8

  /// Words of the language a unit's code would be mistaken for.
  package static let reservedWords: Set<String> = [
    "ALL", "AT", "BY", "IN", "TO", "FROM", "VALUED", "AS", "AND", "OR", "NOT", "MINOR", "SYMBOL", "PLACE", "TOTAL",
    "SET", "CLEAR", "MOVE", "NOW", "TODAY",
  ]

  /// Why `code` cannot be an added unit's code, or nil: 2 to 10 letters or digits (ASCII)
  /// starting with a letter, not a catalog code, not a word of the language.
  package static func problem(withCode code: String) -> String? {
    let bytes = Array(code.utf8)
    let isLetter = { (byte: UInt8) in (65...90).contains(byte & 0xDF) && byte & 0x80 == 0 }
    let isDigit = { (byte: UInt8) in (48...57).contains(byte) }
    guard (2...10).contains(bytes.count), let first = bytes.first, isLetter(first),
      bytes.allSatisfy({ isLetter($0) || isDigit($0) })
    else { return tr("a unit's code is 2 to 10 letters or digits, starting with a letter") }
    let upper = code.uppercased()
    if Catalog.currency(upper) != nil { return tr("{code} is a currency of the catalog already", ["code": upper]) }
    if reservedWords.contains(upper) {
      return tr("'{code}' is a word of the language; choose another code", ["code": code])
    }
    return nil
  }

  /// Why `name` cannot be a unit's name, or nil.
  package static func problem(withName name: String) -> String? {
    if name.allSatisfy(\.isWhitespace) { return tr("a unit needs a name") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return tr("a unit's name cannot hold control characters")
    }
    if name.count > 64 { return tr("a unit's name has at most 64 characters") }
    return nil
  }

  /// Why `symbol` cannot be a unit's symbol, or nil.
  package static func problem(withSymbol symbol: String) -> String? {
    if symbol.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) {
      return tr("a unit's symbol cannot hold blanks or control characters")
    }
    if symbol.count > 8 { return tr("a unit's symbol has at most 8 characters") }
    return nil
  }
}

extension Currency {
  /// The unit at `index`: the catalog's, or an added one this process knows.
  package static func at(_ index: Int) -> Currency? {
    if index < Catalog.count { return index >= 0 ? Catalog.all[index] : nil }
    guard let definition = AddedUnits.definition(at: index) else { return nil }
    return Currency(index: index, code: definition.code, minorUnits: definition.minorUnits)
  }
}

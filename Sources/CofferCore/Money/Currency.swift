/// One unit money is held in: a currency of the catalog (ISO 4217 code, names, symbol and
/// minor units), or one a person added (`AddedUnits`), whose index follows the catalog's.
///
/// It holds only its index, code and minor units (the names live in the catalog's
/// table, or the added unit's definition), so copying one, as every stored rate does,
/// copies no heap strings.
package struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// Position in the catalog; also the index of the currency's slot in per-currency arrays.
  package let index: Int
  package let code: String
  /// Decimal places of the currency's minor unit (ISO 4217: JPY 0, KWD 3, most 2).
  package let minorUnits: Int

  /// Every index a currency can have: the catalog's, then the added units'. Per-currency
  /// arrays are this long.
  package static let indexCount = Catalog.count + AddedUnits.capacity

  /// Whether this is a unit a person added, not one of the catalog's.
  package var isAdded: Bool { index >= Catalog.count }

  package var englishName: String {
    isAdded ? AddedUnits.definition(at: index)?.name ?? code : Catalog.table[index].english
  }
  /// The name in Simplified script. An added unit has one name, as it was given.
  package var chineseName: String {
    isAdded ? AddedUnits.definition(at: index)?.name ?? code : Catalog.table[index].chinese
  }
  /// The name in Traditional script (港幣, 新臺幣). An added unit has one name, as it was given.
  package var traditionalChineseName: String {
    isAdded ? AddedUnits.definition(at: index)?.name ?? code : Catalog.table[index].traditional
  }
  package var symbol: String {
    isAdded ? AddedUnits.definition(at: index)?.symbol ?? "" : Catalog.table[index].symbol
  }

  package var description: String { code }

  package static func == (lhs: Currency, rhs: Currency) -> Bool { lhs.index == rhs.index }
  package func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

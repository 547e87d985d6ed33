/// One currency of the catalog: ISO 4217 code, names, symbol and minor units.
///
/// It holds only its index, code and minor units (the names live in the catalog's
/// table), so copying one, as every stored rate does, copies no heap strings.
package struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// Position in the catalog; also the index of the currency's slot in per-currency arrays.
  package let index: Int
  package let code: String
  /// Decimal places of the currency's minor unit (ISO 4217: JPY 0, KWD 3, most 2).
  package let minorUnits: Int

  package var englishName: String { Catalog.table[index].english }
  package var chineseName: String { Catalog.table[index].chinese }
  package var symbol: String { Catalog.table[index].symbol }

  package var description: String { code }

  package static func == (lhs: Currency, rhs: Currency) -> Bool { lhs.index == rhs.index }
  package func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

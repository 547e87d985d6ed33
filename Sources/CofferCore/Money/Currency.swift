/// One currency of the catalog: ISO 4217 code, names, symbol and minor units.
///
/// It holds only its index, code and minor units (the names live in the catalog's
/// table), so copying one, as every stored rate does, copies no heap strings.
public struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// Position in the catalog; also the index of the currency's slot in per-currency arrays.
  public let index: Int
  public let code: String
  /// Decimal places of the currency's minor unit (ISO 4217: JPY 0, KWD 3, most 2).
  public let minorUnits: Int

  public var englishName: String { Catalog.table[index].english }
  public var chineseName: String { Catalog.table[index].chinese }
  public var symbol: String { Catalog.table[index].symbol }

  public var description: String { code }

  public static func == (lhs: Currency, rhs: Currency) -> Bool { lhs.index == rhs.index }
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

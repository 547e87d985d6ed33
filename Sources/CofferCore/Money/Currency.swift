/// One currency of the catalog: ISO 4217 code, names, symbol and minor units.
public struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// Position in the catalog; also the index of the currency's slot in per-currency arrays.
  public let index: Int
  public let code: String
  public let englishName: String
  public let chineseName: String
  public let symbol: String
  /// Decimal places of the currency's minor unit (ISO 4217: JPY 0, KWD 3, most 2).
  public let minorUnits: Int

  public var description: String { code }

  public static func == (lhs: Currency, rhs: Currency) -> Bool { lhs.index == rhs.index }
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

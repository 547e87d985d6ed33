/// The total of all holdings in the local currency, as computed at one moment.
public struct Total: Sendable {
  public let local: Currency
  /// The sum of the unrounded values, rounded once to the local currency's minor units.
  public let value: DecimalValue
  /// How many currencies have a non-zero amount and a rate (and so are in `value`).
  public let holdings: Int
  /// Held currencies left out because they have no rate.
  public let missing: [Currency]

  public var isPartial: Bool { !missing.isEmpty }
}

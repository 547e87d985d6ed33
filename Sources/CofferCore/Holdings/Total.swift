/// The total of all holdings in the local currency, as computed at one moment.
package struct Total: Sendable {
  package let local: Currency
  /// The sum of the unrounded values, rounded once to the local currency's minor units.
  package let value: DecimalValue
  /// How many currencies have a non-zero amount and a rate (and so are in `value`).
  package let holdings: Int
  /// Held currencies left out because they have no rate.
  package let missing: [Currency]

  package var isPartial: Bool { !missing.isEmpty }
}

/// The total of all holdings in the local currency, as computed at one moment.
package struct Total: Sendable {
  package let local: Currency
  /// The sum of the unrounded values, rounded once to the local currency's minor units.
  package let value: DecimalValue
  /// How many currencies have a non-zero amount and a rate (and so are in `value`).
  package let holdings: Int
  /// Held currencies left out because they have no rate.
  package let missing: [Currency]
  /// Whether they were left out because the local currency has no rate.
  package var localRateMissing = false

  package var isPartial: Bool { !missing.isEmpty }

  /// What is missing, named right: `no rate for USD, JPY`, or `no CNY (local) rate` when
  /// the rate missing is the local currency's.
  package var missingRates: String {
    localRateMissing ? "no \(local.code) (local) rate" : "no rate for " + missing.map(\.code).joined(separator: ", ")
  }
}

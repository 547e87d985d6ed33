import CofferText

/// The total of all holdings in the local currency, as computed at one moment.
package struct Total: Sendable {
  package let local: Currency
  /// The sum of the unrounded values, rounded once to the local currency's minor units.
  package let value: DecimalValue
  /// How many currencies have a non-zero amount: those in `value`, and those `missing`.
  package let holdings: Int
  /// Held currencies left out because they have no rate.
  package let missing: [Currency]
  /// Whether they were left out because the local currency has no rate.
  package var localRateMissing = false
  /// The oldest rate the values rest on, with its currencies (SPEC §12, Age); nil when no
  /// rate was used (only the local currency held, or nothing).
  package var oldestRate: RateAge? = nil

  package var isPartial: Bool { !missing.isEmpty }

  /// This total, holding `other`'s list of the currencies left out when the two lists
  /// name the same: the rows of a listing by month keep one list between them instead of
  /// one each (120 rows of a dozen codes each were 26 pages of memory to fault in).
  package func sharingMissing(with other: Total) -> Total {
    guard !missing.isEmpty, missing == other.missing else { return self }
    return Total(
      local: local, value: value, holdings: holdings, missing: other.missing, localRateMissing: localRateMissing,
      oldestRate: oldestRate)
  }

  /// What is missing, named right: `no rate for USD, JPY`, or `no CNY (local) rate` when
  /// the rate missing is the local currency's.
  package var missingRates: String {
    if localRateMissing { return tr("no {code} (local) rate", ["code": local.code]) }
    if Messages.language != .english {
      return tr("no rate for {currencies}", ["currencies": missing.map(\.code).listed()])
    }
    // Written byte by byte into the string's own buffer: every partial row of a listing
    // by month names a dozen codes, and joining strings costs ten times as much.
    let length =
      "no rate for ".utf8.count + missing.reduce(0) { $0 + $1.code.utf8.count } + max(0, missing.count - 1) * 2
    return String(unsafeUninitializedCapacity: length) { bytes in
      var end = 0
      func put(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
          for byte in utf8 {
            bytes[end] = byte
            end += 1
          }
        }
      }
      put("no rate for ")
      for (place, currency) in missing.enumerated() {
        if place > 0 { put(", ") }
        put(currency.code)
      }
      return end
    }
  }
}

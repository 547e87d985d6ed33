import CofferCore

/// What an import did, for the one-line report.
package struct ImportReport: Sendable, Equatable, CustomStringConvertible {
  package let format: String
  package let rates: Int
  package let currencies: Int
  package let days: Int
  /// Rates that were new or different from the stored ones (0 when re-importing).
  package let changed: Int
  package let skipped: [String]
  /// Catalog currencies the file had but the import was told not to take.
  package var leftOut = 0
  /// The entries of a zip that were not read, not being rates files.
  package var passedOver: [String] = []
  /// Findings of the rules taken anyway (`--accept`).
  package var accepted = 0

  package var description: String {
    var text = "imported \(rates) rates for \(currencies) currencies over \(days) \(days == 1 ? "day" : "days")"
    text += " (\(format); \(changed) new or changed)"
    if !skipped.isEmpty {
      text += "; skipped \(skipped.count) unknown \(skipped.count == 1 ? "currency" : "currencies")"
    }
    if leftOut > 0 {
      text += "; left out \(leftOut) the source is not used for"
    }
    if !passedOver.isEmpty {
      let count = passedOver.count
      text +=
        "; passed over \(count) \(count == 1 ? "entry" : "entries") of the zip that \(count == 1 ? "is" : "are") not rates: "
        + passedOver.joined(separator: ", ")
    }
    if accepted > 0 {
      text += "; accepted \(accepted) \(accepted == 1 ? "finding" : "findings") of the rates' rules"
    }
    return text
  }
}

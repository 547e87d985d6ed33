import CofferCore
import CofferText

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
    var parts = [
      tr(
        "imported {rates} rates for {currencies} currencies over {count} day ({format}; {changed} new or changed)",
        "imported {rates} rates for {currencies} currencies over {count} days ({format}; {changed} new or changed)",
        count: days,
        ["rates": String(rates), "currencies": String(currencies), "format": format, "changed": String(changed)])
    ]
    if !skipped.isEmpty {
      parts.append(
        tr("skipped {count} unknown currency", "skipped {count} unknown currencies", count: skipped.count))
    }
    if leftOut > 0 {
      parts.append(tr("left out {count} the source is not used for", ["count": String(leftOut)]))
    }
    if !passedOver.isEmpty {
      parts.append(
        tr(
          "passed over {count} entry of the zip that is not rates: {entries}",
          "passed over {count} entries of the zip that are not rates: {entries}", count: passedOver.count,
          ["entries": passedOver.listed()]))
    }
    if accepted > 0 {
      parts.append(
        tr(
          "accepted {count} finding of the rates' rules", "accepted {count} findings of the rates' rules",
          count: accepted))
    }
    return parts.dropFirst().reduce(parts[0]) { tr("{report}; {more}", ["report": $0, "more": $1]) }
  }
}

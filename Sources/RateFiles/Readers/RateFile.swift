import CofferCore
import Foundation

/// What a rates file held, in one of the formats Coffer reads.
package struct RateFile: Sendable {
  package let format: String
  package let quotes: [QuotedRate]
  /// Codes outside the catalog that the file held rates for, when the reader set them
  /// aside itself (the ECB history has a column per long-gone currency).
  package var unknownCodes: Set<String> = []
  /// For a zip: its other entries, which are not rates files (a README, say).
  package var passedOver: [String] = []
}

import CofferCore
import Foundation

/// Rates read from a file, before they are stored: each is "units of `code` per one
/// `base`" on a date. Turning them into the EUR pivot is `RateImport`'s job.
package struct QuotedRate: Sendable, Equatable {
  // The value first: its 16-byte alignment would otherwise pad each of the 177,000
  // quotes of the ECB history from 80 bytes to 96.
  package let value: DecimalValue
  package let date: CalendarDate
  package let code: String
  package let base: String

  package init(date: CalendarDate, code: String, base: String, value: DecimalValue) {
    self.date = date
    self.code = code
    self.base = base
    self.value = value
  }
}

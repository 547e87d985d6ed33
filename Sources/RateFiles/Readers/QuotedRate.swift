import CofferCore
import Foundation

/// Rates read from a file, before they are stored: each is "units of `code` per one
/// `base`" on a date. Turning them into the EUR pivot is `RateImport`'s job.
package struct QuotedRate: Sendable, Equatable {
  // The value first: its 16-byte alignment would otherwise pad a quote from 64 bytes
  // to 80.
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

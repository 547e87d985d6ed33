import CofferCore
import Foundation

/// Rates read from a file, before they are stored: each is "units of `code` per one
/// `base`" on a date. Turning them into the EUR pivot is `RateImport`'s job.
package struct QuotedRate: Sendable, Equatable {
  package let date: CalendarDate
  package let code: String
  package let base: String
  package let value: DecimalValue

  package init(date: CalendarDate, code: String, base: String, value: DecimalValue) {
    self.date = date
    self.code = code
    self.base = base
    self.value = value
  }
}

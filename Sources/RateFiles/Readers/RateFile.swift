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

/// One file inside a zip archive.
package struct ZipMember: Sendable {
  package let path: String
  package let data: Data

  package init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}

/// Reads the two formats whose parsers need large libraries: ECB XML (FoundationXML's
/// XMLParser, over libxml2 and ICU) and zip archives (zlib). Coffer's own binary does not
/// link those libraries, which would add a few milliseconds to every start; it asks the
/// `coffer-rates` helper instead (`RatesHelper`).
package protocol XMLAndZipReader {
  /// The rates in an ECB XML document (daily or history), all against EUR.
  func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate]
  /// The files in a zip archive, unpacked and checked against their CRC.
  func files(inZip data: Data) throws(RateFileError) -> [ZipMember]
}

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

/// Why a rates file could not be read: where, and what was wrong.
package struct RateFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// "line 12", "byte 4031", or "entry eurofxref-hist.csv line 3".
  package let place: String
  package let message: String

  package init(_ message: String, line: Int) {
    self.place = "line \(line)"
    self.message = message
  }

  package init(_ message: String, byte: Int) {
    self.place = "byte \(byte)"
    self.message = message
  }

  package init(_ message: String, place: String) {
    self.place = place
    self.message = message
  }

  package var description: String { "\(place): \(message)" }
}

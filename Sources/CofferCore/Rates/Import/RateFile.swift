/// Rates read from a file, before they are stored: each is "units of `code` per one
/// `base`" on a date. Turning them into the EUR pivot is `RateImport`'s job.
public struct QuotedRate: Sendable, Equatable {
  public let date: CalendarDate
  public let code: String
  public let base: String
  public let value: DecimalValue
}

/// What a rates file held, in one of the formats Coffer reads.
public struct RateFile: Sendable {
  public let format: String
  public let quotes: [QuotedRate]
}

/// Why a rates file could not be read: where, and what was wrong.
public struct RateFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// "line 12", "byte 4031", or "entry eurofxref-hist.csv line 3".
  public let place: String
  public let message: String

  public init(_ message: String, line: Int) {
    self.place = "line \(line)"
    self.message = message
  }

  public init(_ message: String, byte: Int) {
    self.place = "byte \(byte)"
    self.message = message
  }

  public init(_ message: String, place: String) {
    self.place = place
    self.message = message
  }

  public var description: String { "\(place): \(message)" }
}

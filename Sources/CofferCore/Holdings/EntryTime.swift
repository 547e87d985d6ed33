#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// When a journal entry was entered: a UTC time to the second, and the offset from UTC of
/// the clock it was entered by. Stored in UTC, so sessions in two time zones agree which
/// entry is later; the offset shows it as the person who typed it saw it.
package struct EntryTime: Sendable, Hashable, Comparable {
  /// Seconds since 1970-01-01T00:00:00Z.
  package let seconds: Int64
  /// Minutes east of UTC.
  package let offsetMinutes: Int

  /// Offsets beyond ±18 hours (ISO 8601's limit) are not a clock's.
  package static let offsetLimit = 18 * 60

  package init?(seconds: Int64, offsetMinutes: Int) {
    guard abs(offsetMinutes) <= Self.offsetLimit, Self.secondsRange.contains(seconds) else { return nil }
    self.seconds = seconds
    self.offsetMinutes = offsetMinutes
  }

  /// From 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z, the dates `CalendarDate` knows.
  static let secondsRange =
    Int64(CalendarDate.first.dayNumber) * 86_400...Int64(CalendarDate.last.dayNumber) * 86_400 + 86_399

  /// Now, with this process's offset (its `TZ`). With `COFFER_TODAY` (a testing aid that
  /// fixes what Coffer takes as today), this time of day on that date, so that what is
  /// entered "now" is entered on the day its entries are effective.
  package static func now() -> EntryTime {
    var clock = time(nil)
    var parts = tm()
    localtime_r(&clock, &parts)
    let offset = Int64(parts.tm_gmtoff)
    var seconds = Int64(clock)
    if let fixed = getenv("COFFER_TODAY").map({ String(cString: $0) }), let today = CalendarDate(fixed) {
      let timeOfDay = Int64(parts.tm_hour) * 3600 + Int64(parts.tm_min) * 60 + Int64(parts.tm_sec)
      seconds = Int64(today.dayNumber) * 86_400 + timeOfDay - offset
    }
    return EntryTime(seconds: seconds, offsetMinutes: Int(offset) / 60)
      ?? EntryTime(unchecked: Int64(clock), offsetMinutes: 0)
  }

  private init(unchecked seconds: Int64, offsetMinutes: Int) {
    self.seconds = seconds
    self.offsetMinutes = offsetMinutes
  }

  /// A local time `YYYY-MM-DD HH:MM:SS` read in this process's time zone, as stores
  /// before schema 5 kept it: how their entries are carried over.
  package init?(localText text: String) {
    guard let (date, clock) = Self.parse(Array(text.utf8)[...], separator: UInt8(ascii: " ")) else { return nil }
    var parts = tm()
    parts.tm_year = Int32(date.year - 1900)
    parts.tm_mon = Int32(date.month - 1)
    parts.tm_mday = Int32(date.day)
    parts.tm_hour = Int32(clock / 3600)
    parts.tm_min = Int32(clock / 60 % 60)
    parts.tm_sec = Int32(clock % 60)
    parts.tm_isdst = -1
    let seconds = mktime(&parts)
    self.init(seconds: Int64(seconds), offsetMinutes: Int(parts.tm_gmtoff) / 60)
  }

  /// Reads `YYYY-MM-DDTHH:MM:SSZ` (as stored) with the offset stored beside it.
  package init?(utcText text: String, offsetMinutes: Int) {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes.last == UInt8(ascii: "Z"),
      let (date, clock) = Self.parse(bytes.dropLast(), separator: UInt8(ascii: "T"))
    else { return nil }
    self.init(seconds: Int64(date.dayNumber) * 86_400 + Int64(clock), offsetMinutes: offsetMinutes)
  }

  /// `2026-11-23T09:42:05Z`: how it is stored (sorts as it happened).
  package var utcText: String {
    Self.text(seconds: seconds, separator: "T") + "Z"
  }

  /// `2026-11-23 17:42:05 +08:00`: as the clock it was entered by showed it.
  package var localText: String {
    Self.text(seconds: seconds + Int64(offsetMinutes) * 60, separator: " ") + " " + offsetText
  }

  /// `2026-11-23T17:42:05+08:00` (ISO 8601 with the offset), for CSV and JSON.
  package var isoText: String {
    Self.text(seconds: seconds + Int64(offsetMinutes) * 60, separator: "T") + offsetText
  }

  /// The calendar date where it was entered.
  package var localDate: CalendarDate {
    let local = seconds + Int64(offsetMinutes) * 60
    return CalendarDate(dayNumber: Int(local.floorDivided(by: 86_400))) ?? .first
  }

  private var offsetText: String {
    let sign = offsetMinutes < 0 ? "-" : "+"
    let minutes = abs(offsetMinutes)
    return sign + Self.pad(minutes / 60) + ":" + Self.pad(minutes % 60)
  }

  package static func < (lhs: EntryTime, rhs: EntryTime) -> Bool { lhs.seconds < rhs.seconds }

  // MARK: - Text

  /// `YYYY-MM-DD?HH:MM:SS` → the date and the seconds since its midnight.
  private static func parse(_ bytes: ArraySlice<UInt8>, separator: UInt8) -> (CalendarDate, Int)? {
    guard bytes.count == 19 else { return nil }
    let start = bytes.startIndex
    guard bytes[start + 10] == separator, bytes[start + 13] == UInt8(ascii: ":"),
      bytes[start + 16] == UInt8(ascii: ":"), let date = CalendarDate(ascii: bytes[start..<(start + 10)])
    else { return nil }
    func number(_ range: Range<Int>, below limit: Int) -> Int? {
      var value = 0
      for byte in bytes[(start + range.lowerBound)..<(start + range.upperBound)] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value < limit ? value : nil
    }
    guard let hour = number(11..<13, below: 24), let minute = number(14..<16, below: 60),
      let second = number(17..<19, below: 60)
    else { return nil }
    return (date, hour * 3600 + minute * 60 + second)
  }

  private static func text(seconds: Int64, separator: String) -> String {
    let day = Int(seconds.floorDivided(by: 86_400))
    let clock = Int(seconds - Int64(day) * 86_400)
    let date = CalendarDate(dayNumber: day)?.description ?? "????-??-??"
    return date + separator + pad(clock / 3600) + ":" + pad(clock / 60 % 60) + ":" + pad(clock % 60)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension Int64 {
  /// Division rounding towards minus infinity (so times before 1970 fall on their day).
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}

import Foundation

/// A day in the proleptic Gregorian calendar, written `YYYY-MM-DD`.
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Year, month and day in one number, `year << 9 | month << 5 | day`, so that dates
  /// compare as their numbers do. Four bytes rather than three Ints' 24: an import of
  /// the ECB history holds 177,000 dated rates at once.
  private let packed: UInt32

  package var year: Int { Int(packed >> 9) }
  package var month: Int { Int((packed >> 5) & 0xF) }
  package var day: Int { Int(packed & 0x1F) }

  /// A valid date, or nil (`2026-02-30` is nil).
  package init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.init(valid: (year, month, day))
  }

  /// A date known to be valid.
  private init(valid: (year: Int, month: Int, day: Int)) {
    packed = UInt32(valid.year) << 9 | UInt32(valid.month) << 5 | UInt32(valid.day)
  }

  /// Parses exactly `YYYY-MM-DD`.
  package init?(_ text: some StringProtocol) {
    self.init(ascii: Array(text.utf8)[...])
  }

  /// Parses exactly `YYYY-MM-DD` from bytes (a cell of a file, without making a String).
  package init?(ascii bytes: ArraySlice<UInt8>) {
    guard bytes.count == 10 else { return nil }
    let start = bytes.startIndex
    guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[(start + range.lowerBound)..<(start + range.upperBound)] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    self.init(year: year, month: month, day: day)
  }

  /// Today in the local time zone (or `COFFER_TODAY`, which tests use to fix the date).
  package static func today() -> CalendarDate {
    // getenv, not ProcessInfo's environment, which copies every variable into a dictionary.
    if let fixed = getenv("COFFER_TODAY").map({ String(cString: $0) }), let date = CalendarDate(fixed) {
      return date
    }
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    // localtime_r gives a valid calendar date; the fallback is never taken.
    return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      ?? CalendarDate(valid: (1970, 1, 1))
  }

  /// The first and last dates Coffer knows: years 1 to 9999, as `YYYY-MM-DD` can write.
  package static let first = CalendarDate(valid: (1, 1, 1))
  package static let last = CalendarDate(valid: (9999, 12, 31))

  /// The day numbers of `first...last`: a stored day outside it is damage.
  package static let dayNumbers = first.dayNumber...last.dayNumber

  /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's civil_from_days); nil
  /// outside `first...last` (checked first, so no arithmetic can overflow).
  package init?(dayNumber: Int) {
    guard Self.dayNumbers.contains(dayNumber) else { return nil }
    let z = dayNumber + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let dayOfEra = z - era * 146097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
  }

  /// Days since 1970-01-01 (negative before), for distances between dates.
  package var dayNumber: Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
  }

  package var description: String {
    // Ten ASCII digits and dashes written in place: a listing by month writes hundreds.
    String(unsafeUninitializedCapacity: 10) { bytes in
      func put(_ value: Int, digits: Int, at start: Int) {
        var rest = value
        for place in (start..<start + digits).reversed() {
          bytes[place] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      put(year, digits: 4, at: 0)
      bytes[4] = UInt8(ascii: "-")
      put(month, digits: 2, at: 5)
      bytes[7] = UInt8(ascii: "-")
      put(day, digits: 2, at: 8)
      return 10
    }
  }

  package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    lhs.packed < rhs.packed
  }

  /// Whether this is the last day of its month.
  package var isLastOfMonth: Bool { day == Self.daysIn(month: month, year: year) }

  /// The last day of this date's month.
  package var lastOfMonth: CalendarDate { CalendarDate(valid: (year, month, Self.daysIn(month: month, year: year))) }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

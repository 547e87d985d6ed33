import CofferCore

/// Dates written out in English, read strictly: a misspelt month or a day the month does
/// not have is an error, never a guess (`30 Octember 2026` once read as 30 October).
enum WrittenDate {
  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
  ]
  private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// `30 October 2026` or `30 Oct 2026`, as in the ECB daily CSV.
  static func dayMonthYear(_ text: some StringProtocol) -> CalendarDate? {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 3, let day = number(words[0], digits: 1...2), let month = month(words[1]),
      let year = number(words[2], digits: 4...4)
    else { return nil }
    return CalendarDate(year: year, month: month, day: day)
  }

  /// `Wed, 24 Jun 2026 00:00:02 +0000` (RFC 1123), as in ExchangeRate-API's
  /// `time_last_update_utc`: the date as written, once the weekday and time check out.
  static func httpStamp(_ text: some StringProtocol) -> CalendarDate? {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 6, words[0].hasSuffix(","),
      let weekday = weekdays.firstIndex(of: words[0].dropLast().lowercased()),
      let date = dayMonthYear(words[1...3].joined(separator: " ")), isTime(words[4]), isZone(words[5])
    else { return nil }
    // 1970-01-01 was a Thursday (index 3).
    let actual = ((date.dayNumber + 3) % 7 + 7) % 7
    return actual == weekday ? date : nil
  }

  /// A month's full English name or its three-letter abbreviation, in any case.
  private static func month(_ word: some StringProtocol) -> Int? {
    let lowered = word.lowercased()
    guard let index = months.firstIndex(where: { $0 == lowered || ($0.prefix(3) == lowered && lowered.count == 3) })
    else { return nil }
    return index + 1
  }

  /// `HH:MM:SS`, each part in range (60 seconds for a leap second).
  private static func isTime(_ word: some StringProtocol) -> Bool {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = number(parts[0], digits: 2...2), let minutes = number(parts[1], digits: 2...2),
      let seconds = number(parts[2], digits: 2...2)
    else { return false }
    return hours < 24 && minutes < 60 && seconds <= 60
  }

  /// `+0000`, `-0530`, or `GMT`.
  private static func isZone(_ word: some StringProtocol) -> Bool {
    if word == "GMT" { return true }
    guard let sign = word.first, sign == "+" || sign == "-", let offset = number(word.dropFirst(), digits: 4...4)
    else { return false }
    return offset / 100 < 24 && offset % 100 < 60
  }

  /// A whole number of ASCII digits whose count is in `digits`.
  private static func number(_ word: some StringProtocol, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(word.utf8.count), word.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(word)
  }
}

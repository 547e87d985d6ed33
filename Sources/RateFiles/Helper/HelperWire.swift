import CofferCore
import CofferText
import Foundation

/// What the `coffer-rates` helper writes for Coffer to read back.
///
/// - Rates from XML: one line per rate, `YYYY-MM-DD CODE BASE VALUE`.
/// - A failure: exit status 1 and `PLACE<TAB>MESSAGE` on stderr (a `RateFileError`).
package enum HelperWire {
  package static func encode(_ quotes: [QuotedRate]) -> Data {
    var text = ""
    text.reserveCapacity(quotes.count * 28)
    for quote in quotes {
      text += "\(quote.date) \(quote.code) \(quote.base) \(quote.value)\n"
    }
    return Data(text.utf8)
  }

  package static func decodeQuotes(_ data: Data) throws(RateFileError) -> [QuotedRate] {
    var quotes: [QuotedRate] = []
    for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
      let words = line.split(separator: UInt8(ascii: " "))
      guard words.count == 4, let date = CalendarDate(String(decoding: words[0], as: UTF8.self)),
        let value = try? DecimalValue(parsing: String(decoding: words[3], as: UTF8.self))
      else {
        throw RateFileError(
          tr("the coffer-rates helper answered something unexpected"),
          place: tr("its line {line}", ["line": "\(index + 1)"]))
      }
      quotes.append(
        QuotedRate(
          date: date, code: String(decoding: words[1], as: UTF8.self), base: String(decoding: words[2], as: UTF8.self),
          value: value))
    }
    return quotes
  }

  package static func encode(_ error: RateFileError) -> String {
    "\(error.place)\t\(error.message)"
  }

  package static func decodeError(_ text: String) -> RateFileError {
    let trimmed = text.trimmingCharacters(in: .newlines)
    guard let tab = trimmed.firstIndex(of: "\t") else {
      return RateFileError(trimmed.isEmpty ? tr("the coffer-rates helper failed") : trimmed, place: "coffer-rates")
    }
    return RateFileError(String(trimmed[trimmed.index(after: tab)...]), place: String(trimmed[..<tab]))
  }
}

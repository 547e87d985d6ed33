import CofferCore
import Foundation

/// What the `coffer-rates` helper writes for Coffer to read back.
///
/// - Rates from XML: one line per rate, `YYYY-MM-DD CODE BASE VALUE`.
/// - Files from a zip: per file, a line `BYTE-COUNT PATH`, then exactly that many bytes.
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
        throw RateFileError("the coffer-rates helper answered something unexpected", place: "its line \(index + 1)")
      }
      quotes.append(
        QuotedRate(
          date: date, code: String(decoding: words[1], as: UTF8.self), base: String(decoding: words[2], as: UTF8.self),
          value: value))
    }
    return quotes
  }

  package static func encode(_ members: [ZipMember]) -> Data {
    var data = Data()
    for member in members {
      data.append(contentsOf: "\(member.data.count) \(member.path)\n".utf8)
      data.append(member.data)
    }
    return data
  }

  package static func decodeMembers(_ data: Data) throws(RateFileError) -> [ZipMember] {
    // Each member's bytes are a slice of the answer rather than a copy (the ECB history
    // is 2 MB): its indices are the answer's, which is why they are counted from
    // `startIndex`.
    var members: [ZipMember] = []
    var offset = data.startIndex
    while offset < data.endIndex {
      guard let newline = data[offset...].firstIndex(of: UInt8(ascii: "\n")),
        let space = data[offset..<newline].firstIndex(of: UInt8(ascii: " ")),
        let count = Int(String(decoding: data[offset..<space], as: UTF8.self)),
        count >= 0, count <= data.endIndex - (newline + 1)
      else {
        throw RateFileError("the coffer-rates helper answered something unexpected", byte: offset - data.startIndex)
      }
      let path = String(decoding: data[(space + 1)..<newline], as: UTF8.self)
      members.append(ZipMember(path: path, data: data[(newline + 1)..<(newline + 1 + count)]))
      offset = newline + 1 + count
    }
    return members
  }

  package static func encode(_ error: RateFileError) -> String {
    "\(error.place)\t\(error.message)"
  }

  package static func decodeError(_ text: String) -> RateFileError {
    let trimmed = text.trimmingCharacters(in: .newlines)
    guard let tab = trimmed.firstIndex(of: "\t") else {
      return RateFileError(trimmed.isEmpty ? "the coffer-rates helper failed" : trimmed, place: "coffer-rates")
    }
    return RateFileError(String(trimmed[trimmed.index(after: tab)...]), place: String(trimmed[..<tab]))
  }
}

import CofferCore
import CofferText
import Foundation

/// A JSON rates document read with Foundation's `JSONDecoder`, its numbers decoded into
/// `Decimal` (which keeps `0.1`, `2.38e-05` and Python's `3.3333333333333335e-05`
/// exact, where a `Double` would not) and then into Coffer's `DecimalValue`.
///
/// Two shapes are read: `{"base", "date", "rates"}` and ExchangeRate-API's
/// `{"base_code", "time_last_update_utc", "conversion_rates"}` (its keyed v6 API) or
/// `{"base_code", "time_last_update_utc", "rates"}` (its open endpoint, open.er-api.com).
struct JSONRates: Decodable {
  let base: String?
  let date: String?
  let rates: [String: Decimal]?
  let baseCode: String?
  let lastUpdate: String?
  let conversionRates: [String: Decimal]?
  /// ExchangeRate-API's `"success"` or `"error"`, and why, for an error. Read only when
  /// they are strings: in another document these names may hold anything.
  private let resultMember: LooseText?
  private let errorTypeMember: LooseText?

  /// Where each member of the map of rates is (its code in upper case, by byte offset).
  var rateOffsets: [String: Int] = [:]

  var result: String? { resultMember?.text }
  var errorType: String? { errorTypeMember?.text }

  private enum CodingKeys: String, CodingKey {
    case base, date, rates
    case baseCode = "base_code"
    case lastUpdate = "time_last_update_utc"
    case conversionRates = "conversion_rates"
    case resultMember = "result"
    case errorTypeMember = "error-type"
  }

  /// A member's string, or nil when it holds something else.
  private struct LooseText: Decodable {
    let text: String?

    init(from decoder: any Decoder) throws {
      text = try? decoder.singleValueContainer().decode(String.self)
    }
  }

  /// Decodes a document; an error names the byte or the key where it went wrong. A key
  /// written twice in one object (or a currency twice, in two cases) is refused: the
  /// decoder would keep one of the values without a word.
  static func decode(_ bytes: [UInt8]) throws(RateFileError) -> JSONRates {
    let data = Data(bytes)
    var document: JSONRates
    do {
      document = try JSONDecoder().decode(JSONRates.self, from: data)
    } catch let error as DecodingError {
      throw describe(error, data)
    } catch {
      throw RateFileError(tr("unreadable JSON ({error})", ["error": "\(error)"]), place: "JSON")
    }
    if let overlong = firstOverlongNumber(in: bytes) {
      throw RateFileError(
        tr(
          "a number with {digits} significant digits: a rate holds at most {limit} exactly",
          ["digits": "\(overlong.digits)", "limit": "\(DecimalValue.maxDigits)"]),
        byte: overlong.offset)
    }
    document.rateOffsets = try JSONMemberNames.check(
      bytes, rateMaps: [CodingKeys.rates.rawValue, CodingKeys.conversionRates.rawValue])
    return document
  }

  /// A Decimal as a DecimalValue, or nil when a DecimalValue cannot hold it exactly
  /// (more than 38 significant digits or 60 decimal places). Decimal's description is
  /// its exact value in plain digits, and parsing it into a DecimalValue never rounds.
  static func exactValue(_ decimal: Decimal) -> DecimalValue? {
    try? DecimalValue(parsing: decimal.description)
  }

  /// The first number written with more significant digits than a DecimalValue holds,
  /// in a document already decoded (so valid JSON). JSONDecoder rounds such a number
  /// into Decimal without a word (`1.0000000000000000000000000000000000000000001`
  /// reads as 1), so only its text can tell.
  private static func firstOverlongNumber(in bytes: [UInt8]) -> (offset: Int, digits: Int)? {
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        // An escape's second byte (`\"`, say) never ends the string.
        if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
      } else if byte == UInt8(ascii: "-") || isDigit(byte) {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) || "-+.eE".utf8.contains(bytes[index]) { index += 1 }
        let digits = significantDigits(bytes[start..<index])
        if digits > DecimalValue.maxDigits { return (start, digits) }
      } else {
        index += 1
      }
    }
    return nil
  }

  /// The digits of a JSON number's mantissa from its first nonzero digit to its last:
  /// the zeros outside that span only place the point, which the exponent can do.
  private static func significantDigits(_ number: ArraySlice<UInt8>) -> Int {
    let digits = number.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }.filter(isDigit)
    guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }),
      let last = digits.lastIndex(where: { $0 != UInt8(ascii: "0") })
    else { return 0 }
    return last - first + 1
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func describe(_ error: DecodingError, _ data: Data) -> RateFileError {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue)
      if path.count == 2, path[0] == CodingKeys.rates.rawValue || path[0] == CodingKeys.conversionRates.rawValue {
        return RateFileError(tr("the rate of {code} is not a number", ["code": path[1]]), place: "JSON")
      }
      if path.count == 1, path[0] == CodingKeys.rates.rawValue || path[0] == CodingKeys.conversionRates.rawValue {
        return RateFileError(tr("the rates are not an object"), place: "JSON")
      }
      return RateFileError(
        tr("{key} is not what was expected here", ["key": path.joined(separator: ".")]), place: "JSON")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return RateFileError("\(path): \(context.debugDescription)", place: "JSON")
    default:
      return syntaxError(data)
    }
  }

  /// Where a document that is not valid JSON breaks, as Foundation's JSON parser says.
  private static func syntaxError(_ data: Data) -> RateFileError {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch let error as NSError {
      let detail = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
      // Foundation says "end of file" for a lone half of a surrogate pair too.
      if detail.contains("surrogate") {
        return RateFileError(
          tr("not valid JSON: a \\u escape is half a surrogate pair, without its other half"), place: "JSON")
      }
      if detail.contains("end of file") {
        return RateFileError(tr("the JSON ends before it is complete: cut short?"), byte: data.count)
      }
      // "Invalid value around character 8."
      if let range = detail.range(of: "character "),
        let offset = Int(detail[range.upperBound...].prefix(while: \.isNumber))
      {
        return RateFileError(tr("not valid JSON: {detail}", ["detail": detail]), byte: offset)
      }
      return RateFileError(tr("not valid JSON: {detail}", ["detail": detail]), place: "JSON")
    }
    // JSONSerialization took what JSONDecoder refused: a number out of Decimal's range.
    return RateFileError(tr("a number is out of range (over 38 digits or an exponent beyond ±127)"), place: "JSON")
  }
}

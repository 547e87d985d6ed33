import CofferCore
import Foundation

/// A JSON rates document read with Foundation's `JSONDecoder`, its numbers decoded into
/// `Decimal` (which keeps `0.1`, `2.38e-05` and Python's `3.3333333333333335e-05`
/// exact, where a `Double` would not) and then into Coffer's `DecimalValue`.
///
/// Two shapes are read: `{"base", "date", "rates"}` and ExchangeRate-API's
/// `{"base_code", "time_last_update_utc", "conversion_rates"}`.
struct JSONRates: Decodable {
  let base: String?
  let date: String?
  let rates: [String: Decimal]?
  let baseCode: String?
  let lastUpdate: String?
  let conversionRates: [String: Decimal]?

  private enum CodingKeys: String, CodingKey {
    case base, date, rates
    case baseCode = "base_code"
    case lastUpdate = "time_last_update_utc"
    case conversionRates = "conversion_rates"
  }

  /// Decodes a document; an error names the byte or the key where it went wrong.
  static func decode(_ bytes: [UInt8]) throws(RateFileError) -> JSONRates {
    let data = Data(bytes)
    do {
      return try JSONDecoder().decode(JSONRates.self, from: data)
    } catch let error as DecodingError {
      throw describe(error, data)
    } catch {
      throw RateFileError("unreadable JSON (\(error))", place: "JSON")
    }
  }

  /// A Decimal as a DecimalValue, or nil when it cannot be held exactly: Decimal keeps
  /// 38 significant digits and rounds longer numbers, so 38 or more may have been cut.
  static func exactValue(_ decimal: Decimal) -> DecimalValue? {
    let text = decimal.description
    let significant = text.filter(\.isNumber).drop(while: { $0 == "0" })
    let trimmed = text.contains(".") ? significant : Substring(significant.reversed().drop(while: { $0 == "0" }))
    guard trimmed.count < 38 else { return nil }
    return try? DecimalValue(parsing: text)
  }

  private static func describe(_ error: DecodingError, _ data: Data) -> RateFileError {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue)
      if path.count == 2, path[0] == CodingKeys.rates.rawValue || path[0] == CodingKeys.conversionRates.rawValue {
        return RateFileError("the rate of \(path[1]) is not a number", place: "JSON")
      }
      if path.count == 1, path[0] == CodingKeys.rates.rawValue || path[0] == CodingKeys.conversionRates.rawValue {
        return RateFileError("the rates are not an object", place: "JSON")
      }
      return RateFileError("\(path.joined(separator: ".")) is not what was expected here", place: "JSON")
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
      if detail.contains("end of file") {
        return RateFileError("the JSON ends before it is complete: cut short?", byte: data.count)
      }
      // "Invalid value around character 8."
      if let range = detail.range(of: "character "),
        let offset = Int(detail[range.upperBound...].prefix(while: \.isNumber))
      {
        return RateFileError("not valid JSON: \(detail)", byte: offset)
      }
      return RateFileError("not valid JSON: \(detail)", place: "JSON")
    }
    // JSONSerialization took what JSONDecoder refused: a number out of Decimal's range.
    return RateFileError("a number is out of range (over 38 digits or an exponent beyond ±127)", place: "JSON")
  }
}

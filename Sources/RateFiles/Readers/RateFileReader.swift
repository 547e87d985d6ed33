import CofferCore
import CofferText
import Foundation

/// Reads a rates file in any format Coffer knows, told apart by content (never by
/// name): ECB XML (daily or history), ECB CSV (history: `Date,USD,…`; daily:
/// `Date, USD, …` with `30 October 2026`), JSON with a base and a map of rates
/// (`base_code` with `conversion_rates` or `rates`, or `base`/`date`/`rates`), CSV
/// `date,code,rate[,base]`, and a `.zip` holding one of them. XML and zip archives are
/// read by an `XMLAndZipReader`. `units` are the codes whose rates are read (the
/// catalog's, and the store's added units); others are set aside as unknown.
package enum RateFileReader {
  package static func read(
    _ data: Data, name: String, xmlAndZip: some XMLAndZipReader, units: KnownUnits = .catalog
  ) throws(RateFileError) -> RateFile {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      return try readZip(data, name: name, xmlAndZip: xmlAndZip, units: units)
    }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count else { throw RateFileError(tr("the file is empty"), byte: 0) }
    switch bytes[start] {
    case UInt8(ascii: "<"): return RateFile(format: "ECB XML", quotes: try xmlAndZip.quotes(inXML: data))
    case UInt8(ascii: "{"): return try readJSON(bytes, name: name, units: units)
    default: return try CSVRateReader.read(bytes, units: units)
    }
  }

  // MARK: - ZIP

  /// A zip's rates file. Every real one holds one file (the ECB's history: one CSV), so:
  /// entries that are not rates files (a README, macOS's `__MACOSX/` copies) are passed
  /// over, and the report names them; a zip inside the zip is refused, not unpacked in turn (a zip nested 4,000 deep
  /// once took a minute and 861 MB, each level with a limit of its own); and two or more
  /// rates files are refused, naming them, rather than one imported silently: which
  /// should win where they disagree is for the person to say, by importing each.
  private static func readZip(
    _ data: Data, name: String, xmlAndZip: some XMLAndZipReader, units: KnownUnits
  ) throws(RateFileError) -> RateFile {
    var problems: [String] = []
    var found: [(path: String, file: RateFile)] = []
    let members = try xmlAndZip.files(inZip: data)
    for member in members {
      if isZip(member.data) {
        throw RateFileError(
          tr(
            "a zip inside the zip is not read (only a rates file inside one zip is); unpack it and import what it holds"
          ),
          place: tr("entry {name}", ["name": member.path]))
      }
      do {
        let file = try read(member.data, name: member.path, xmlAndZip: xmlAndZip, units: units)
        if file.isEmpty {
          problems.append(tr("{name}: no rates", ["name": member.path]))
        } else {
          found.append((member.path, file))
        }
      } catch {
        problems.append("\(member.path): \(error.description)")
      }
    }
    if found.count > 1 {
      throw RateFileError(
        tr(
          "the zip holds {count} rates files ({files}); unpack it and import each one",
          ["count": "\(found.count)", "files": found.map(\.path).listed()]),
        place: name)
    }
    if var only = found.first?.file {
      only.passedOver = members.map(\.path).filter { $0 != found.first?.path }
      return only
    }
    let detail = problems.isEmpty ? tr("it holds no files") : problems.joined(separator: "; ")
    throw RateFileError(tr("the zip holds no usable rates file ({detail})", ["detail": detail]), place: name)
  }

  /// Whether bytes start as a zip archive does: a local file header, or the end record
  /// of an empty archive, or the marker of a spanned one.
  private static func isZip(_ data: Data) -> Bool {
    guard data.count >= 4, data[data.startIndex] == 0x50, data[data.startIndex + 1] == 0x4B else { return false }
    let kind = (data[data.startIndex + 2], data[data.startIndex + 3])
    return kind == (0x03, 0x04) || kind == (0x05, 0x06) || kind == (0x07, 0x08)
  }

  // MARK: - JSON

  private static func readJSON(_ bytes: [UInt8], name: String, units: KnownUnits) throws(RateFileError) -> RateFile {
    let document = try JSONRates.decode(bytes)
    let base: String
    let map: [String: Decimal]
    let date: CalendarDate
    let format: String
    if document.result == "error" {
      // ExchangeRate-API says why it has no rates: {"result": "error", "error-type": "…"}
      throw RateFileError(
        tr(
          "the answer is an error ({error}), not rates", ["error": document.errorType ?? tr("no error-type given")]),
        place: "JSON")
    }
    // Two names for one thing would make the choice between them silently.
    if document.baseCode != nil && document.base != nil {
      throw RateFileError(
        tr("both \"base\" and \"base_code\" are given: which is the base cannot be told"), place: "JSON")
    }
    if document.conversionRates != nil && document.rates != nil {
      throw RateFileError(
        tr("both \"rates\" and \"conversion_rates\" are given: which are the rates cannot be told"), place: "JSON")
    }
    if let baseCode = document.baseCode, let rates = document.conversionRates ?? document.rates {
      // ExchangeRate-API v6 (`conversion_rates`) and its open endpoint (`rates`):
      // "time_last_update_utc": "Wed, 24 Jun 2026 00:00:02 +0000"
      guard let stamp = document.lastUpdate, let parsed = WrittenDate.httpStamp(stamp) else {
        throw RateFileError(
          tr("expected a time_last_update_utc such as \"Wed, 24 Jun 2026 00:00:02 +0000\""), place: "JSON")
      }
      (base, map, date, format) = (baseCode, rates, parsed, "ExchangeRate-API JSON")
    } else if let baseCode = document.base, let rates = document.rates {
      guard let stamp = document.date, let parsed = CalendarDate(stamp) else {
        throw RateFileError(tr("expected \"date\": \"YYYY-MM-DD\""), place: "JSON")
      }
      (base, map, date, format) = (baseCode, rates, parsed, "JSON")
    } else {
      throw RateFileError(
        tr(
          "unrecognised JSON: expected {\"base_code\", \"conversion_rates\" or \"rates\", …} or {\"base\", \"date\", \"rates\"}"
        ),
        place: "JSON")
    }
    // The base's own rate, if given, is 1: any other would value every rate wrongly.
    let baseKey = JSONMemberNames.asciiUppercased(base)
    if let (code, value) = map.first(where: { JSONMemberNames.asciiUppercased($0.key) == baseKey }), value != 1 {
      let offset = document.rateOffsets[baseKey]
      let message = tr(
        "the rate of the base {code} is {rate}: a base's rate against itself is 1", ["code": code, "rate": "\(value)"])
      throw offset.map { RateFileError(message, byte: $0) } ?? RateFileError(message, place: "JSON")
    }
    var quotes: [QuotedRate] = []
    // In code order: a JSON object's members have none.
    for (code, value) in map.sorted(by: { $0.key < $1.key }) {
      // Only the units Coffer knows (and EUR, for the pivot) are read closely.
      guard units.currency(code) != nil else {
        quotes.append(QuotedRate(date: date, code: code.uppercased(), base: base.uppercased(), value: .zero))
        continue
      }
      guard let number = JSONRates.exactValue(value) else {
        throw RateFileError(
          tr(
            "the rate of {code} cannot be held exactly: a rate has at most {digits} significant digits and {places} decimal places",
            ["code": code, "digits": "\(DecimalValue.maxDigits)", "places": "\(DecimalValue.maxScale)"]),
          place: "JSON")
      }
      guard number > .zero else {
        throw RateFileError(tr("bad rate {rate} for {code}", ["rate": "\(value)", "code": code]), place: "JSON")
      }
      quotes.append(QuotedRate(date: date, code: code.uppercased(), base: base.uppercased(), value: number))
    }
    return RateFile(format: format, quotes: quotes)
  }
}

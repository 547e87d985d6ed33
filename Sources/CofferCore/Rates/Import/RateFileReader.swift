import Foundation

/// Reads a rates file in any format Coffer knows, told apart by content (never by
/// name): ECB XML (daily or history), ECB CSV (history: `Date,USD,…`; daily:
/// `Date, USD, …` with `30 October 2026`), JSON with a base and a map of rates
/// (`base_code`/`conversion_rates` or `base`/`date`/`rates`), CSV `date,code,rate[,base]`,
/// and a `.zip` holding one of them. XML and zip archives are read by an `XMLAndZipReader`.
public enum RateFileReader {
  public static func read(
    _ data: Data, name: String, xmlAndZip: some XMLAndZipReader
  ) throws(RateFileError) -> RateFile {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return try readZip(data, name: name, xmlAndZip: xmlAndZip) }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count else { throw RateFileError("the file is empty", byte: 0) }
    switch bytes[start] {
    case UInt8(ascii: "<"): return RateFile(format: "ECB XML", quotes: try xmlAndZip.quotes(inXML: data))
    case UInt8(ascii: "{"): return try readJSON(bytes, name: name)
    default: return try readCSV(bytes, name: name)
    }
  }

  // MARK: - ZIP

  private static func readZip(
    _ data: Data, name: String, xmlAndZip: some XMLAndZipReader
  ) throws(RateFileError) -> RateFile {
    var problems: [String] = []
    let members = try xmlAndZip.files(inZip: data)
    for member in members {
      do {
        let file = try read(member.data, name: member.path, xmlAndZip: xmlAndZip)
        if !file.quotes.isEmpty { return file }
        problems.append("\(member.path): no rates")
      } catch {
        problems.append("\(member.path): \(error.description)")
      }
    }
    let detail = problems.isEmpty ? "it holds no files" : problems.joined(separator: "; ")
    throw RateFileError("the zip holds no usable rates file (\(detail))", place: name)
  }

  // MARK: - JSON

  private static func readJSON(_ bytes: [UInt8], name: String) throws(RateFileError) -> RateFile {
    let document = try MiniJSON.parse(bytes)
    let base: String
    let map: MiniJSON
    let date: CalendarDate
    let format: String
    if let baseCode = document["base_code"]?.string, let rates = document["conversion_rates"] {
      // ExchangeRate-API v6: "time_last_update_utc": "Wed, 24 Jun 2026 00:00:02 +0000"
      guard let stamp = document["time_last_update_utc"]?.string, let parsed = parseLongDate(stamp) else {
        throw RateFileError("expected a time_last_update_utc such as \"Wed, 24 Jun 2026 00:00:02 +0000\"", place: "JSON")
      }
      (base, map, date, format) = (baseCode, rates, parsed, "ExchangeRate-API JSON")
    } else if let baseCode = document["base"]?.string, let rates = document["rates"] {
      guard let stamp = document["date"]?.string, let parsed = CalendarDate(stamp) else {
        throw RateFileError("expected \"date\": \"YYYY-MM-DD\"", place: "JSON")
      }
      (base, map, date, format) = (baseCode, rates, parsed, "JSON")
    } else {
      throw RateFileError(
        "unrecognised JSON: expected {\"base_code\", \"conversion_rates\", …} or {\"base\", \"date\", \"rates\"}", place: "JSON")
    }
    guard case .object(let pairs) = map else { throw RateFileError("the rates are not an object", place: "JSON") }
    var quotes: [QuotedRate] = []
    for (code, value) in pairs {
      guard case .number(let text) = value else {
        throw RateFileError("the rate of \(code) is not a number", place: "JSON")
      }
      // Only the catalog's currencies (and EUR, for the pivot) are read closely.
      guard Catalog.currency(code) != nil else {
        quotes.append(QuotedRate(date: date, code: code.uppercased(), base: base.uppercased(), value: .zero))
        continue
      }
      guard let number = try? DecimalValue(parsing: text), number > .zero else {
        throw RateFileError("bad rate \(text) for \(code)", place: "JSON")
      }
      quotes.append(QuotedRate(date: date, code: code.uppercased(), base: base.uppercased(), value: number))
    }
    return RateFile(format: format, quotes: quotes)
  }

  /// `Wed, 24 Jun 2026 00:00:02 +0000` or `30 October 2026`.
  static func parseLongDate(_ text: String) -> CalendarDate? {
    let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ")
    for (index, word) in words.enumerated() where index + 2 < words.count {
      guard let day = Int(word), let year = Int(words[index + 2]) else { continue }
      let month = String(words[index + 1].prefix(3)).lowercased()
      guard let monthNumber = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .firstIndex(of: month)
      else { continue }
      return CalendarDate(year: year, month: monthNumber + 1, day: day)
    }
    return nil
  }

  // MARK: - CSV

  private static func readCSV(_ bytes: [UInt8], name: String) throws(RateFileError) -> RateFile {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> ArraySlice<UInt8> in
      line.last == 0x0D ? line.dropLast() : line
    }
    while let last = lines.last, last.allSatisfy({ $0 == 0x20 }) { lines.removeLast() }
    guard let headerLine = lines.first else { throw RateFileError("the file is empty", line: 1) }
    let header = fields(headerLine)
    guard header.first?.lowercased() == "date" else {
      throw RateFileError(
        "unrecognised rates file: expected ECB XML, JSON with a base and rates, or CSV whose header starts with Date",
        line: 1)
    }
    if header.count >= 3, header[1].lowercased() == "code", header[2].lowercased() == "rate" {
      return try readLongCSV(lines, hasBase: header.count >= 4 && header[3].lowercased() == "base", name: name)
    }
    let codes = header.dropFirst().map { $0.uppercased() }
    let known = codes.map { Catalog.currency($0) != nil }
    var quotes: [QuotedRate] = []
    quotes.reserveCapacity(lines.count * codes.count)
    // Columns outside the catalog are only noted, once each, if they hold any rate.
    var unknownWithRates = Array(repeating: false, count: codes.count)
    // The history has some 7,000 rows of 41 cells: cells are read as bytes, and only
    // the date becomes a String.
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      var column = -1
      var date: CalendarDate?
      var problem: RateFileError?
      forEachField(line) { cell in
        defer { column += 1 }
        if column == -1 {
          let text = String(decoding: cell, as: UTF8.self)
          date = CalendarDate(text) ?? parseLongDate(text)
          if date == nil { problem = RateFileError("bad date '\(text)'", line: number) }
          return date != nil
        }
        guard let date, column < codes.count, !cell.isEmpty, !codes[column].isEmpty,
          !cell.elementsEqual("N/A".utf8)
        else { return true }
        guard known[column] else {
          unknownWithRates[column] = true
          return true
        }
        let value = cell.withUnsafeBufferPointer { try? DecimalValue.parseDigits($0) } ?? nil
        guard let value, value > .zero else {
          problem = RateFileError("bad rate '\(String(decoding: cell, as: UTF8.self))' for \(codes[column])", line: number)
          return false
        }
        quotes.append(QuotedRate(date: date, code: codes[column], base: "EUR", value: value))
        return true
      }
      if let problem { throw problem }
    }
    let unknown = codes.indices.filter { unknownWithRates[$0] }.map { codes[$0] }
    return RateFile(format: "ECB CSV", quotes: quotes, unknownCodes: Set(unknown))
  }

  private static func readLongCSV(_ lines: [ArraySlice<UInt8>], hasBase: Bool, name: String) throws(RateFileError)
    -> RateFile
  {
    var quotes: [QuotedRate] = []
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      let row = fields(line)
      if row.allSatisfy(\.isEmpty) { continue }
      guard row.count >= 3 else { throw RateFileError("expected date,code,rate\(hasBase ? ",base" : "")", line: number) }
      guard let date = CalendarDate(row[0]) else { throw RateFileError("bad date '\(row[0])'", line: number) }
      let code = row[1].uppercased()
      let base = hasBase && row.count >= 4 && !row[3].isEmpty ? row[3].uppercased() : "EUR"
      guard Catalog.currency(code) != nil else {
        quotes.append(QuotedRate(date: date, code: code, base: base, value: .zero))
        continue
      }
      guard let rate = try? DecimalValue(parsing: row[2]), rate > .zero else {
        throw RateFileError("bad rate '\(row[2])' for \(code)", line: number)
      }
      quotes.append(QuotedRate(date: date, code: code, base: base, value: rate))
    }
    return RateFile(format: "CSV", quotes: quotes)
  }

  /// Calls `body` with each comma-separated field, trimmed of blanks, until it returns
  /// false. A blank line has no fields.
  private static func forEachField(_ line: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Bool) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
    var start = line.startIndex
    while start <= line.endIndex {
      let end = line[start...].firstIndex(of: UInt8(ascii: ",")) ?? line.endIndex
      var field = line[start..<end]
      while let first = field.first, first == 0x20 || first == 0x09 { field = field.dropFirst() }
      while let last = field.last, last == 0x20 || last == 0x09 { field = field.dropLast() }
      guard body(field) else { return }
      start = end + 1
    }
  }

  /// Comma-separated fields, trimmed of blanks; a trailing comma adds no field.
  private static func fields(_ line: ArraySlice<UInt8>) -> [String] {
    var result = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { field in
      String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
    if result.count > 1, result.last?.isEmpty == true { result.removeLast() }
    return result
  }
}

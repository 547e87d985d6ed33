import CofferCore
import CofferText

/// Reads the CSV shapes of rates files, strictly: a file cut short, a row with a cell
/// too many or too few (which would shift every later column onto the wrong currency), a
/// misspelt date or a malformed number is an error naming its line, never a wrong rate.
///
/// - ECB history: `Date,USD,JPY,…,` then `2026-10-30,1.1172,N/A,…,` (trailing comma).
/// - ECB daily: `Date, USD, …, ` then `30 October 2026, 1.1172, …, `.
/// - Long: `date,code,rate[,base]` then one rate a row (no base: EUR).
///
/// A code is three letters, or the code of a unit the store added (`X2`, `USDT`).
enum CSVRateReader {
  static func read(_ bytes: [UInt8], units: KnownUnits = .catalog) throws(RateFileError) -> RateFile {
    let lines = try CSVLines(bytes)
    guard lines.count > 0 else { throw RateFileError(tr("the file is empty"), line: 1) }
    var cells: [Range<Int>] = []
    lines.cells(ofLine: 0, into: &cells)
    let header = cells.map { lines.text($0).lowercased() }
    guard header.first == "date" else {
      throw RateFileError(
        tr(
          "unrecognised rates file: expected ECB XML, JSON with a base and rates, or CSV whose header starts with Date"),
        line: 1)
    }
    guard (1..<lines.count).contains(where: { !lines.isBlank($0) }) else {
      throw RateFileError(tr("no rows after the header"), line: 1)
    }
    if header.count >= 3 && header[1] == "code" && header[2] == "rate" {
      return try readLong(lines, header: header, units: units)
    }
    return try readWide(lines, header: header, units: units)
  }

  /// Whether `text` can be a currency code: three ASCII letters, or an added unit's code.
  private static func isCode(_ text: String, _ units: KnownUnits) -> Bool {
    text.utf8.count == 3 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
      || units.currency(text) != nil
  }

  /// The cell count every row must have, and whether the last cell is the empty one a
  /// trailing comma makes.
  private static func shape(of header: [String]) -> (cells: Int, trailingEmpty: Bool) {
    (header.count, header.count > 1 && header.last == "")
  }

  private static func checkCount(_ cells: [Range<Int>], expected: Int, line: Int) throws(RateFileError) {
    guard cells.count == expected else {
      throw RateFileError(
        tr(
          "{count} cell where the header has {expected}", "{count} cells where the header has {expected}",
          count: cells.count, ["expected": String(expected)]), line: line)
    }
  }

  // MARK: - A column per currency

  private static func readWide(_ lines: CSVLines, header: [String], units: KnownUnits) throws(RateFileError)
    -> RateFile
  {
    let (width, trailingEmpty) = shape(of: header)
    let codes = header[1..<(trailingEmpty ? width - 1 : width)].map { $0.uppercased() }
    guard !codes.isEmpty else { throw RateFileError(tr("the header names no currency after Date"), line: 1) }
    var seen = Set<String>()
    for code in codes {
      guard isCode(code, units) else {
        throw RateFileError(tr("'{code}' in the header is not a currency code", ["code": code]), line: 1)
      }
      guard seen.insert(code).inserted else {
        throw RateFileError(tr("{code} heads two columns", ["code": code]), line: 1)
      }
    }
    let currencies = codes.map { units.currency($0) }
    var quotes: [EuroQuote] = []
    quotes.reserveCapacity(lines.count * codes.count)
    // Columns of units Coffer does not know are only noted, once each, if they hold any rate.
    var unknownWithRates = Array(repeating: false, count: codes.count)
    var cells: [Range<Int>] = []
    // The line of each day: a day given twice would be a silent choice between its rates.
    var lineOfDay: [Int: Int] = [:]
    for index in 1..<lines.count where !lines.isBlank(index) {
      let number = index + 1
      lines.cells(ofLine: index, into: &cells)
      try checkCount(cells, expected: width, line: number)
      let written = lines.text(cells[0])
      guard let date = CalendarDate(written) ?? WrittenDate.dayMonthYear(written) else {
        throw RateFileError(tr("bad date '{date}'", ["date": written]), line: number)
      }
      if let first = lineOfDay.updateValue(number, forKey: date.dayNumber) {
        throw RateFileError(
          tr(
            "{date} again (its first row is line {line}): which rates are meant cannot be told",
            ["date": "\(date)", "line": "\(first)"]), line: number)
      }
      for (column, code) in codes.enumerated() {
        let cell = cells[column + 1]
        if lines.cell(cell, is: "N/A") { continue }
        guard let value = lines.rate(cell) else {
          throw RateFileError(
            cell.isEmpty
              ? tr("no rate for {code} (an empty cell; N/A marks a missing rate)", ["code": code])
              : tr("bad rate '{rate}' for {code}", ["rate": lines.text(cell), "code": code]), line: number)
        }
        if let currency = currencies[column] {
          quotes.append(EuroQuote(value: value, date: date, currency: currency))
        } else {
          unknownWithRates[column] = true
        }
      }
      if trailingEmpty, !cells[width - 1].isEmpty {
        throw RateFileError(tr("'{text}' after the last column", ["text": lines.text(cells[width - 1])]), line: number)
      }
    }
    let unknown = codes.indices.filter { unknownWithRates[$0] }.map { codes[$0] }
    return RateFile(format: "ECB CSV", euroQuotes: quotes, unknownCodes: Set(unknown))
  }

  // MARK: - A rate per row

  /// A rate's day, currency and base.
  private struct QuoteKey: Hashable {
    let day: Int
    let code: String
    let base: String
  }

  private static func readLong(_ lines: CSVLines, header: [String], units: KnownUnits) throws(RateFileError)
    -> RateFile
  {
    let (width, trailingEmpty) = shape(of: header)
    let named = Array(header.prefix(trailingEmpty ? width - 1 : width))
    guard named == ["date", "code", "rate"] || named == ["date", "code", "rate", "base"] else {
      throw RateFileError(tr("expected the header date,code,rate or date,code,rate,base"), line: 1)
    }
    let hasBase = named.count == 4
    let shapeName = hasBase ? "date,code,rate,base" : "date,code,rate"
    var quotes: [QuotedRate] = []
    var cells: [Range<Int>] = []
    // The line of each rate, by day, code and base: a second one would be a silent choice.
    var lineOf: [QuoteKey: Int] = [:]
    for index in 1..<lines.count where !lines.isBlank(index) {
      let number = index + 1
      lines.cells(ofLine: index, into: &cells)
      guard cells.count == width else {
        throw RateFileError(
          tr(
            "expected {header}: {cells} cells where the header has {width}",
            ["header": shapeName, "cells": "\(cells.count)", "width": "\(width)"]), line: number)
      }
      let written = lines.text(cells[0])
      guard let date = CalendarDate(written) else {
        throw RateFileError(tr("bad date '{date}' (expected YYYY-MM-DD)", ["date": written]), line: number)
      }
      let code = lines.text(cells[1]).uppercased()
      guard isCode(code, units) else {
        throw RateFileError(tr("'{code}' is not a currency code", ["code": code]), line: number)
      }
      guard let rate = lines.rate(cells[2]) else {
        throw RateFileError(
          tr("bad rate '{rate}' for {code}", ["rate": lines.text(cells[2]), "code": code]), line: number)
      }
      var base = "EUR"
      if hasBase, !cells[3].isEmpty {
        base = lines.text(cells[3]).uppercased()
        guard isCode(base, units) else {
          throw RateFileError(tr("'{code}' is not a currency code", ["code": base]), line: number)
        }
      }
      if trailingEmpty, !cells[width - 1].isEmpty {
        throw RateFileError(tr("'{text}' after the last column", ["text": lines.text(cells[width - 1])]), line: number)
      }
      if code == base && rate != DecimalValue(1) {
        throw RateFileError(
          tr("the rate of {code} against itself is {rate}: it can only be 1", ["code": code, "rate": "\(rate)"]),
          line: number)
      }
      if let first = lineOf.updateValue(number, forKey: QuoteKey(day: date.dayNumber, code: code, base: base)) {
        throw RateFileError(
          tr(
            "a second rate for {code} in {base} on {date} (the first is on line {line}): which is meant cannot be told",
            ["code": code, "base": base, "date": "\(date)", "line": "\(first)"]),
          line: number)
      }
      quotes.append(QuotedRate(date: date, code: code, base: base, value: rate))
    }
    return RateFile(format: "CSV", quotes: quotes)
  }
}

import CofferCore

/// Reads the CSV of `holdings import`: a header `date,code,amount`, then one balance a row
/// (RFC 4180: a cell may be quoted; no cell here can hold a comma or a line break). As
/// strict as the rates readers: a row with a cell too many or too few, a date that does
/// not exist or has not come, a code outside the catalog, an amount Coffer would not take
/// for that currency, the same currency and date twice, invalid UTF-8 or a file cut short
/// is an error naming its line, and nothing of the file is kept.
package enum BalanceFile {
  /// Reads every row, returned in order of currency and date; `today` is the last date a
  /// balance may be for.
  package static func read(_ bytes: [UInt8], today: CalendarDate) throws(RateFileError) -> [WrittenBalance] {
    let lines = try CSVLines(bytes)
    guard lines.count > 0, !lines.isBlank(0) else { throw RateFileError("the file is empty", line: 1) }
    var cells: [Range<Int>] = []
    lines.cells(ofLine: 0, into: &cells)
    let header = try cells.map { cell throws(RateFileError) in try text(lines, cell, line: 1).lowercased() }
    guard header == ["date", "code", "amount"] else {
      throw RateFileError("the header must be date,code,amount", line: 1)
    }
    var balances: [WrittenBalance] = []
    balances.reserveCapacity(lines.count)
    do throws(RateFileError) {
      for index in 1..<lines.count where !lines.isBlank(index) {
        let line = index + 1
        lines.cells(ofLine: index, into: &cells)
        if let balance = plainRow(lines, cells, today: today, line: line) {
          balances.append(balance)
        } else {
          balances.append(try row(lines, cells, today: today, line: line))
        }
      }
    } catch {
      // A currency given twice on an earlier line is the first problem of the file.
      try sortRefusingTwice(&balances)
      throw error
    }
    guard !balances.isEmpty else { throw RateFileError("no rows after the header", line: 1) }
    try sortRefusingTwice(&balances)
    return balances
  }

  /// Sorts by currency, date and line; a currency and date given twice is an error naming
  /// both lines (of all such pairs, the one whose second line comes first in the file).
  private static func sortRefusingTwice(_ balances: inout [WrittenBalance]) throws(RateFileError) {
    // Sorted as one number a row (currency, day, then place in the file) rather than as
    // rows, which a sort of half a million would copy millions of times; by currency and
    // day only, the place staying in file order.
    let placeBits = 36
    let keys = RadixSort.sorted(
      balances.enumerated().map { place, balance in
        UInt64(balance.currencyIndex) << 58 | UInt64(balance.date.dayNumber - dayNumberOfYearOne) << placeBits
          | UInt64(place)
      }, byBitsFrom: placeBits)
    let place = { (key: UInt64) in Int(key & (1 << placeBits - 1)) }
    var twice: (first: WrittenBalance, second: WrittenBalance)?
    for (earlier, later) in zip(keys, keys.dropFirst()) where earlier >> placeBits == later >> placeBits {
      let pair = (balances[place(earlier)], balances[place(later)])
      if pair.1.line < twice?.second.line ?? .max { twice = pair }
    }
    if let (first, second) = twice {
      throw RateFileError(
        "\(first.currency.code) on \(first.date) is given twice (lines \(first.line) and \(second.line))",
        line: second.line)
    }
    balances = keys.map { balances[place($0)] }
  }

  private static let dayNumberOfYearOne = CalendarDate.first.dayNumber

  /// The common row read straight from its bytes: three plain cells, a date `YYYY-MM-DD`
  /// that has come, three letters of a currency, an amount in digits that the currency
  /// takes. nil for anything else, which `row` then reads and names what is wrong with.
  private static func plainRow(
    _ lines: CSVLines, _ cells: [Range<Int>], today: CalendarDate, line: Int
  ) -> WrittenBalance? {
    guard cells.count == 3, cells[1].count == 3 else { return nil }
    let bytes = lines.bytes
    guard let date = CalendarDate(ascii: bytes[cells[0]]), date <= today else { return nil }
    let code = cells[1].lowerBound
    guard let currency = Catalog.currency(letters: bytes[code], bytes[code + 1], bytes[code + 2]) else { return nil }
    guard isPlainAmount(bytes[cells[2]]) else { return nil }
    let amount = bytes[cells[2]].withUnsafeBufferPointer { try? DecimalValue.parseDigits($0) }
    guard let amount, AmountRules.problem(with: amount, for: currency) == nil else { return nil }
    return WrittenBalance(currency: currency, date: date, amount: amount, line: line)
  }

  /// Any row, read cell by cell as text; throws naming what is wrong with it.
  private static func row(
    _ lines: CSVLines, _ cells: [Range<Int>], today: CalendarDate, line: Int
  ) throws(RateFileError) -> WrittenBalance {
    guard cells.count == 3 else {
      throw RateFileError("\(cells.count) \(cells.count == 1 ? "cell" : "cells") where the header has 3", line: line)
    }
    let dateText = try text(lines, cells[0], line: line)
    guard let date = CalendarDate(dateText) else {
      throw RateFileError("'\(dateText)' is not a date (YYYY-MM-DD)", line: line)
    }
    guard date <= today else {
      throw RateFileError("\(date) is after today (\(today)); a balance is for a day that has come", line: line)
    }
    let code = try text(lines, cells[1], line: line)
    guard let currency = Catalog.currency(code) else {
      throw RateFileError("'\(code)' is not a currency Coffer knows", line: line)
    }
    let written = try text(lines, cells[2], line: line)
    guard let amount = amount(written) else {
      throw RateFileError("'\(written)' is not an amount (digits, with a point if any)", line: line)
    }
    if let problem = AmountRules.problem(with: amount, for: currency) {
      throw RateFileError("\(currency.code) \(written): \(problem)", line: line)
    }
    return WrittenBalance(currency: currency, date: date, amount: amount, line: line)
  }

  /// A cell's text: a quoted cell without its quotes (`""` inside is one `"`); text that
  /// is not UTF-8 is an error.
  private static func text(_ lines: CSVLines, _ cell: Range<Int>, line: Int) throws(RateFileError) -> String {
    var bytes = Array(lines.bytes[cell])
    if bytes.first == UInt8(ascii: "\"") {
      guard bytes.count >= 2, bytes.last == UInt8(ascii: "\"") else {
        throw RateFileError("a quoted cell does not end with a quote on its line", line: line)
      }
      bytes = Array(bytes.dropFirst().dropLast())
      var unquoted: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\"") {
          guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
            throw RateFileError("a quote inside a quoted cell must be doubled", line: line)
          }
          index += 1
        }
        unquoted.append(bytes[index])
        index += 1
      }
      bytes = unquoted
    } else if bytes.contains(UInt8(ascii: "\"")) {
      throw RateFileError("a quote inside a cell that is not quoted", line: line)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw RateFileError("the line is not UTF-8", line: line)
    }
    return text
  }

  /// An amount as a spreadsheet writes one: digits, optionally a point and more digits.
  private static func amount(_ text: String) -> DecimalValue? {
    guard isPlainAmount(text.utf8) else { return nil }
    return try? DecimalValue.parseDigits(text)
  }

  /// Whether `bytes` are digits, optionally with one point followed by more digits.
  private static func isPlainAmount<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
    var digits = 0
    var point = false
    var afterPoint = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        if point { afterPoint += 1 }
      case UInt8(ascii: ".") where !point && digits > 0: point = true
      default: return false
      }
    }
    return digits > 0 && (!point || afterPoint > 0)
  }
}

import CofferCore
import CofferText

/// Reads the CSV of `holdings import`: a header naming the columns, then one balance a row
/// (RFC 4180: a cell may be quoted; no cell here can hold a comma or a line break).
///
/// The header names `date`, `code`, `amount` and, optionally, `place` (SPEC §11), in any
/// order; a file with no `date` column holds today's amounts, and the `value` and
/// `local`/`in` columns are passed over: so what `holdings --format csv` writes
/// (`code,place,amount,value,local`) reads back as it was listed. A row's place is
/// matched to the ledger's by the caller's `PlaceRule`; a file without a place column
/// leaves each row's place to the rule of a bare code.
///
/// As strict as the rates readers: a row with a cell too many or too few, a date that does
/// not exist or has not come, a code neither the catalog nor the store knows, an amount
/// Coffer would not take for that unit, a place name that cannot be one, the same holding
/// and date twice, invalid UTF-8 or a file cut short is an error naming its line (and the
/// cell's column), and nothing of the file is kept.
package enum BalanceFile {
  /// Why a row's place cannot be written to (a bare code held at several places).
  package struct PlaceRefusal: Error, Sendable {
    package let reason: String

    package init(_ reason: String) {
      self.reason = reason
    }
  }

  /// Where a row's amount goes: `named` is the place the row names (the unnamed place for
  /// an empty cell), nil when the file has no place column; the answer is the place as
  /// the ledger lists it. Given by the caller, who knows the ledger.
  package typealias PlaceRule = (_ named: Place?, _ currency: Currency, _ date: CalendarDate) throws(PlaceRefusal)
    -> Place

  /// Reads every row, returned in order of currency, place and date; `today` is the last
  /// date a balance may be for, and the date of a file without a date column.
  package static func read(
    _ bytes: [UInt8], today: CalendarDate, units: KnownUnits, place placeRule: @escaping PlaceRule
  ) throws(RateFileError) -> WrittenBalances {
    let lines = try CSVLines(bytes)
    guard lines.count > 0, !lines.isBlank(0) else { throw RateFileError(tr("the file is empty"), line: 1) }
    var cells: [Range<Int>] = []
    lines.cells(ofLine: 0, into: &cells)
    let header = try cells.map { cell throws(RateFileError) in try text(lines, cell, line: 1).lowercased() }
    let columns = try Columns(header)
    let reader = RowReader(lines: lines, columns: columns, today: today, units: units, placeRule: placeRule)
    var balances = WrittenBalances()
    balances.reserveCapacity(lines.count)
    do throws(RateFileError) {
      for index in 1..<lines.count where !lines.isBlank(index) {
        lines.cells(ofLine: index, into: &cells)
        if columns.isPlain, let balance = reader.plainRow(cells, index: index) {
          balances.append(balance)
        } else {
          balances.append(try reader.row(cells, index: index))
        }
      }
    } catch {
      // A holding given twice on an earlier line is the first problem of the file.
      try sortRefusingTwice(&balances)
      throw error
    }
    guard !balances.isEmpty else { throw RateFileError(tr("no rows after the header"), line: 1) }
    try sortRefusingTwice(&balances)
    return balances
  }

  /// Which cell of a row holds what, as the header names them.
  private struct Columns {
    /// nil: the file holds today's amounts (a listing, not a statement).
    var date: Int?
    var code: Int
    var amount: Int
    /// nil: no row names a place; each goes where a write of its bare code goes.
    var place: Int?
    var count: Int

    /// The columns `holdings import` reads; and those `holdings --format csv` writes
    /// besides, which it passes over (a value comes from the rates, not the file).
    static let read = ["date", "code", "amount", "place"]
    static let passedOver: Set<String> = ["value", "local", "in"]

    init(_ header: [String]) throws(RateFileError) {
      var found: [String: Int] = [:]
      for (index, name) in header.enumerated() {
        guard Self.read.contains(name) || Self.passedOver.contains(name) else {
          throw RateFileError(
            tr(
              "'{name}' is not a column holdings import reads (the header is date,code,amount and, if any, place)",
              ["name": name]),
            line: 1)
        }
        if found.updateValue(index, forKey: name) != nil {
          throw RateFileError(tr("'{name}' heads two columns", ["name": name]), line: 1)
        }
      }
      guard let code = found["code"], let amount = found["amount"] else {
        throw RateFileError(tr("the header must be date,code,amount (with place if any)"), line: 1)
      }
      (date, self.code, self.amount, place, count) = (found["date"], code, amount, found["place"], header.count)
    }

    /// The classic `date,code,amount`, which the quick path reads.
    var isPlain: Bool { date == 0 && code == 1 && amount == 2 && place == nil && count == 3 }
  }

  /// Sorts by currency, place, date and line; a holding and date given twice is an error
  /// naming both lines (of all such pairs, the one whose second line comes first).
  private static func sortRefusingTwice(_ balances: inout WrittenBalances) throws(RateFileError) {
    // Sorted as one number a row (holding, day, then position in the file) rather than as
    // rows, which a sort of half a million would copy millions of times; by holding and
    // day only, the position staying in file order. A file of at most 64 MiB has fewer
    // than 2²⁴ rows; days since year 1 fit 22 bits; the holdings the file names are
    // numbered in their order, in the 18 bits left.
    let positionBits = 24
    let keys = RadixSort.sorted(try sortKeys(balances, positionBits: positionBits), byBitsFrom: positionBits)
    let position = { (key: UInt64) in Int(key & (1 << positionBits - 1)) }
    var twice: (first: WrittenBalance, second: WrittenBalance)?
    for (earlier, later) in zip(keys, keys.dropFirst()) where earlier >> positionBits == later >> positionBits {
      let pair = (balances[position(earlier)], balances[position(later)])
      if pair.1.line < twice?.second.line ?? .max { twice = pair }
    }
    if let (first, second) = twice {
      throw RateFileError(
        tr(
          "{holding} on {date} is given twice (lines {first} and {second})",
          [
            "holding": "\(first.holding)", "date": "\(first.date)", "first": "\(first.line)",
            "second": "\(second.line)",
          ]),
        line: second.line)
    }
    balances.reorder(keys.map(position))
  }

  private static let dayNumberOfYearOne = CalendarDate.first.dayNumber

  /// Each row's sort key: its holding's number, its day (22 bits), its position. Each
  /// row's columns read alone (a whole row made a `WrittenBalance` each time), and in a
  /// function of its own: what reads the rows is gone when they are put in order, which
  /// would otherwise copy them all (12 MB for half a million).
  private static func sortKeys(_ balances: WrittenBalances, positionBits: Int) throws(RateFileError) -> [UInt64] {
    let dayBits = 22
    let number = try holdingNumbers(balances, below: 1 << (64 - positionBits - dayBits))
    return balances.indices.map { position in
      number(position) << (positionBits + dayBits)
        | UInt64(balances.dayNumber(position) - dayNumberOfYearOne) << positionBits | UInt64(position)
    }
  }

  /// Each row's holding, by its position, as a number below `limit`, in the order of
  /// `Holding.precedes`.
  /// A file that names no place (the common one, maybe half a million rows) is numbered
  /// by currency index alone, without hashing a place a row.
  private static func holdingNumbers(
    _ balances: WrittenBalances, below limit: Int
  ) throws(RateFileError) -> (Int) -> UInt64 {
    guard balances.indices.contains(where: { !balances.isAtTheUnnamedPlace($0) }) else {
      return { UInt64(balances.currencyIndex($0)) }
    }
    let holdings = Set(balances.lazy.map(\.holding)).sorted(by: Holding.precedes)
    guard holdings.count < limit else {
      throw RateFileError(tr("the file names more than {limit} holdings", ["limit": "\(limit)"]), line: 1)
    }
    let number = Dictionary(uniqueKeysWithValues: holdings.enumerated().map { ($1, UInt64($0)) })
    return { number[balances[$0].holding] ?? 0 }
  }

  /// Reads rows of one file, as its header laid them out.
  private struct RowReader {
    let lines: CSVLines
    let columns: Columns
    let today: CalendarDate
    let units: KnownUnits
    let placeRule: PlaceRule

    /// The common row read straight from its bytes: `date,code,amount`, a date
    /// `YYYY-MM-DD` that has come, three letters of a catalog currency, an amount in
    /// digits that the currency takes, going to the unnamed place. nil for anything else,
    /// which `row` then reads and names what is wrong with.
    func plainRow(_ cells: [Range<Int>], index: Int) -> WrittenBalance? {
      guard cells.count == 3, cells[1].count == 3 else { return nil }
      let bytes = lines.bytes
      guard let date = CalendarDate(ascii: bytes[cells[0]]), date <= today else { return nil }
      let code = cells[1].lowerBound
      guard let currency = Catalog.currency(letters: bytes[code], bytes[code + 1], bytes[code + 2]) else {
        return nil
      }
      guard isPlainAmount(bytes[cells[2]]) else { return nil }
      let amount = bytes[cells[2]].withUnsafeBufferPointer { try? DecimalValue.parseDigits($0) }
      guard let amount, AmountRules.problem(with: amount, for: currency) == nil else { return nil }
      // The write rule of a bare code: the one place holding it, or the unnamed place.
      guard let place = try? placeRule(nil, currency, date) else { return nil }
      return WrittenBalance(currency: currency, date: date, amount: amount, place: place, line: index + 1)
    }

    /// Any row, read cell by cell as text; throws naming what is wrong with it, and where.
    func row(_ cells: [Range<Int>], index: Int) throws(RateFileError) -> WrittenBalance {
      let line = index + 1
      guard cells.count == columns.count else {
        throw RateFileError(
          tr(
            "{count} cell where the header has {expected}", "{count} cells where the header has {expected}",
            count: cells.count, ["expected": String(columns.count)]), line: line)
      }
      /// An error about the cell in `column`, naming its line and column.
      func refused(_ message: String, _ column: Int) -> RateFileError {
        RateFileError(message, line: line, column: self.column(of: cells[column], inLine: index))
      }
      var date = today
      if let column = columns.date {
        let dateText = try text(lines, cells[column], line: line)
        guard let written = CalendarDate(dateText) else {
          throw refused(tr("'{date}' is not a date (YYYY-MM-DD)", ["date": dateText]), column)
        }
        guard written <= today else {
          throw refused(
            tr(
              "{date} is after today ({today}); a balance is for a day that has come",
              ["date": "\(written)", "today": "\(today)"]), column)
        }
        date = written
      }
      let code = try text(lines, cells[columns.code], line: line)
      guard let currency = units.currency(code) else {
        throw refused(
          tr("'{code}' is not a currency Coffer knows (nor a unit added with 'units add')", ["code": code]),
          columns.code)
      }
      let written = try text(lines, cells[columns.amount], line: line)
      guard let amount = amount(written) else {
        throw refused(
          tr("'{amount}' is not an amount (digits, with a point if any)", ["amount": written]), columns.amount)
      }
      if let problem = AmountRules.problem(with: amount, for: currency) {
        throw refused("\(currency.code) \(written): \(problem)", columns.amount)
      }
      var named: Place?
      if let column = columns.place {
        let name = try text(lines, cells[column], line: line)
        do {
          named = try Place(named: name)
        } catch {
          throw refused(
            tr("'{name}' cannot name a place: {reason}", ["name": name, "reason": "\(error.problem)"]), column)
        }
      }
      let place: Place
      do {
        place = try placeRule(named, currency, date)
      } catch {
        throw refused(error.reason, columns.place ?? columns.code)
      }
      return WrittenBalance(currency: currency, date: date, amount: amount, place: place, line: line)
    }

    /// The column of a cell, in characters from 1, as an editor counts them.
    private func column(of cell: Range<Int>, inLine index: Int) -> Int {
      let start = lines.lines[index].lowerBound
      // UTF-8 continuation bytes (10xxxxxx) are not characters of their own.
      return lines.bytes[start..<cell.lowerBound].lazy.filter { $0 & 0xC0 != 0x80 }.count + 1
    }
  }

  /// A cell's text: a quoted cell without its quotes (`""` inside is one `"`); text that
  /// is not UTF-8 is an error.
  fileprivate static func text(_ lines: CSVLines, _ cell: Range<Int>, line: Int) throws(RateFileError) -> String {
    var bytes = Array(lines.bytes[cell])
    if bytes.first == UInt8(ascii: "\"") {
      guard bytes.count >= 2, bytes.last == UInt8(ascii: "\"") else {
        throw RateFileError(tr("a quoted cell does not end with a quote on its line"), line: line)
      }
      bytes = Array(bytes.dropFirst().dropLast())
      var unquoted: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\"") {
          guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
            throw RateFileError(tr("a quote inside a quoted cell must be doubled"), line: line)
          }
          index += 1
        }
        unquoted.append(bytes[index])
        index += 1
      }
      bytes = unquoted
    } else if bytes.contains(UInt8(ascii: "\"")) {
      throw RateFileError(tr("a quote inside a cell that is not quoted"), line: line)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw RateFileError(tr("the line is not UTF-8"), line: line)
    }
    return text
  }

  /// An amount as a spreadsheet writes one: digits, optionally a point and more digits.
  fileprivate static func amount(_ text: String) -> DecimalValue? {
    guard isPlainAmount(text.utf8) else { return nil }
    return try? DecimalValue.parseDigits(text)
  }

  /// Whether `bytes` are digits, optionally with one point followed by more digits.
  fileprivate static func isPlainAmount<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
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

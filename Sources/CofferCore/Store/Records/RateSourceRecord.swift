import CofferText
import GRDB

/// A row of `rate_source`: where `rates fetch` goes, by name, in the order sources were
/// added. A name is a word of the language (so `rates sources remove NAME` can name it),
/// a URL an http or https address without blanks or control characters, and the
/// currencies catalog codes.
extension RateSource: FetchableRecord {
  package static let databaseTableName = "rate_source"
  static let selection = "SELECT position, name, url, currencies FROM rate_source ORDER BY position"

  package init(row: Row) throws {
    try self.init(checking: row)
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let position: Int64 = row[0]
    let nameValue = StoredValue(row, 1)
    guard let name = nameValue.text else {
      throw StoreDamage(
        table: Self.databaseTableName, row: position,
        problem: tr("name is {value}, not text", ["value": nameValue.shown]))
    }
    func damage(_ problem: String) -> StoreDamage {
      StoreDamage(
        table: Self.databaseTableName, row: position, key: "name \(StoredText.quoted(name))", problem: problem)
    }
    guard Self.isName(name) else { throw damage(tr("the name is not a word (letters, digits, _ . -)")) }
    let urlValue = StoredValue(row, 2)
    guard let url = urlValue.text else { throw damage(tr("url is {value}, not text", ["value": urlValue.shown])) }
    guard Self.isURL(url) else {
      throw damage(
        tr(
          "url {value} is not an http or https URL without blanks or control characters",
          ["value": StoredText.quoted(url)]))
    }
    let currenciesValue = StoredValue(row, 3)
    guard let codes = currenciesValue.text else {
      throw damage(tr("currencies is {value}, not text", ["value": currenciesValue.shown]))
    }
    var currencies: [Currency] = []
    // Empty: every currency the source has.
    for code in codes.isEmpty ? [] : codes.split(separator: " ", omittingEmptySubsequences: false) {
      guard let currency = Catalog.currency(String(code)), currency.code == code, !currencies.contains(currency)
      else {
        throw damage(
          tr("currencies {value} is not a list of catalog codes, once each", ["value": StoredText.quoted(codes)]))
      }
      currencies.append(currency)
    }
    self.init(name: name, url: url, currencies: currencies)
  }

  /// `[A-Za-z_][A-Za-z0-9_.-]*`, the language's words, at most 64 characters.
  package static func isName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 64, first == UInt8(ascii: "_") || isLetter(first) else {
      return false
    }
    return bytes.allSatisfy {
      isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "_.-".utf8.contains($0)
    }
  }

  /// An http or https URL: the scheme, `://`, a host, and no blanks or control characters.
  package static func isURL(_ url: String) -> Bool {
    let lowered = url.lowercased()
    let rest: Substring
    if lowered.hasPrefix("https://") {
      rest = url.dropFirst(8)
    } else if lowered.hasPrefix("http://") {
      rest = url.dropFirst(7)
    } else {
      return false
    }
    guard let host = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first, !host.isEmpty
    else { return false }
    // No blanks, no C0 or C1 controls, DEL, nor the bidirectional overrides and isolates
    // (which would reorder a listing on screen).
    return url.unicodeScalars.allSatisfy { scalar in
      let value = scalar.value
      return value > 0x20 && value != 0x7F && !(0x80...0x9F).contains(value) && !(0x202A...0x202E).contains(value)
        && !(0x2066...0x2069).contains(value)
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
  }
}

/// Written as a name, a URL and the currencies' codes separated by blanks (none: every
/// currency). The position is SQLite's to give: `position` is the rowid, and a new row
/// takes the largest one plus one, after every source already there. Not `Decodable`: a
/// row is read by `init(row:)`, which names a bad row, which a `DecodingError` could not.
extension RateSource: Encodable, PersistableRecord {
  enum CodingKeys: String, CodingKey, ColumnExpression {
    case name, url, currencies
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(url, forKey: .url)
    try container.encode(currencies.map(\.code).joined(separator: " "), forKey: .currencies)
  }
}

import Foundation
import Testing

@testable import CofferCore

/// The bytes of a month cache row: what is written reads back; damage to any byte, or a
/// row cut short, fails its checksum; a row whose checksum holds but whose entries no
/// Coffer writes is refused entry by entry.
@Suite struct JournalMonthCacheTests {
  typealias Entry = JournalMonthCache.Entry

  /// Entries of some currencies for `month`, with amounts of each currency's own scale
  /// (up to its minor units) and days anywhere in the month.
  static func entries(of month: Int, using generator: inout some RandomNumberGenerator) -> [Entry] {
    let days = JournalMonthEnds.MonthDays(month)!
    return Catalog.all.filter { _ in Bool.random(using: &generator) }.map { currency in
      let scale = Int.random(in: 0...currency.minorUnits, using: &generator)
      let digits = UInt64.random(in: 0...(Bool.random(using: &generator) ? 999 : 99_999_999_999_999), using: &generator)
      return Entry(
        currency: currency, day: Int.random(in: 1...(days.last - days.first + 1), using: &generator),
        amount: DecimalValue(digits: digits, scale: scale))
    }
  }

  /// The entries a row's bytes hold, or nil when they are refused.
  static func decoded(_ bytes: [UInt8], month: Int) -> [Entry]? {
    let days = JournalMonthEnds.MonthDays(month)!
    var found: [Entry] = []
    let sound = bytes.withUnsafeBytes { blob in
      JournalMonthCache.isSound(blob, month: month)
        && JournalMonthCache.decode(blob, of: days) { currency, balance in
          found.append(Entry(currency: currency, day: balance.since.day, amount: balance.amount))
        }
    }
    return sound ? found : nil
  }

  @Test func whatIsWrittenReadsBack() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let month = Int.random(in: 1...9999, using: &generator) * 100 + Int.random(in: 1...12, using: &generator)
      let entries = Self.entries(of: month, using: &generator)
      #expect(Self.decoded(JournalMonthCache.encode(entries, month: month), month: month) == entries)
    }
    // A month with no entry, and the widest amounts there are (15 integer digits).
    #expect(Self.decoded(JournalMonthCache.encode([], month: 202402), month: 202402) == [])
    let widest = [
      Entry(currency: Catalog.currency("JPY")!, day: 29, amount: DecimalValue(digits: 999_999_999_999_999, scale: 0)),
      Entry(
        currency: Catalog.currency("KWD")!, day: 1, amount: DecimalValue(digits: 999_999_999_999_999_999, scale: 3)),
    ]
    #expect(Self.decoded(JournalMonthCache.encode(widest, month: 202402), month: 202402) == widest)
  }

  @Test func anyByteChangedOrCutShortFailsTheChecksum() {
    var generator = SystemRandomNumberGenerator()
    let month = 202405
    let bytes = JournalMonthCache.encode(Self.entries(of: month, using: &generator), month: month)
    for place in bytes.indices {
      var changed = bytes
      changed[place] ^= UInt8.random(in: 1...255, using: &generator)
      #expect(Self.decoded(changed, month: month) == nil, "byte \(place)")
    }
    for length in 0..<bytes.count {
      #expect(Self.decoded(Array(bytes[..<length]), month: month) == nil, "\(length) bytes")
    }
    // The month is part of what the checksum covers: a row moved to another month fails.
    #expect(Self.decoded(bytes, month: 202406) == nil)
  }

  /// A row with a sound checksum over `body` (the format byte, the count and the entries).
  static func checksummed(_ body: [UInt8], month: Int) -> [UInt8] {
    let crc = withUnsafeBytes(of: Int64(month).littleEndian) { monthBytes in
      body.withUnsafeBytes { CRC32.checksum(monthBytes, $0) }
    }
    return body + withUnsafeBytes(of: crc.littleEndian) { Array($0) }
  }

  @Test func entriesNoCofferWritesAreRefusedThoughTheChecksumHolds() {
    let month = 202402
    // An entry: code, day, a byte of sign and scale, the magnitude.
    func entry(_ code: String, day: UInt8, scale: UInt8 = 2, magnitude: [UInt8] = [0x7B]) -> [UInt8] {
      Array(code.utf8) + [day, scale] + magnitude
    }
    func row(_ entries: [[UInt8]], count: UInt8? = nil) -> [UInt8] {
      Self.checksummed(
        [JournalMonthCache.format, count ?? UInt8(entries.count)] + entries.flatMap { $0 }, month: month)
    }
    #expect(Self.decoded(row([entry("USD", day: 29), entry("EUR", day: 1)]), month: month)?.count == 2)
    let refused: [(String, [UInt8])] = [
      ("a code in small letters", row([entry("usd", day: 3)])),
      ("a code not in the catalog", row([entry("XYZ", day: 3)])),
      ("a currency twice", row([entry("USD", day: 3), entry("USD", day: 4)])),
      ("day 0", row([entry("USD", day: 0)])),
      ("day 30 of February 2024", row([entry("USD", day: 30)])),
      ("more minor units than the currency has", row([entry("JPY", day: 3, scale: 1)])),
      ("a scale beyond any", row([entry("USD", day: 3, scale: 0x7F)])),
      ("a magnitude cut short", row([entry("USD", day: 3, magnitude: [0xFF])])),
      ("more entries than the count", row([entry("USD", day: 3), entry("EUR", day: 3)], count: 1)),
      ("fewer entries than the count", row([entry("USD", day: 3)], count: 2)),
      ("more entries than the catalog has currencies", row([], count: UInt8(Catalog.count + 1))),
      ("another format", Self.checksummed([2, 0], month: month)),
    ]
    for (what, bytes) in refused {
      #expect(Self.decoded(bytes, month: month) == nil, "\(what)")
    }
  }
}

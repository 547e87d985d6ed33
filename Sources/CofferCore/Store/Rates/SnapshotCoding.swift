import CofferText

/// The bytes of a `rate_day.rates` blob:
///
///     format    1 byte, 1
///     sources   varint count, then per source: varint length, UTF-8 bytes
///     rates     varint count, then per rate, in catalog order:
///                 currency   1 byte, catalog index
///                 age        varint, days between the rate's date and the row's day
///                 source     varint, index into this row's sources
///                 scale      1 byte; bit 7 set for a negative value
///                 magnitude  varint (up to 128 bits)
///
/// Format 2 is format 1 followed by the direct quotes, in pair order:
///
///     quotes    varint count, then per quote:
///                 currency   1 byte, catalog index (the "1 C" side)
///                 quoted in  1 byte, catalog index
///                 age, source, scale, magnitude   as for a rate
///
/// Format 3, the only one Coffer writes since schema 5 (whose migration rewrote every
/// row): byte 3, the sources, rates and quotes as in format 2 (the quotes' count always
/// written, 0 when there are none), then, little-endian, a CRC-32 of the row's day (as 8
/// bytes, little-endian) followed by every byte before the checksum. The checksum is what
/// finds damage that leaves the structure whole: a digit of a rate changed on disk, or a
/// row moved to another day, reads as plausible rates otherwise.
///
/// Format 4, written only for a day that holds a rate or quote of a unit added beyond the
/// catalog (`units add`): format 3, where a currency's byte may be 255, followed by its
/// code (varint length, UTF-8 bytes): an added unit has no catalog index, and its index
/// in a process is not stored. A code no longer among the store's units (`units remove`)
/// is passed over when read. Such rates follow the catalog's, in no set order.
///
/// Varints are little-endian base 128 (LEB128). Decimals keep their exact coefficient
/// and scale: nothing goes through text or floating point.
enum SnapshotCoding {
  static let format: UInt8 = 1
  static let formatWithQuotes: UInt8 = 2
  static let formatWithChecksum: UInt8 = 3
  static let formatWithAddedUnits: UInt8 = 4
  /// The byte that stands for "an added unit, by its code".
  static let addedUnitMark: UInt8 = 255

  static func encode(_ snapshot: RateSnapshot, day: Int, sources: SourceNames) -> [UInt8] {
    let quotes = snapshot.quotes.isEmpty ? [] : snapshot.quotes.sorted { $0.key < $1.key }.map(\.value)
    let rates = snapshot.knownRates
    // The row's own source list holds only the sources its rates and quotes use.
    var rowSources: [Int] = []
    var rateCount = 0
    for held in rates {
      guard let held else { continue }
      rateCount += 1
      if !rowSources.contains(held.source) { rowSources.append(held.source) }
    }
    for quote in quotes where !rowSources.contains(quote.source) { rowSources.append(quote.source) }
    let names = rowSources.map { Array(sources.name($0).utf8) }
    // The codes of the added units the row names, by index (none in nearly every row).
    var addedCodes: [Int: [UInt8]] = [:]
    for (index, held) in rates.enumerated() where held != nil && index >= Catalog.count {
      addedCodes[index] = Currency.at(index).map { Array($0.code.utf8) } ?? []
    }
    for quote in quotes {
      for index in [quote.currency, quote.quotedIn] where index >= Catalog.count {
        addedCodes[index] = Currency.at(index).map { Array($0.code.utf8) } ?? []
      }
    }
    // Room for the longest each part can be (a varint of 64 bits takes at most 10 bytes,
    // of 128 bits 19), written through one buffer: an import writes 7,000 rows, and
    // appending byte by byte to an array checked its room and owner at every byte.
    let room =
      1 + 10 + names.reduce(0) { $0 + 10 + $1.count } + 10 + rateCount * (1 + 10 + 10 + 1 + 19) + 10
      + quotes.count * (2 + 10 + 10 + 1 + 19) + 4 + addedCodes.values.reduce(0) { $0 + 1 + 10 + $1.count } * 3
    return [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
      var writer = Writer(buffer: buffer)
      writer.byte(addedCodes.isEmpty ? formatWithChecksum : formatWithAddedUnits)
      writer.varint(UInt64(rowSources.count))
      for name in names {
        writer.varint(UInt64(name.count))
        for byte in name { writer.byte(byte) }
      }
      writer.varint(UInt64(rateCount))
      for (index, held) in rates.enumerated() {
        guard let held else { continue }
        writer.unit(index, addedCodes: addedCodes)
        writer.varint(UInt64(day - held.day))
        writer.varint(UInt64(rowSources.firstIndex(of: held.source) ?? 0))
        writer.decimal(held.perEuro)
      }
      writer.varint(UInt64(quotes.count))
      for quote in quotes {
        writer.unit(quote.currency, addedCodes: addedCodes)
        writer.unit(quote.quotedIn, addedCodes: addedCodes)
        writer.varint(UInt64(day - quote.day))
        writer.varint(UInt64(rowSources.firstIndex(of: quote.source) ?? 0))
        writer.decimal(quote.value)
      }
      let checksum = Self.checksum(
        day: day, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<writer.count])))
      for shift in stride(from: 0, to: 32, by: 8) { writer.byte(UInt8(truncatingIfNeeded: checksum >> shift)) }
      count = writer.count
    }
  }

  /// Writes a row's bytes into room `encode` has made sure of.
  private struct Writer {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func byte(_ byte: UInt8) {
      buffer[count] = byte
      count += 1
    }

    /// A unit: its catalog index, or an added unit's mark and code. (A method, not a
    /// function nested in `encode` that captures the writer: a captured variable is
    /// checked for exclusive access at run time on every call: an eighth of a row's cost.)
    mutating func unit(_ index: Int, addedCodes: [Int: [UInt8]]) {
      guard let code = addedCodes[index] else { return byte(UInt8(index)) }
      byte(SnapshotCoding.addedUnitMark)
      varint(UInt64(code.count))
      for byte in code { self.byte(byte) }
    }

    mutating func varint(_ value: UInt64) {
      var value = value
      while value >= 0x80 {
        byte(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      byte(UInt8(value))
    }

    mutating func decimal(_ value: DecimalValue) {
      byte(UInt8(value.scale) | (value.isNegative ? 0x80 : 0))
      // Nearly every magnitude fits 64 bits, where shifting is much cheaper.
      if let small = UInt64(exactly: value.magnitude) { return varint(small) }
      var magnitude = value.magnitude
      while magnitude >= 0x80 {
        byte(UInt8(truncatingIfNeeded: magnitude) | 0x80)
        magnitude >>= 7
      }
      byte(UInt8(magnitude))
    }
  }

  /// The CRC-32 of a row's day and its bytes.
  static func checksum(day: Int, _ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { checksum(day: day, $0) }
  }

  static func checksum(day: Int, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    withUnsafeBytes(of: Int64(day).littleEndian) { dayBytes in CRC32.checksum(dayBytes, bytes) }
  }

  /// Reads a blob written by `encode`. Formats 1 and 2 (no checksum) are read only when
  /// `olderFormats` is set: by the migration that rewrites them.
  static func decode(
    _ blob: UnsafeRawBufferPointer, day: Int, sources: inout SourceNames, olderFormats: Bool = false
  ) throws(DamagedSnapshot) -> RateSnapshot {
    guard CalendarDate.dayNumbers.contains(day) else {
      throw DamagedSnapshot(
        day: day, detail: tr("day {day} is not a date from 0001-01-01 to 9999-12-31", ["day": "\(day)"]))
    }
    guard let rowFormat = blob.first else { throw DamagedSnapshot(day: day, detail: tr("no data")) }
    var bytes = blob
    switch rowFormat {
    case formatWithChecksum, formatWithAddedUnits:
      guard blob.count >= 5 else {
        throw DamagedSnapshot(day: day, detail: tr("cut short at byte {byte}", ["byte": "\(blob.count)"]))
      }
      bytes = UnsafeRawBufferPointer(rebasing: blob[0..<blob.count - 4])
      var stored: UInt32 = 0
      withUnsafeMutableBytes(of: &stored) {
        $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: blob[(blob.count - 4)...]))
      }
      guard UInt32(littleEndian: stored) == checksum(day: day, bytes) else {
        throw DamagedSnapshot(day: day, detail: tr("its checksum does not match its bytes"))
      }
    case format where olderFormats, formatWithQuotes where olderFormats:
      break
    default:
      throw DamagedSnapshot(day: day, detail: tr("unknown format {format}", ["format": "\(rowFormat)"]))
    }
    var reader = Reader(bytes: bytes, day: day)
    _ = try reader.byte()
    var rowSources: [Int] = []
    for _ in 0..<(try reader.count(limit: 1000)) {
      let length = try reader.count(limit: 10_000)
      rowSources.append(sources.number(of: try reader.text(length: length)))
    }
    var snapshot = RateSnapshot()
    var lastIndex = -1
    let addedUnits = rowFormat == formatWithAddedUnits
    for _ in 0..<(try reader.count(limit: Currency.indexCount)) {
      let index = try reader.unit(addedUnits: addedUnits)
      let age = try reader.age()
      let source = try reader.count(limit: rowSources.count - 1)
      let value = try reader.rate()
      guard let index else { continue }
      // Written in catalog order, each currency once; added units after them.
      guard index >= Catalog.count ? snapshot.rates[index] == nil : index > lastIndex else {
        throw DamagedSnapshot(day: day, detail: tr("a rate out of range or out of order"))
      }
      if index < Catalog.count { lastIndex = index }
      snapshot.rates[index] = RateSnapshot.Held(perEuro: value, day: day - age, source: rowSources[source])
    }
    if rowFormat != format {
      var lastPair: QuotePair?
      for _ in 0..<(try reader.count(limit: Currency.indexCount * Currency.indexCount)) {
        let currency = try reader.unit(addedUnits: addedUnits)
        let quotedIn = try reader.unit(addedUnits: addedUnits)
        let age = try reader.age()
        let source = try reader.count(limit: rowSources.count - 1)
        let value = try reader.rate()
        guard let currency, let quotedIn else { continue }
        guard currency != quotedIn else { throw DamagedSnapshot(day: day, detail: tr("a quote out of range")) }
        let quote = RateSnapshot.HeldQuote(
          currency: currency, quotedIn: quotedIn, value: value, day: day - age, source: rowSources[source])
        // Written in pair order, each pair once (pairs of an added unit in no set order).
        if currency >= Catalog.count || quotedIn >= Catalog.count {
          guard snapshot.quotes[quote.pair] == nil else {
            throw DamagedSnapshot(day: day, detail: tr("a quote out of order"))
          }
        } else {
          guard lastPair.map({ $0 < quote.pair }) ?? true else {
            throw DamagedSnapshot(day: day, detail: tr("a quote out of order"))
          }
          lastPair = quote.pair
        }
        snapshot.quotes[quote.pair] = quote
      }
    }
    guard reader.offset == bytes.count else {
      throw DamagedSnapshot(
        day: day, detail: tr("{count} bytes past the end", ["count": "\(bytes.count - reader.offset)"]))
    }
    return snapshot
  }

  /// Reads a blob front to back; every read is bounds-checked, so damage is an error.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    let day: Int
    var offset = 0

    /// A currency: a catalog index, or (format 4) the mark and an added unit's code, whose
    /// index in this process it gives; nil for a code the store no longer has.
    mutating func unit(addedUnits: Bool) throws(DamagedSnapshot) -> Int? {
      let first = try byte()
      if first < Catalog.count { return Int(first) }
      guard addedUnits, first == SnapshotCoding.addedUnitMark else {
        throw DamagedSnapshot(day: day, detail: tr("a rate out of range or out of order"))
      }
      let code = try text(length: try count(limit: 10))
      guard UnitRules.problem(withCode: code) == nil, code == code.uppercased() else {
        throw DamagedSnapshot(day: day, detail: tr("an added unit's code that is not one"))
      }
      return Catalog.unit(storedAs: code)?.index
    }

    mutating func byte() throws(DamagedSnapshot) -> UInt8 {
      guard offset < bytes.count else {
        throw DamagedSnapshot(day: day, detail: tr("cut short at byte {byte}", ["byte": "\(offset)"]))
      }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func varint() throws(DamagedSnapshot) -> UInt128 {
      // Nearly every number is one byte (a count, an age, a source), or a few (a rate's
      // digits): those in 64 bits, where shifting is much cheaper.
      var small: UInt64 = 0
      var smallShift: UInt64 = 0
      while smallShift < 63 {
        let next = try byte()
        small |= UInt64(next & 0x7F) << smallShift
        if next & 0x80 == 0 { return UInt128(small) }
        smallShift += 7
      }
      var value = UInt128(small)
      var shift = UInt128(smallShift)
      while true {
        let next = try byte()
        guard shift < 128 else {
          throw DamagedSnapshot(day: day, detail: tr("a number too long at byte {byte}", ["byte": "\(offset)"]))
        }
        value |= UInt128(next & 0x7F) << shift
        if next & 0x80 == 0 { return value }
        shift += 7
      }
    }

    /// A sign-and-scale byte and a magnitude: a decimal, in range or an error.
    mutating func decimal() throws(DamagedSnapshot) -> DecimalValue {
      let signAndScale = try byte()
      let magnitude = try varint()
      let scale = Int(signAndScale & 0x7F)
      guard scale <= DecimalValue.maxScale, magnitude <= DecimalValue.maxCoefficient else {
        throw DamagedSnapshot(day: day, detail: tr("a number out of range"))
      }
      let coefficient = signAndScale & 0x80 == 0 ? Int128(magnitude) : -Int128(magnitude)
      return DecimalValue(uncheckedCoefficient: coefficient, scale: scale)
    }

    /// A rate or quote: a decimal that `RateRules` allows.
    mutating func rate() throws(DamagedSnapshot) -> DecimalValue {
      let value = try decimal()
      if let problem = RateRules.problem(with: value) {
        throw DamagedSnapshot(
          day: day, detail: tr("{reason}, found {value}", ["reason": problem, "value": "\(value)"]))
      }
      return value
    }

    /// Days between a rate's own date and the row's day: at most reaching back to
    /// 0001-01-01, so that the rate's date is one Coffer knows.
    mutating func age() throws(DamagedSnapshot) -> Int {
      try count(limit: day - CalendarDate.dayNumbers.lowerBound)
    }

    /// A varint that must be at most `limit`.
    mutating func count(limit: Int) throws(DamagedSnapshot) -> Int {
      // Nearly every count is one byte (an age of under 128 days, a source, a count of
      // rates): read without the general varint.
      let value: UInt128
      if offset < bytes.count, bytes[offset] < 0x80 {
        value = UInt128(bytes[offset])
        offset += 1
      } else {
        value = try varint()
      }
      guard limit >= 0, value <= UInt128(limit) else {
        throw DamagedSnapshot(day: day, detail: tr("a count out of range at byte {byte}", ["byte": "\(offset)"]))
      }
      return Int(value)
    }

    mutating func text(length: Int) throws(DamagedSnapshot) -> String {
      guard length <= bytes.count - offset else {
        throw DamagedSnapshot(day: day, detail: tr("cut short at byte {byte}", ["byte": "\(offset)"]))
      }
      defer { offset += length }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    }
  }
}

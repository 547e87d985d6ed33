import Foundation

/// Reads a zip archive's central directory: to find encrypted entries, which
/// ZIPFoundation leaves out without saying so (an encrypted archive looked empty), and
/// where each entry's bytes lie, so that they are unpacked from exactly those bytes (see
/// `ZipArchive`).
enum ZipDirectory {
  /// Where an entry's bytes lie, as its directory record and its local header say.
  struct Placement: Equatable {
    /// The offset of the entry's first byte, and how many bytes it takes.
    let start: Int
    let count: Int
    /// 0 for stored, 8 for deflated.
    let method: UInt16
    /// The CRC of the unpacked bytes, as the directory gives it.
    let checksum: UInt32
  }

  /// Each directory record's placement, in the directory's order (the order ZIPFoundation
  /// lists the entries in); nil for an entry whose header or bytes lie outside the archive.
  /// nil for a directory that cannot be read.
  static func placements(in data: Data) -> [Placement?]? {
    let bytes = [UInt8](data)
    guard let (count, start) = directory(in: bytes) else { return nil }
    var placements: [Placement?] = []
    var offset = start
    for _ in 0..<count {
      guard offset + 46 <= bytes.count, uint32(bytes, offset) == 0x0201_4B50 else { return nil }
      let nameLength = Int(uint16(bytes, offset + 28))
      let extraLength = Int(uint16(bytes, offset + 30))
      let next = offset + 46 + nameLength + extraLength + Int(uint16(bytes, offset + 32))
      guard next <= bytes.count else { return nil }
      // Central directory header: method at +10, CRC at +16, compressed and unpacked
      // sizes at +20 and +24, the local header's offset at +42. A size or offset of all
      // ones is in the ZIP64 extra field (id 1) instead, in the order unpacked size,
      // compressed size, offset, each there only when its own field is all ones.
      var compressed = UInt64(uint32(bytes, offset + 20))
      var header = UInt64(uint32(bytes, offset + 42))
      let unpackedIsElsewhere = uint32(bytes, offset + 24) == 0xFFFF_FFFF
      if compressed == 0xFFFF_FFFF || header == 0xFFFF_FFFF || unpackedIsElsewhere {
        var wide = ZIP64Values(
          bytes, field: extraField(1, in: bytes, from: offset + 46 + nameLength, count: extraLength))
        if unpackedIsElsewhere { _ = wide.next() }
        if compressed == 0xFFFF_FFFF { compressed = wide.next() ?? UInt64.max }
        if header == 0xFFFF_FFFF { header = wide.next() ?? UInt64.max }
      }
      placements.append(
        placement(
          bytes, header: header, count: compressed, method: uint16(bytes, offset + 10),
          checksum: uint32(bytes, offset + 16)))
      offset = next
    }
    return placements
  }

  /// An entry's placement from its local header (signature, …, name length at +26, extra
  /// length at +28, the bytes after both), or nil if any of it lies outside the archive.
  private static func placement(
    _ bytes: [UInt8], header: UInt64, count: UInt64, method: UInt16, checksum: UInt32
  ) -> Placement? {
    guard header <= UInt64(bytes.count), count <= UInt64(bytes.count) else { return nil }
    let local = Int(header)
    guard local + 30 <= bytes.count, uint32(bytes, local) == 0x0403_4B50 else { return nil }
    let start = local + 30 + Int(uint16(bytes, local + 26)) + Int(uint16(bytes, local + 28))
    guard start + Int(count) <= bytes.count else { return nil }
    return Placement(start: start, count: Int(count), method: method, checksum: checksum)
  }

  /// The 64-bit values of a ZIP64 extra field, read in turn.
  private struct ZIP64Values {
    let bytes: [UInt8]
    var rest: Range<Int>

    init(_ bytes: [UInt8], field: Range<Int>?) {
      self.bytes = bytes
      rest = field ?? 0..<0
    }

    mutating func next() -> UInt64? {
      guard rest.count >= 8 else { return nil }
      defer { rest = (rest.lowerBound + 8)..<rest.upperBound }
      return UInt64(ZipDirectory.uint32(bytes, rest.lowerBound))
        | UInt64(ZipDirectory.uint32(bytes, rest.lowerBound + 4)) << 32
    }
  }

  /// The data of the extra field `id` among the `count` bytes of extra fields at `start`
  /// (each: id, length, data), or nil.
  private static func extraField(_ id: UInt16, in bytes: [UInt8], from start: Int, count: Int) -> Range<Int>? {
    var offset = start
    while offset + 4 <= start + count {
      let length = Int(uint16(bytes, offset + 2))
      guard offset + 4 + length <= start + count else { return nil }
      if uint16(bytes, offset) == id { return (offset + 4)..<(offset + 4 + length) }
      offset += 4 + length
    }
    return nil
  }

  /// How many records the directory holds and where it starts: from the end record, or,
  /// when that says the ZIP64 end record holds them (all ones), from that one, found
  /// through its locator just before the end record.
  private static func directory(in bytes: [UInt8]) -> (count: Int, start: Int)? {
    guard let end = endRecord(in: bytes) else { return nil }
    var count = UInt64(uint16(bytes, end + 10))
    var start = UInt64(uint32(bytes, end + 16))
    if count == 0xFFFF || start == 0xFFFF_FFFF {
      // The locator: signature, disk, the ZIP64 end record's offset at +8 (64 bits).
      let locator = end - 20
      guard locator >= 0, uint32(bytes, locator) == 0x0706_4B50 else { return nil }
      var offset = ZIP64Values(bytes, field: (locator + 8)..<(locator + 16))
      guard let record = offset.next(), record <= UInt64(bytes.count), Int(record) + 56 <= bytes.count,
        uint32(bytes, Int(record)) == 0x0606_4B50
      else { return nil }
      // The ZIP64 end record: the entry count at +32, the directory's offset at +48.
      var values = ZIP64Values(bytes, field: (Int(record) + 32)..<(Int(record) + 40))
      var offsets = ZIP64Values(bytes, field: (Int(record) + 48)..<(Int(record) + 56))
      count = values.next() ?? UInt64.max
      start = offsets.next() ?? UInt64.max
    }
    // A record takes at least 46 bytes: a count beyond that is not a directory.
    guard start <= UInt64(bytes.count), count <= UInt64(bytes.count / 46) else { return nil }
    return (Int(count), Int(start))
  }
  /// The name of the first entry whose "encrypted" flag is set, or nil (also for an
  /// archive too damaged to tell; reading it fails later, with its own message).
  static func firstEncryptedEntry(in data: Data) -> String? {
    let bytes = [UInt8](data)
    guard let end = endRecord(in: bytes) else { return nil }
    let count = Int(uint16(bytes, end + 10))
    var offset = Int(uint32(bytes, end + 16))
    for _ in 0..<count {
      // Central directory header: signature, …, flags at +8, name length at +28, extra
      // and comment lengths at +30 and +32, the name from +46.
      guard offset + 46 <= bytes.count, uint32(bytes, offset) == 0x0201_4B50 else { return nil }
      let nameLength = Int(uint16(bytes, offset + 28))
      let next = offset + 46 + nameLength + Int(uint16(bytes, offset + 30)) + Int(uint16(bytes, offset + 32))
      guard next <= bytes.count else { return nil }
      if uint16(bytes, offset + 8) & 1 != 0 {
        return String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
      }
      offset = next
    }
    return nil
  }

  /// How many entries the archive's directory says it holds, or nil when it does not say
  /// (no end record, or a ZIP64 archive, which keeps the count elsewhere).
  static func declaredEntryCount(in data: Data) -> Int? {
    let bytes = [UInt8](data)
    guard let end = endRecord(in: bytes) else { return nil }
    let count = uint16(bytes, end + 10)
    return count == 0xFFFF ? nil : Int(count)
  }

  /// The offset of the end-of-central-directory record: the last 22 bytes, or further
  /// back by at most a 65,535-byte comment.
  private static func endRecord(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 22 else { return nil }
    let latest = bytes.count - 22
    let earliest = max(0, latest - 65535)
    return (earliest...latest).reversed().first { uint32(bytes, $0) == 0x0605_4B50 }
  }

  private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
  }
}

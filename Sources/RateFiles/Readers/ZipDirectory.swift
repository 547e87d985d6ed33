import Foundation

/// Reads a zip archive's central directory: each entry's name, kind, sizes, CRC, and
/// where its bytes lie. It is Coffer's only reader of a zip's structure (see `ZipArchive`
/// for why ZIPFoundation is not used), so the names and the bytes of the entries always
/// come from the same directory.
///
/// Every offset and size the archive gives is compared with the archive's length before
/// it is used, so no value, however large, can send a read outside the bytes or overflow.
enum ZipDirectory {
  /// One record of the directory.
  struct Entry: Equatable {
    let name: String
    /// False for a folder or a symbolic link, which hold no rates.
    let isFile: Bool
    let isEncrypted: Bool
    /// 0 for stored, 8 for deflated.
    let method: UInt16
    /// The CRC of the unpacked bytes, as the directory gives it.
    let checksum: UInt32
    let unpackedSize: UInt64
    let bytes: Bytes
  }

  /// Where an entry's bytes lie in the archive, after its local header.
  enum Bytes: Equatable {
    case at(Range<Int>)
    /// The local header or the bytes lie outside the archive.
    case outside
    /// The local header gives another name than the directory does.
    case underAnotherName
  }

  /// What reading the directory came to.
  enum Reading: Equatable {
    case entries([Entry])
    /// No end record: not a zip archive.
    case notAnArchive
    /// The directory lists `declared` records, of which only the first `readable` can be
    /// read (`readable` may be 0).
    case damaged(declared: Int, readable: Int)
    /// The records read do not fill the directory as its size says, or the directory does
    /// not end where the end records begin: two readings of the archive are possible.
    case inconsistent
  }

  static func read(_ data: Data) -> Reading {
    let bytes = [UInt8](data)
    guard let end = endRecord(in: bytes) else { return .notAnArchive }
    guard let (count, start, size, expectedEnd) = directory(in: bytes, end: end) else {
      return .damaged(declared: Int(uint16(bytes, end + 10)), readable: 0)
    }
    var entries: [Entry] = []
    var offset = start
    for _ in 0..<count {
      guard let (entry, next) = record(in: bytes, at: offset) else {
        return .damaged(declared: count, readable: entries.count)
      }
      entries.append(entry)
      offset = next
    }
    // Other readers go by the directory's size and where it ends, and may read other
    // records than the count and the start give (zip tools differ here): only an archive
    // on which all of them agree is read.
    guard offset == start + size, offset == expectedEnd else { return .inconsistent }
    return .entries(entries)
  }

  // MARK: - Records

  /// The central directory record at `offset` and the offset after it, or nil if it is
  /// not one or runs past the end.
  private static func record(in bytes: [UInt8], at offset: Int) -> (Entry, next: Int)? {
    // Signature, made by at +4, flags at +8, method at +10, CRC at +16, compressed and
    // unpacked sizes at +20 and +24, name, extra and comment lengths at +28, +30 and
    // +32, external attributes at +38, the local header's offset at +42, the name at +46.
    guard offset + 46 <= bytes.count, uint32(bytes, offset) == 0x0201_4B50 else { return nil }
    let nameLength = Int(uint16(bytes, offset + 28))
    let extraLength = Int(uint16(bytes, offset + 30))
    let next = offset + 46 + nameLength + extraLength + Int(uint16(bytes, offset + 32))
    guard next <= bytes.count else { return nil }
    let flags = uint16(bytes, offset + 8)
    let nameBytes = bytes[(offset + 46)..<(offset + 46 + nameLength)]
    // Flag 11 says the name is UTF-8; other names are read as UTF-8 too (ASCII as it is,
    // anything else repaired), since they are only shown.
    let name = String(decoding: nameBytes, as: UTF8.self)
    // A size or offset of all ones is in the ZIP64 extra field (id 1) instead, in the
    // order unpacked size, compressed size, offset, each there only when its own field
    // is all ones.
    var unpacked = UInt64(uint32(bytes, offset + 24))
    var compressed = UInt64(uint32(bytes, offset + 20))
    var header = UInt64(uint32(bytes, offset + 42))
    if unpacked == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF || header == 0xFFFF_FFFF {
      var wide = extraField(1, in: bytes, from: offset + 46 + nameLength, count: extraLength) ?? 0..<0
      func nextWide() -> UInt64 {
        guard wide.count >= 8 else { return UInt64.max }
        defer { wide = (wide.lowerBound + 8)..<wide.upperBound }
        return uint64(bytes, wide.lowerBound)
      }
      if unpacked == 0xFFFF_FFFF { unpacked = nextWide() }
      if compressed == 0xFFFF_FFFF { compressed = nextWide() }
      if header == 0xFFFF_FFFF { header = nextWide() }
    }
    let entry = Entry(
      name: name,
      isFile: isFile(named: name, madeBy: uint16(bytes, offset + 4), attributes: uint32(bytes, offset + 38)),
      isEncrypted: flags & 1 != 0, method: uint16(bytes, offset + 10), checksum: uint32(bytes, offset + 16),
      unpackedSize: unpacked, bytes: entryBytes(in: bytes, header: header, count: compressed, name: nameBytes))
    return (entry, next)
  }

  /// Whether an entry is a file, as zip tools tell: a name ending in "/" is a folder; an
  /// entry made on Unix or macOS (made-by 3 or 19) has its file type in the upper half
  /// of its attributes, and one made on MS-DOS, NTFS or VFAT (0, 11, 14) a folder bit
  /// (0x10).
  private static func isFile(named name: String, madeBy: UInt16, attributes: UInt32) -> Bool {
    let endsAsFolder = name.hasSuffix("/")
    switch madeBy >> 8 {
    case 3, 19:
      switch (attributes >> 16) & 0o170000 {
      case 0o100000: return true  // a regular file, whatever its name
      case 0o040000, 0o120000: return false  // a folder, a symbolic link
      default: return !endsAsFolder
      }
    case 0, 11, 14: return !endsAsFolder && attributes & 0x10 == 0  // MS-DOS, NTFS, VFAT
    default: return !endsAsFolder
    }
  }

  /// An entry's bytes after its local header (signature, …, name length at +26, extra
  /// length at +28, then the name, the extra fields and the bytes), whose name must be
  /// the directory's `name`.
  private static func entryBytes(
    in bytes: [UInt8], header: UInt64, count: UInt64, name: ArraySlice<UInt8>
  ) -> Bytes {
    guard header <= UInt64(bytes.count), count <= UInt64(bytes.count) else { return .outside }
    let local = Int(header)
    guard local + 30 <= bytes.count, uint32(bytes, local) == 0x0403_4B50 else { return .outside }
    let nameLength = Int(uint16(bytes, local + 26))
    let start = local + 30 + nameLength + Int(uint16(bytes, local + 28))
    guard start + Int(count) <= bytes.count else { return .outside }
    guard bytes[(local + 30)..<(local + 30 + nameLength)].elementsEqual(name) else { return .underAnotherName }
    return .at(start..<(start + Int(count)))
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

  // MARK: - The end records

  /// The offset of the end-of-central-directory record: the last 22 bytes, or further
  /// back by at most a 65,535-byte comment.
  private static func endRecord(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 22 else { return nil }
    let latest = bytes.count - 22
    let earliest = max(0, latest - 65535)
    return (earliest...latest).reversed().first { uint32(bytes, $0) == 0x0605_4B50 }
  }

  /// How many records the directory holds, where it starts, how many bytes it takes, and
  /// where it should end (where the end records begin). From the ZIP64 end record when a
  /// ZIP64 locator stands just before the end record (as every reader does it: an
  /// archive of exactly 65,535 entries says 0xFFFF without being ZIP64); otherwise from
  /// the end record (count at +10, size at +12, offset at +16). nil when the ZIP64
  /// records or the directory lie outside the archive.
  private static func directory(
    in bytes: [UInt8], end: Int
  ) -> (count: Int, start: Int, size: Int, expectedEnd: Int)? {
    var count = UInt64(uint16(bytes, end + 10))
    var size = UInt64(uint32(bytes, end + 12))
    var start = UInt64(uint32(bytes, end + 16))
    var expectedEnd = end
    // The locator: signature, disk, the ZIP64 end record's offset at +8.
    let locator = end - 20
    if locator >= 0, uint32(bytes, locator) == 0x0706_4B50 {
      // The ZIP64 end record: signature, …, the entry count at +32, the directory's size
      // at +40 and offset at +48.
      let record = uint64(bytes, locator + 8)
      guard record <= UInt64(bytes.count), Int(record) + 56 <= bytes.count, uint32(bytes, Int(record)) == 0x0606_4B50
      else { return nil }
      count = uint64(bytes, Int(record) + 32)
      size = uint64(bytes, Int(record) + 40)
      start = uint64(bytes, Int(record) + 48)
      expectedEnd = Int(record)
    }
    // A record takes at least 46 bytes: a count beyond that is not a directory's.
    guard start <= UInt64(bytes.count), size <= UInt64(bytes.count), count <= UInt64(bytes.count / 46) else {
      return nil
    }
    return (Int(count), Int(start), Int(size), expectedEnd)
  }

  // MARK: - Little-endian numbers

  private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
  }

  private static func uint64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    UInt64(uint32(bytes, offset)) | UInt64(uint32(bytes, offset + 4)) << 32
  }
}

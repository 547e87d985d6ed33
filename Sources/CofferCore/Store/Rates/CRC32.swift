import SystemZlib

/// CRC-32 (IEEE 802.3, the one zlib and zip use): how a day's rates blob tells damage to
/// any of its bytes from a value that merely looks plausible. zlib's own, which folds
/// several bytes a step: a total by month checks 120 days' rates, some 50 kB.
enum CRC32 {
  /// The checksum of the parts' bytes, one after another.
  static func checksum(_ parts: UnsafeRawBufferPointer...) -> UInt32 {
    var crc = crc32(0, nil, 0)
    for part in parts where part.count > 0 {
      // A rates blob is far below 4 GB (zlib counts bytes in a 32-bit `uInt`); a larger
      // part is taken in pieces all the same.
      var offset = 0
      while offset < part.count {
        let count = min(part.count - offset, Int(UInt32.max))
        crc = crc32(crc, part.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(count))
        offset += count
      }
    }
    return UInt32(truncatingIfNeeded: crc)
  }
}

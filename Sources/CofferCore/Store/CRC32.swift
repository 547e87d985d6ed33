/// CRC-32 (IEEE 802.3, the one zlib and zip use): how a day's rates blob tells damage to
/// any of its bytes from a value that merely looks plausible.
enum CRC32 {
  /// Four tables of 256 one after another, for the checksum four bytes at a time ("slicing
  /// by four"): the first is the classic table, the CRC of one byte; the one `k` further
  /// on holds the CRC of a byte followed by `k` zero bytes. Four bytes then fold in through
  /// four lookups that do not wait on one another, where a byte at a time waits on the
  /// lookup before: a total by month checks 120 days' rates, some 50 kB.
  private static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 4 * 256)
    for index in 0..<256 {
      var value = UInt32(index)
      for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
      table[index] = value
    }
    for slice in 1..<4 {
      for index in 0..<256 {
        let previous = table[(slice - 1) * 256 + index]
        table[slice * 256 + index] = table[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return table
  }()

  /// The checksum of the parts' bytes, one after another.
  static func checksum(_ parts: UnsafeRawBufferPointer...) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    table.withUnsafeBufferPointer { table in
      for part in parts {
        var offset = 0
        while offset + 4 <= part.count {
          let word =
            crc
            ^ (UInt32(part[offset]) | UInt32(part[offset + 1]) << 8 | UInt32(part[offset + 2]) << 16
              | UInt32(part[offset + 3]) << 24)
          crc =
            table[768 + Int(word & 0xFF)] ^ table[512 + Int((word >> 8) & 0xFF)]
            ^ table[256 + Int((word >> 16) & 0xFF)] ^ table[Int(word >> 24)]
          offset += 4
        }
        while offset < part.count {
          crc = table[Int((crc ^ UInt32(part[offset])) & 0xFF)] ^ (crc >> 8)
          offset += 1
        }
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}

/// CRC-32 (IEEE 802.3, the one zlib and zip use): how a day's rates blob tells damage to
/// any of its bytes from a value that merely looks plausible.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The checksum of the parts' bytes, one after another.
  static func checksum(_ parts: UnsafeRawBufferPointer...) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for part in parts {
      for byte in part { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    return crc ^ 0xFFFF_FFFF
  }
}

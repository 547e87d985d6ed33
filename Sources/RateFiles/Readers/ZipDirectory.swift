import Foundation

/// Reads a zip archive's central directory just far enough to find encrypted entries,
/// which ZIPFoundation leaves out without saying so (an encrypted archive looked empty).
enum ZipDirectory {
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

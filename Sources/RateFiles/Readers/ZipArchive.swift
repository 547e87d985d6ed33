import CMemoryFile
import CZlib
import CofferCore
import Foundation
import ZIPFoundation

/// Unpacks zip archives in this process, with ZIPFoundation over zlib (linked into
/// Coffer: unpacking the ECB's history here rather than in the `coffer-rates` helper
/// took an import from 66 to 45 ms, the helper's start and the pipe both ways gone).
package enum ZipArchive {
  /// The files of the archive, unpacked and checked against their CRC. Each entry's
  /// declared size is checked before it is unpacked and its bytes are counted as they
  /// come, so a bomb (2 GiB in 2 MB) is refused at `limit` bytes, whatever its headers
  /// claim; so are all the entries together. `shouldStop` is asked between chunks: true
  /// ends the unpacking, and the import that asked reports the interruption.
  package static func members(
    in data: Data, limit: Int = RateLimits.maximumBytes, shouldStop: () -> Bool = { false }
  ) throws(RateFileError) -> [ZipMember] {
    // ZIPFoundation skips encrypted entries (and every entry after one) without a word.
    if let locked = ZipDirectory.firstEncryptedEntry(in: data) {
      throw RateFileError("the zip is encrypted; Coffer reads only unencrypted archives", place: "entry \(locked)")
    }
    let archive = try Self.archive(data)
    let tooLarge = "unpacks to more than \(RateLimits.maximumText)"
    var members: [ZipMember] = []
    var unpacked = 0
    var entries = 0
    for entry in archive {
      entries += 1
      guard entry.type == .file else { continue }
      let room = limit - unpacked
      guard entry.uncompressedSize <= UInt64(room) else {
        throw RateFileError(
          unpacked == 0 ? tooLarge : "with the entries before it, \(tooLarge)", place: "entry \(entry.path)")
      }
      // Room for the size the entry declares (at most `room`), so that the bytes are not
      // copied again and again as they come.
      var contents = Data()
      contents.reserveCapacity(Int(entry.uncompressedSize))
      var checksum: UInt = 0
      do {
        // zlib's crc32 rather than ZIPFoundation's, which reads a byte at a time: 3 ms
        // of the ECB history's 1.9 MB.
        _ = try archive.extract(entry, skipCRC32: true) { chunk in
          guard chunk.count <= room - contents.count else { throw OverLimit() }
          guard !shouldStop() else { throw Stopped() }
          chunk.withUnsafeBytes { bytes in
            checksum = crc32(checksum, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count))
          }
          contents.append(chunk)
        }
      } catch is OverLimit {
        throw RateFileError(tooLarge, place: "entry \(entry.path)")
      } catch is Stopped {
        throw RateFileError("stopped while unpacking the zip", place: "entry \(entry.path)")
      } catch {
        throw RateFileError("cannot unpack \(entry.path): \(error)", place: "entry \(entry.path)")
      }
      // ZIPFoundation hands over the bytes without comparing them with the CRC the
      // archive gives: a damaged entry would otherwise be read as if whole.
      guard UInt32(truncatingIfNeeded: checksum) == entry.checksum else {
        throw RateFileError(
          "the zip is damaged: \(entry.path)'s bytes do not match their CRC "
            + "(\(hex(UInt32(truncatingIfNeeded: checksum))) where the archive says \(hex(entry.checksum)))",
          place: "entry \(entry.path)")
      }
      unpacked += contents.count
      // An entry smaller than it declared would hold on to the room made for it: many
      // such entries would keep gigabytes of address space for nothing.
      if contents.count < entry.uncompressedSize { contents = contents.withUnsafeBytes { Data($0) } }
      members.append(ZipMember(path: entry.path, data: contents))
    }
    // ZIPFoundation stops at the first entry it cannot read, without a word.
    if let declared = ZipDirectory.declaredEntryCount(in: data), entries < declared {
      throw RateFileError(
        "the zip is damaged: its directory lists \(declared) \(declared == 1 ? "entry" : "entries"), "
          + "\(entries == 0 ? "none" : "only \(entries)") of which can be read", byte: 0)
    }
    return members
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// The archive, read from an anonymous file in memory holding `data`. ZIPFoundation's
  /// in-memory archive (`Archive(data:)`) traps when a header sends it past the end of
  /// its bytes, and a damaged zip's offsets may point anywhere (the rates fuzzer found
  /// one: the helper died of SIGILL); read from a file, the same read finds the end of
  /// the file and the archive is refused as unreadable.
  private static func archive(_ data: Data) throws(RateFileError) -> Archive {
    let descriptor = coffer_memory_file("coffer-zip")
    guard descriptor >= 0 else {
      throw RateFileError("cannot hold the zip in memory: \(String(cString: strerror(errno)))", byte: 0)
    }
    // The archive opens a file of its own on it; this descriptor is not needed after.
    defer { close(descriptor) }
    var written = 0
    while written < data.count {
      let result = data.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        throw RateFileError("cannot hold the zip in memory: \(String(cString: strerror(errno)))", byte: written)
      }
      written += result
    }
    do {
      return try Archive(url: URL(fileURLWithPath: "/proc/self/fd/\(descriptor)"), accessMode: .read)
    } catch {
      throw RateFileError("not a readable zip archive", byte: 0)
    }
  }

  /// Thrown from inside `extract` to stop unpacking at the limit.
  private struct OverLimit: Error {}
  /// Thrown from inside `extract` when `shouldStop` turns true.
  private struct Stopped: Error {}
}

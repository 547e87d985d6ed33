import CMemoryFile
import CZlib
import CofferCore
import Foundation
import ZIPFoundation

/// Unpacks zip archives in this process (linked into Coffer: unpacking the ECB's history
/// here rather than in the `coffer-rates` helper took an import from 66 to 45 ms, the
/// helper's start and the pipe both ways gone). ZIPFoundation lists the entries (their
/// names and kinds); each entry's bytes are found through the directory (`ZipDirectory`)
/// and inflated with zlib from exactly those bytes. ZIPFoundation's own extraction is not
/// used: on Linux, its inflate loop reads on past the entry and spins for ever at the end
/// of a file whose stream is cut short (a bit flipped is enough), where nothing can stop
/// it but SIGKILL.
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
    let placements = ZipDirectory.placements(in: data)
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
      // ZIPFoundation lists the directory's records in order, as `placements` holds them.
      guard let placements, entries <= placements.count, let placement = placements[entries - 1] else {
        throw RateFileError(
          "the zip is damaged: \(entry.path)'s bytes lie outside the archive", place: "entry \(entry.path)")
      }
      var contents: Data
      do {
        contents = try unpack(
          data, placement, declared: Int(entry.uncompressedSize), room: room, shouldStop: shouldStop)
      } catch {
        switch error {
        case .overLimit: throw RateFileError(tooLarge, place: "entry \(entry.path)")
        case .stopped: throw RateFileError("stopped while unpacking the zip", place: "entry \(entry.path)")
        case .damaged(let reason):
          throw RateFileError("the zip is damaged: \(entry.path) \(reason)", place: "entry \(entry.path)")
        }
      }
      let checksum = contents.withUnsafeBytes { bytes in
        UInt32(truncatingIfNeeded: crc32(0, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count)))
      }
      // The directory's CRC, not a data descriptor's: ZIPFoundation would hand the bytes
      // over without comparing them with either, and a damaged entry be read as whole.
      guard checksum == placement.checksum else {
        throw RateFileError(
          "the zip is damaged: \(entry.path)'s bytes do not match their CRC "
            + "(\(hex(checksum)) where the archive says \(hex(placement.checksum)))",
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

  /// Why an entry's bytes could not be unpacked.
  private enum UnpackFailure: Error {
    case overLimit
    case stopped
    /// Completes "the zip is damaged: PATH …".
    case damaged(String)
  }

  /// An entry's bytes, stored or inflated from exactly its `placement` in `data`, with
  /// room made for the `declared` size (at most `room`) so that they are not copied again
  /// and again as they come.
  private static func unpack(
    _ data: Data, _ placement: ZipDirectory.Placement, declared: Int, room: Int, shouldStop: () -> Bool
  ) throws(UnpackFailure) -> Data {
    let bytes = data[(data.startIndex + placement.start)..<(data.startIndex + placement.start + placement.count)]
    switch placement.method {
    case 0:
      guard bytes.count <= room else { throw .overLimit }
      return Data(bytes)
    case 8:
      var contents = Data()
      contents.reserveCapacity(min(declared, room))
      let result: Result<Void, UnpackFailure> = bytes.withUnsafeBytes { input in
        inflate(input, into: &contents, room: room, shouldStop: shouldStop)
      }
      try result.get()
      return contents
    default:
      throw .damaged("is packed by method \(placement.method); Coffer reads stored and deflated entries")
    }
  }

  /// Inflates the raw deflate stream `input` onto `contents`, a chunk at a time. zlib
  /// says when the input ends before the stream does (Z_BUF_ERROR: no progress is
  /// possible), so the loop always ends: each turn reads input or writes output, and
  /// the output is held to `room`.
  private static func inflate(
    _ input: UnsafeRawBufferPointer, into contents: inout Data, room: Int, shouldStop: () -> Bool
  ) -> Result<Void, UnpackFailure> {
    var stream = z_stream()
    guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return .failure(.damaged("cannot be inflated: zlib could not start"))
    }
    defer { inflateEnd(&stream) }
    // zlib does not write to its input; its pointer is not const only by its age.
    stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
    stream.avail_in = uInt(input.count)
    var chunk = [Bytef](repeating: 0, count: 1 << 16)
    while true {
      if shouldStop() { return .failure(.stopped) }
      let status = chunk.withUnsafeMutableBufferPointer { output in
        stream.next_out = output.baseAddress
        stream.avail_out = uInt(output.count)
        return CZlib.inflate(&stream, Z_NO_FLUSH)
      }
      let produced = chunk.count - Int(stream.avail_out)
      guard produced <= room - contents.count else { return .failure(.overLimit) }
      chunk.withUnsafeBufferPointer { contents.append(UnsafeBufferPointer(rebasing: $0.prefix(produced))) }
      switch status {
      case Z_STREAM_END: return .success(())
      case Z_OK: continue
      case Z_BUF_ERROR: return .failure(.damaged("ends before its compressed stream does"))
      default:
        let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
        return .failure(.damaged("cannot be inflated: \(reason)"))
      }
    }
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
}

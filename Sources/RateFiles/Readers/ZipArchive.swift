import CofferCore
import CofferText
import Foundation
import SystemZlib

/// Unpacks zip archives in this process (linked into Coffer: unpacking the ECB's history
/// here rather than in the `coffer-rates` helper took an import from 66 to 45 ms, the
/// helper's start and the pipe both ways gone). The directory is read by `ZipDirectory`
/// and each entry inflated with zlib from exactly its own bytes.
///
/// ZIPFoundation is not used: in a process that must not crash, it could not be trusted
/// with hostile archives. On Linux its inflate loop reads on past an entry and spins for
/// ever at the end of a file whose stream is cut short (one flipped bit is enough), where
/// nothing but SIGKILL stops it; it traps on a ZIP64 offset of 2^63 or more; and it
/// hands an entry over without comparing it with its CRC.
package enum ZipArchive {
  /// The files of the archive, unpacked and checked against their CRC. Each entry's
  /// declared size is checked before it is unpacked and its bytes are counted as they
  /// come, so a bomb (2 GiB in 2 MB) is refused at `limit` bytes, whatever its headers
  /// claim; so are all the entries together. `shouldStop` is asked between chunks: true
  /// ends the unpacking, and the import that asked reports the interruption.
  package static func members(
    in data: Data, limit: Int = RateLimits.maximumBytes, shouldStop: () -> Bool = { false }
  ) throws(RateFileError) -> [ZipMember] {
    let entries: [ZipDirectory.Entry]
    switch ZipDirectory.read(data) {
    case .entries(let all): entries = all
    case .notAnArchive: throw RateFileError(tr("not a readable zip archive"), byte: 0)
    case .inconsistent:
      throw RateFileError(
        tr(
          """
          the zip is damaged: its directory's size and place disagree with the entries it lists, so it can be read \
          in more than one way
          """), byte: 0)
    case .damaged(let declared, let readable):
      let read = readable == 0 ? tr("none") : tr("only {count}", ["count": String(readable)])
      throw RateFileError(
        tr(
          "the zip is damaged: its directory lists {count} entry, {readable} of which can be read",
          "the zip is damaged: its directory lists {count} entries, {readable} of which can be read",
          count: declared, ["readable": read]), byte: 0)
    }
    if let locked = entries.first(where: \.isEncrypted) {
      throw RateFileError(
        tr("the zip is encrypted; Coffer reads only unencrypted archives"),
        place: tr("entry {name}", ["name": locked.name]))
    }
    let tooLarge = tr("unpacks to more than {size}", ["size": RateLimits.maximumText])
    var members: [ZipMember] = []
    var unpacked = 0
    for entry in entries where entry.isFile {
      let place = tr("entry {name}", ["name": entry.name])
      let room = limit - unpacked
      guard entry.unpackedSize <= UInt64(room) else {
        throw RateFileError(
          unpacked == 0 ? tooLarge : tr("with the entries before it, {reason}", ["reason": tooLarge]), place: place)
      }
      let range: Range<Int>
      switch entry.bytes {
      case .at(let bytes): range = bytes
      case .outside:
        throw RateFileError(
          tr("the zip is damaged: {name}'s bytes lie outside the archive", ["name": entry.name]), place: place)
      case .underAnotherName:
        throw RateFileError(
          tr("the zip is damaged: {name}'s local header gives it another name", ["name": entry.name]), place: place)
      }
      let contents: Data
      do {
        contents = try unpack(
          data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)], of: entry, room: room,
          shouldStop: shouldStop)
      } catch {
        switch error {
        case .overLimit: throw RateFileError(tooLarge, place: place)
        case .stopped: throw RateFileError(tr("stopped while unpacking the zip"), place: place)
        case .damaged(let reason):
          throw RateFileError(
            tr("the zip is damaged: {name} {reason}", ["name": entry.name, "reason": reason]), place: place)
        case .unknownMethod:
          throw RateFileError(
            tr(
              "{name} is packed by method {method}; Coffer reads stored and deflated entries",
              ["name": entry.name, "method": "\(entry.method)"]),
            place: place)
        }
      }
      let checksum = contents.withUnsafeBytes { bytes in
        UInt32(truncatingIfNeeded: crc32(0, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count)))
      }
      guard checksum == entry.checksum else {
        throw RateFileError(
          tr(
            "the zip is damaged: {name}'s bytes do not match their CRC ({checksum} where the archive says {expected})",
            ["name": entry.name, "checksum": hex(checksum), "expected": hex(entry.checksum)]), place: place)
      }
      unpacked += contents.count
      members.append(ZipMember(path: entry.name, data: contents))
    }
    return members
  }

  /// Why an entry's bytes could not be unpacked.
  private enum UnpackFailure: Error {
    case overLimit
    case stopped
    /// Completes "the zip is damaged: PATH …".
    case damaged(String)
    /// Neither stored nor deflated (bzip2, LZMA, …).
    case unknownMethod
  }

  /// An entry's `bytes`, stored or inflated, with room made for the size it declares
  /// (at most `room`) so that they are not copied again and again as they come. Either
  /// way, the bytes must be as many as the entry declares.
  private static func unpack(
    _ bytes: Data, of entry: ZipDirectory.Entry, room: Int, shouldStop: () -> Bool
  ) throws(UnpackFailure) -> Data {
    switch entry.method {
    case 0:
      // Stored: its bytes are the file, and both its sizes say how many there are.
      guard UInt64(bytes.count) == entry.unpackedSize else {
        throw .damaged(
          tr(
            "is stored in {size} bytes but says it holds {declared}",
            ["size": "\(bytes.count)", "declared": "\(entry.unpackedSize)"]))
      }
      guard bytes.count <= room else { throw .overLimit }
      return Data(bytes)
    case 8:
      // Deflate packs at most 1,032 bytes into one: room beyond that (an empty stream
      // declaring 64 MiB, a million times over) would be claimed for nothing.
      var contents = Data()
      contents.reserveCapacity(min(Int(entry.unpackedSize), room, bytes.count * 1032 + 65536))
      let result: Result<Void, UnpackFailure> = bytes.withUnsafeBytes { input in
        inflate(input, into: &contents, room: room, shouldStop: shouldStop)
      }
      try result.get()
      guard UInt64(contents.count) == entry.unpackedSize else {
        throw .damaged(
          tr(
            "unpacks to {size} bytes but says it holds {declared}",
            ["size": "\(contents.count)", "declared": "\(entry.unpackedSize)"]))
      }
      return contents
    default:
      throw .unknownMethod
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
      return .failure(.damaged(tr("cannot be inflated: zlib could not start")))
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
        return SystemZlib.inflate(&stream, Z_NO_FLUSH)
      }
      let produced = chunk.count - Int(stream.avail_out)
      guard produced <= room - contents.count else { return .failure(.overLimit) }
      chunk.withUnsafeBufferPointer { contents.append(UnsafeBufferPointer(rebasing: $0.prefix(produced))) }
      switch status {
      case Z_STREAM_END: return .success(())
      case Z_OK: continue
      case Z_BUF_ERROR: return .failure(.damaged(tr("ends before its compressed stream does")))
      default:
        let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
        return .failure(.damaged(tr("cannot be inflated: {reason}", ["reason": reason])))
      }
    }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}

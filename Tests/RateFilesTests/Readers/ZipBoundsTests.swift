import Foundation
import Testing

@testable import RateFiles

/// Zip archives are unpacked only up to the limit, whatever their headers say, and an
/// encrypted one says so.
@Suite struct ZipBoundsTests {
  let temporary = TemporaryFolder()

  /// notes.txt ("hello\n"), stored; made with Python's zipfile.
  static let smallZip = [UInt8](
    Data(
      base64Encoded:
        "UEsDBBQAAAAAAAAAIQAgMDo2BgAAAAYAAAAJAAAAbm90ZXMudHh0aGVsbG8KUEsBAhQDFAAAAAAAAAAhACAwOjYGAAAABgAAAAkAAAAAAAAAAAAAAIABAAAAAG5vdGVzLnR4dFBLBQYAAAAAAQABADcAAAAtAAAAAAA="
    ) ?? Data())

  /// A zip of one deflated entry, `bomb.csv`, of `size` zero bytes; the sizes its headers
  /// declare are `declared` when given (a lie).
  static func bomb(size: Int, declared: UInt32? = nil) throws -> Data {
    let temporary = TemporaryFolder()
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.path
    let script = """
      import sys, zipfile
      size, path = int(sys.argv[1]), sys.argv[2]
      with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
          with z.open('bomb.csv', 'w', force_zip64=False) as f:
              chunk = bytes(1 << 20)
              for _ in range(size >> 20): f.write(chunk)
              f.write(bytes(size & ((1 << 20) - 1)))
      """
    let result = try ChildProcess.run(["python3", "-c", script, String(size), folder + "/bomb.zip"], input: nil)
    #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/bomb.zip")))
    if let declared {
      // The uncompressed size: at 22 in the local header, at 24 in the central one.
      let central = try #require(findSignature([0x50, 0x4B, 0x01, 0x02], in: bytes))
      for offset in [22, central + 24] {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: declared >> (8 * index)) }
      }
    }
    return Data(bytes)
  }

  static func findSignature(_ signature: [UInt8], in bytes: [UInt8]) -> Int? {
    (0...(bytes.count - signature.count)).first { bytes[$0..<($0 + signature.count)].elementsEqual(signature) }
  }

  @Test func anEntryDeclaredLargerThanTheLimitIsRefusedUnopened() throws {
    let zip = try Self.bomb(size: 3 << 20)
    #expect(throws: RateFileError("unpacks to more than 64 MiB", place: "entry bomb.csv")) {
      try ZipArchive.members(in: zip, limit: 1 << 20)
    }
  }

  @Test func anEntryThatLiesAboutItsSizeIsCutAtTheLimit() throws {
    let zip = try Self.bomb(size: 3 << 20, declared: 100)
    #expect(throws: RateFileError("unpacks to more than 64 MiB", place: "entry bomb.csv")) {
      try ZipArchive.members(in: zip, limit: 1 << 20)
    }
    // Under the limit, the bytes counted are compared with the header: a lie is damage.
    #expect(
      throws: RateFileError(
        "the zip is damaged: bomb.csv unpacks to 3145728 bytes but says it holds 100", place: "entry bomb.csv")
    ) {
      try ZipArchive.members(in: zip, limit: 4 << 20)
    }
  }

  @Test func aBombAtTheRealLimitIsRefusedQuickly() throws {
    let zip = try Self.bomb(size: (64 << 20) + 1, declared: 1000)
    let started = ContinuousClock.now
    #expect(throws: RateFileError("unpacks to more than 64 MiB", place: "entry bomb.csv")) {
      try ZipArchive.members(in: zip)
    }
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test func anEncryptedZipSaysSo() throws {
    var bytes = Self.smallZip
    // Set the "encrypted" flag (bit 0 of the flags at 6 and at 8 of the central header).
    let central = try #require(Self.findSignature([0x50, 0x4B, 0x01, 0x02], in: bytes))
    bytes[6] |= 1
    bytes[central + 8] |= 1
    #expect(
      throws: RateFileError("the zip is encrypted; Coffer reads only unencrypted archives", place: "entry notes.txt")
    ) {
      try ZipArchive.members(in: Data(bytes))
    }
    // Unflagged, the same archive reads.
    #expect(try ZipArchive.members(in: Data(Self.smallZip)).map(\.path) == ["notes.txt"])
  }

  /// ZIPFoundation hands over an entry's bytes without comparing them with the CRC the
  /// archive gives; a zip whose CRC does not match its bytes is damaged, and refused.
  @Test func anEntryWhoseBytesDoNotMatchItsCRCIsRefused() throws {
    let central = try #require(Self.findSignature([0x50, 0x4B, 0x01, 0x02], in: Self.smallZip))
    // The CRC: at 14 in the local header, at 16 in the central one.
    for (offsets, name) in [([14, central + 16], "both headers"), ([central + 16], "the directory")] {
      var bytes = Self.smallZip
      for offset in offsets { bytes[offset] ^= 0x01 }
      #expect(
        throws: RateFileError(
          "the zip is damaged: notes.txt's bytes do not match their CRC (363a3020 where the archive says 363a3021)",
          place: "entry notes.txt"), "\(name)"
      ) {
        try ZipArchive.members(in: Data(bytes))
      }
    }
    #expect(try ZipArchive.members(in: Data(Self.smallZip)).first?.data == Data("hello\n".utf8))
  }

  /// Each entry's room is made from the size it declares; entries that declare 60 MB and
  /// hold 6 bytes are damaged, and must not keep that room (a hundred of them once held
  /// 6 GB of address space).
  @Test func entriesSmallerThanTheyDeclareAreDamagedAndKeepNoRoom() throws {
    let folder = temporary.path
    let script = """
      import struct, sys, zipfile
      path = sys.argv[1]
      with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
          for index in range(100): z.writestr('note%d.txt' % index, 'hello\\n')
      data = bytearray(open(path, 'rb').read())
      # The uncompressed size: at 22 in each local header, at 24 in each central one.
      for signature, offset in ((b'PK\\x03\\x04', 22), (b'PK\\x01\\x02', 24)):
          at = data.find(signature)
          while at >= 0:
              struct.pack_into('<I', data, at + offset, 60 << 20)
              at = data.find(signature, at + 4)
      open(path, 'wb').write(data)
      """
    let result = try ChildProcess.run(["python3", "-c", script, folder + "/liars.zip"], input: nil)
    #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
    let zip = try Data(contentsOf: URL(fileURLWithPath: folder + "/liars.zip"))
    let before = try Self.addressSpace()
    #expect(
      throws: RateFileError(
        "the zip is damaged: note0.txt unpacks to 6 bytes but says it holds 62914560", place: "entry note0.txt")
    ) {
      try ZipArchive.members(in: zip)
    }
    let grown = try Self.addressSpace() - before
    #expect(grown < 1 << 30, "the address space grew by \(grown) bytes")
  }

  /// The process's address space in bytes (VmSize in /proc/self/status).
  static func addressSpace() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmSize:") })
    let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    return kilobytes * 1024
  }

  /// A deflated entry whose stream goes on past its bytes (a stored block that claims
  /// 65,535 bytes and holds 40). ZIPFoundation's inflate loop read on past the entry and
  /// spun for ever at the end of the file, and nothing but SIGKILL stopped it.
  @Test func aDeflateStreamCutShortIsRefusedNotSpunOn() throws {
    let zip = try #require(
      Data(
        base64Encoded:
          "UEsDBBQAAAAIAAAAAAAAAAAALQAAAAoAAAAJAAAAcmF0ZXMuY3N2AP//AABEYXRlLFVTRCxKUFksCjIwMjQtMDYtMjgsMS4wNzA1LDE3MS45NCwKUEsBAhQAFAAAAAgAAAAAAAAAAAAtAAAACgAAAAkAAAAAAAAAAAAAAAAAAAAAAHJhdGVzLmNzdlBLBQYAAAAAAQABADcAAABUAAAAAAA="
      ))
    #expect(
      throws: RateFileError(
        "the zip is damaged: rates.csv ends before its compressed stream does", place: "entry rates.csv")
    ) {
      try ZipArchive.members(in: zip)
    }
    // Found by the rates fuzzer (a libFuzzer timeout): a README and a CSV, flipped bits.
    let fuzzed = try #require(
      Data(
        base64Encoded:
          "UEsDBBQAAAAIAAAAdl2/rvwdCAAAAAYAAAAKAAAAUiRBRE1FLnR4dCtKLEkt5gIAUEsDBBQAAAAIAAAAdl3W50cUCwEAAJ0BAAAJAAAAcmF0ZXMuY3N2HU/LbsJADLz3K/wBlrW79r6OQFpCAyFKQC3c2opzpYr/V2dz8Y494/Fs9/V8MF2Xjul9ujHt7gNTN6DstxNTf31jmo4j03xGWV5B7HrMDgvQeEa5zFjbXGGwnY9gN0C7EbN+ADp0M8pxQRmBhvmD6fQJq9MN7XiHZOpxaNkDXfot030D4kUdnX+ev9+PPwouJCYv3ueAN0dJhSmYaFSmLJY1MjkpqsUxaUqiIEzMKYRR1Cxj0UnNTYDXV8NAkzi3EuoDQIxSnI/tVqwOCvCphrVPLq23tGUpklPEHMmQxsNcxWpcvbBTrCGrHjKIkDxoboGihtW9ltCSgzBtvYUCN834qBR04osQvvwDUEsBAhQDFAAAAAgAAAB2Xb+u/B0IAAAABgAAAAoAAAAAAAAAAAAAAIABAAAAAFJFQURNRS50eHRQSwECFAMUAAAACAAAAHZd1udHFAsBAACdAQAACQAAAAAAAAAAAAAAgAEwAAAAcmFbdGVzLmNzdlBLBQYAAABAAgACAG8AAABiAQAAAAA="
      ))
    #expect(throws: RateFileError.self) { try ZipArchive.members(in: fuzzed) }
  }

  /// A ZIP64 archive: the entry's sizes and offset, and the directory's count and place,
  /// are all in the ZIP64 records (written by hand; Python's zipfile reads it).
  @Test func aZIP64ArchiveIsRead() throws {
    let zip = try #require(
      Data(
        base64Encoded:
          "UEsDBC0AAAAAAAAAAACQ3dCT//////////8JABQAcmF0ZXMuY3N2AQAQACgAAAAAAAAAKAAAAAAAAABEYXRlLFVTRCxKUFksCjIwMjQtMDYtMjgsMS4wNzA1LDE3MS45NCwKUEsBAi0ALQAAAAAAAAAAAJDd0JP//////////wkAHAAAAAAAAAAAAAAA/////3JhdGVzLmNzdgEAGAAoAAAAAAAAACgAAAAAAAAAAAAAAAAAAABQSwYGLAAAAAAAAAAtAC0AAAAAAAAAAAABAAAAAAAAAAEAAAAAAAAAUwAAAAAAAABjAAAAAAAAAFBLBgcAAAAAtgAAAAAAAAABAAAAUEsFBgAAAAD///////////////8AAA=="
      ))
    let members = try ZipArchive.members(in: zip)
    #expect(members.map(\.path) == ["rates.csv"])
    #expect(members.first?.data == Data("Date,USD,JPY,\n2024-06-28,1.0705,171.94,\n".utf8))
  }

  /// Archives a reviewer made to break the reading of the directory (Python's struct):
  /// ZIPFoundation trapped on the first two, paired one directory's names with another's
  /// bytes in the third, and dropped an encrypted entry of a ZIP64 directory in the last.
  @Test func hostileDirectoriesAreRefusedOrReadAsPythonReadsThem() throws {
    let folder = temporary.path
    let script = """
      import struct, sys, zlib
      folder = sys.argv[1]
      CSV = b"Date,USD,JPY,CNY,\\n2024-06-28,1.0705,171.94,7.7,\\n"
      CSV2 = b"Date,USD,JPY,CNY,\\n2024-06-27,1.0700,171.00,7.6,\\n"
      def lh(name, data, flags=0):
          return struct.pack('<4sHHHHHIIIHH', b'PK\\x03\\x04', 20, flags, 0, 0, 0, zlib.crc32(data), len(data),
              len(data), len(name), 0) + name + data
      def cd(name, data, off, extra=b'', flags=0, sizes=None):
          size = len(data) if sizes is None else sizes
          return struct.pack('<4sHHHHHHIIIHHHHHII', b'PK\\x01\\x02', 0x031e, 45, flags, 0, 0, 0, zlib.crc32(data),
              size, size, len(name), len(extra), 0, 0, 0, 0o100644 << 16, off) + name + extra
      def eocd(n, size, off): return struct.pack('<4sHHHHIIH', b'PK\\x05\\x06', 0, 0, n, n, size, off, 0)
      def z64rec(n, size, off): return struct.pack('<4sQHHIIQQQQ', b'PK\\x06\\x06', 44, 45, 45, 0, 0, n, n, size, off)
      def z64loc(off): return struct.pack('<4sIQI', b'PK\\x06\\x07', 0, off, 1)
      def write(name, data): open(folder + '/' + name, 'wb').write(data)
      # The local header's offset is 2^63, in the ZIP64 field.
      l = lh(b'rates.csv', CSV); c = cd(b'rates.csv', CSV, 0xFFFFFFFF, extra=struct.pack('<HHQ', 1, 8, 2**63))
      write('offset.zip', l + c + eocd(1, len(c), len(l)))
      # A compressed size of 2^64 - 1, in the ZIP64 field.
      ex = struct.pack('<HHQQ', 1, 16, len(CSV), 2**64 - 1)
      l = lh(b'rates.csv', CSV); c = cd(b'rates.csv', CSV, 0, extra=ex, sizes=0xFFFFFFFF)
      write('size.zip', l + c + eocd(1, len(c), len(l)))
      # The ZIP64 end record lists other.csv, the plain one rates.csv.
      lA = lh(b'rates.csv', CSV); lB = lh(b'other.csv', CSV2)
      cA = cd(b'rates.csv', CSV, 0); cB = cd(b'other.csv', CSV2, len(lA))
      d = lA + lB; a = len(d); d += cA; b = len(d); d += cB; r = len(d)
      write('two.zip', d + z64rec(1, len(cB), b) + z64loc(r) + eocd(1, len(cA), a))
      # A ZIP64 directory whose second entry is encrypted.
      l1 = lh(b'rates.csv', CSV); l2 = lh(b'secret.csv', CSV2, flags=1)
      c1 = cd(b'rates.csv', CSV, 0); c2 = cd(b'secret.csv', CSV2, len(l1), flags=1)
      body = l1 + l2 + c1 + c2
      write('secret.zip', body + z64rec(2, len(c1 + c2), len(l1 + l2)) + z64loc(len(body))
          + struct.pack('<4sHHHHIIH', b'PK\\x05\\x06', 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0))
      """
    let result = try ChildProcess.run(["python3", "-c", script, folder], input: nil)
    #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
    func zip(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
    for name in ["offset.zip", "size.zip"] {
      #expect(
        throws: RateFileError(
          "the zip is damaged: rates.csv's bytes lie outside the archive", place: "entry rates.csv"),
        "\(name)"
      ) {
        try ZipArchive.members(in: zip(name))
      }
    }
    let two = try ZipArchive.members(in: zip("two.zip"))
    #expect(two.map(\.path) == ["other.csv"])
    #expect(two.first?.data == Data("Date,USD,JPY,CNY,\n2024-06-27,1.0700,171.00,7.6,\n".utf8))
    #expect(
      throws: RateFileError("the zip is encrypted; Coffer reads only unencrypted archives", place: "entry secret.csv")
    ) {
      try ZipArchive.members(in: zip("secret.zip"))
    }
  }

  /// Found by a third review, each an archive other readers would read otherwise: a
  /// folder by its MS-DOS bit among others (0x30), a local header naming another file,
  /// and directories whose size and place disagree with their count (Python and unzip
  /// read other records than the count and start give).
  @Test func archivesReadersWouldDisagreeOnAreRefusedOrPassedOver() throws {
    func zip(_ text: String) throws -> Data { try #require(Data(base64Encoded: text)) }
    #expect(
      try ZipArchive.members(
        in: zip(
          "UEsDBC0AAAAAAAAAAACRNGvoMAAAADAAAAAJAAAAcmF0ZXMuY3N2RGF0ZSxVU0QsSlBZLENOWSwKMjAyNC0wNi0yOCwxLjA3MDUsMTcxLjk0LDcuNywKUEsBAhQALQAAAAAAAAAAAJE0a+gwAAAAMAAAAAkAAAAAAAAAAAAwAAAAAAAAAHJhdGVzLmNzdlBLBQYAAAAAAQABADcAAABXAAAAAAA="
        )
      ).isEmpty)
    #expect(
      throws: RateFileError(
        "the zip is damaged: rates.csv's local header gives it another name", place: "entry rates.csv")
    ) {
      try ZipArchive.members(
        in: zip(
          "UEsDBC0AAAAAAAAAAACRNGvoMAAAADAAAAAJAAAAb3RoZXIudHh0RGF0ZSxVU0QsSlBZLENOWSwKMjAyNC0wNi0yOCwxLjA3MDUsMTcxLjk0LDcuNywKUEsBAh4DLQAAAAAAAAAAAJE0a+gwAAAAMAAAAAkAAAAAAAAAAAAAAKSBAAAAAHJhdGVzLmNzdlBLBQYAAAAAAQABADcAAABXAAAAAAA="
        ))
    }
    let inconsistent = RateFileError(
      "the zip is damaged: its directory's size and place disagree with the entries it lists, "
        + "so it can be read in more than one way", byte: 0)
    for text in [
      "UEsDBC0AAAAAAAAAAACRNGvoMAAAADAAAAAJAAAAcmF0ZXMuY3N2RGF0ZSxVU0QsSlBZLENOWSwKMjAyNC0wNi0yOCwxLjA3MDUsMTcxLjk0LDcuNywKUEsDBC0AAAAAAAAAAADdgB/KMAAAADAAAAAJAAAAcmF0ZXMuY3N2RGF0ZSxVU0QsSlBZLENOWSwKMjAyNC0wNi0yNywxLjA3MDAsMTcxLjAwLDcuNiwKUEsBAh4DLQAAAAAAAAAAAJE0a+gwAAAAMAAAAAkAAAAAAAAAAAAAAKSBAAAAAHJhdGVzLmNzdlBLAQIeAy0AAAAAAAAAAADdgB/KMAAAADAAAAAJAAAAAAAAAAAAAACkgVcAAAByYXRlcy5jc3ZQSwUGAAAAAAEAAQBuAAAArgAAAAAA",
      "UEsDBC0AAAAAAAAAAADdgB/KMAAAADAAAAAJAAAAcmF0ZXMuY3N2RGF0ZSxVU0QsSlBZLENOWSwKMjAyNC0wNi0yNywxLjA3MDAsMTcxLjAwLDcuNiwKUEsDBC0AAAAAAAAAAACRNGvoMAAAADAAAAAJAAAAcmF0ZXMuY3N2RGF0ZSxVU0QsSlBZLENOWSwKMjAyNC0wNi0yOCwxLjA3MDUsMTcxLjk0LDcuNywKUEsBAh4DLQAAAAAAAAAAAN2AH8owAAAAMAAAAAkAAAAAAAAAAAAAAKSBAAAAAHJhdGVzLmNzdlBLAQIeAy0AAAAAAAAAAACRNGvoMAAAADAAAAAJAAAAAAAAAAAAAACkgSAAAAByYXRlcy5jc3ZQSwUGAAAAAAEAAQA3AAAArgAAAAAA",
    ] {
      #expect(throws: inconsistent) { try ZipArchive.members(in: zip(text)) }
    }
  }

  /// 65,535 entries fit the plain end record, whose count then reads 0xFFFF: that alone
  /// does not make the archive ZIP64 (Python's zipfile writes it so).
  @Test func anArchiveOf65535EntriesIsRead() throws {
    let folder = temporary.path
    let script = """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'w') as z:
          z.writestr('rates.csv', 'Date,USD,\\n2024-06-28,1.0705,\\n')
          for index in range(65534): z.writestr('d%d/' % index, b'')
      """
    let result = try ChildProcess.run(["python3", "-c", script, folder + "/many.zip"], input: nil)
    #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
    let members = try ZipArchive.members(in: Data(contentsOf: URL(fileURLWithPath: folder + "/many.zip")))
    #expect(members.map(\.path) == ["rates.csv"])
  }

  @Test func aStopEndsTheUnpacking() throws {
    let zip = try Self.bomb(size: 1 << 20)
    #expect(throws: RateFileError("stopped while unpacking the zip", place: "entry bomb.csv")) {
      try ZipArchive.members(in: zip, shouldStop: { true })
    }
    #expect(try ZipArchive.members(in: zip, shouldStop: { false }).first?.data.count == 1 << 20)
  }

  /// Found by the rates fuzzer: a zip whose directory sends the reader past the end of
  /// its bytes (its entry's local header). ZIPFoundation's in-memory archive trapped on
  /// it (the helper died of SIGILL); it is refused, damaged, naming the entry.
  @Test func aDirectoryPointingPastTheEndIsRefusedAsDamagedWithoutATrap() throws {
    let zip = try #require(
      Data(
        base64Encoded:
          "UEsDBBQAAAAIAAAAdl1JY2BTUwAAAG4AAAASAAAAZXVyb2Z4cmVmLWhpc3QuY3N2c0ksSdUJDXbR8QqI1HFy99NxjgzQcY7y1uEyMjAy0zU00DU20DHUMzQ0N9IxNDfUszQB8ixNTS10/PQddYxM9QyMTBFqjSw/i81MwbJoCg11uABQSwECFAMUAAAACAAAAHZdSWNgU1MAAABuAAAAEgAAAAAAAAAAAAAAgAEAAGUAAHVyb2Z4cmVmLWhpc3QuY3N2UEsFBgAAAAABAAEAQAAAAIMAAAAAAA=="
      ))
    #expect(
      throws: RateFileError(
        "the zip is damaged: \u{0}urofxref-hist.csv's bytes lie outside the archive",
        place: "entry \u{0}urofxref-hist.csv")
    ) {
      try ZipArchive.members(in: zip)
    }
    // A directory that lists more records than it holds.
    var listsTwo = Self.smallZip
    listsTwo[listsTwo.count - 22 + 8] = 2
    listsTwo[listsTwo.count - 22 + 10] = 2
    #expect(
      throws: RateFileError("the zip is damaged: its directory lists 2 entries, only 1 of which can be read", byte: 0)
    ) {
      try ZipArchive.members(in: Data(listsTwo))
    }
    // Cut at every byte, the small archive is refused or read, never a trap.
    for cut in 0..<Self.smallZip.count {
      _ = try? ZipArchive.members(in: Data(Self.smallZip.prefix(cut)))
    }
  }
}

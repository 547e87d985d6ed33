import CofferText
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the file given to `rates import` or `--rates`: a regular file of at most
/// `RateLimits.maximumBytes`. A folder, a FIFO or a device is named for what it is rather
/// than opened and read (a FIFO would wait for a writer, /dev/zero would never end).
package enum RatesFileLoader {
  /// Why the file was not read; completes "cannot read rates file PATH: …".
  package struct Problem: Error, Sendable, Equatable {
    package let reason: String
  }

  package static func read(_ path: String, limit: Int = RateLimits.maximumBytes) throws(Problem) -> [UInt8] {
    // O_NONBLOCK: opening a FIFO with no writer returns at once; fstat then refuses it.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Problem(reason: systemReason(errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Problem(reason: systemReason(errno)) }
    if let kind = kind(of: info.st_mode) { throw Problem(reason: kind) }
    guard info.st_size <= limit else { throw tooLarge(limit) }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var count = 0
    while true {
      // The file may have grown since fstat: read on until the end or past the limit.
      if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count))) }
      let read = bytes.withUnsafeMutableBytes { buffer in
        readDescriptor(descriptor, into: buffer.baseAddress.map { $0 + count }, count: buffer.count - count)
      }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else { throw Problem(reason: systemReason(errno)) }
      if read == 0 { break }
      count += read
      guard count <= limit else { throw tooLarge(limit) }
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  private static func tooLarge(_ limit: Int) -> Problem {
    Problem(
      reason: tr(
        "it is larger than {size}",
        [
          "size": limit == RateLimits.maximumBytes
            ? RateLimits.maximumText : tr("{count} bytes", ["count": String(limit)])
        ]))
  }

  /// What a file that is not a regular file is, or nil for a regular file.
  private static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: tr("it is a folder")
    case S_IFIFO: tr("it is not a regular file (a FIFO)")
    case S_IFCHR: tr("it is not a regular file (a character device)")
    case S_IFBLK: tr("it is not a regular file (a block device)")
    case S_IFSOCK: tr("it is not a regular file (a socket)")
    default: tr("it is not a regular file")
    }
  }
}

/// read(2): inside `RatesFileLoader` the name `read` is the loader's own.
private func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int) -> Int {
  read(descriptor, buffer, count)
}

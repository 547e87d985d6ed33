import CofferText
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The first 100 bytes of a file that should be a SQLite database, read before SQLite
/// opens it: whether it is one at all, its page size, whether it is in WAL mode, and the
/// application id and user version Coffer marks its stores with.
/// (https://www.sqlite.org/fileformat.html#the_database_header)
struct SQLiteFileHeader {
  let fileSize: Int
  let pageSize: Int
  /// Bytes 18 and 19 are 2 in WAL mode.
  let isWAL: Bool
  let userVersion: Int32
  let applicationID: Int32

  private static let magic = Array("SQLite format 3\0".utf8)

  /// Reads the header of the regular file at `path`; fails naming what the file is
  /// instead (missing, a folder, empty, not SQLite).
  static func read(_ path: String) throws(FileProblem) -> SQLiteFileHeader {
    // Not blocking: a named pipe would otherwise wait for a writer that never comes.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw FileProblem(tr("{path} does not exist", ["path": path])) }
      throw .system(errno, "read", path)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(errno, "read", path) }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileProblem(tr("{path} is a folder", ["path": path]))
    default: throw FileProblem(tr("{path} is not a regular file", ["path": path]))
    }
    let size = Int(status.st_size)
    guard size > 0 else { throw FileProblem(tr("{path} is empty: not a Coffer store", ["path": path])) }
    var bytes = [UInt8](repeating: 0, count: 100)
    let count = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return -1 }
      return pread(descriptor, base, 100, 0)
    }
    guard count >= 0 else { throw .system(errno, "read", path) }
    guard count == 100, Array(bytes[0..<16]) == magic else {
      throw FileProblem(tr("{path} is not a Coffer store: it is not a SQLite database", ["path": path]))
    }
    let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    func int32(at offset: Int) -> Int32 {
      Int32(bitPattern: bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
    return SQLiteFileHeader(
      fileSize: size, pageSize: rawPageSize == 1 ? 65536 : rawPageSize, isWAL: bytes[18] == 2 && bytes[19] == 2,
      userVersion: int32(at: 60), applicationID: int32(at: 68))
  }
}

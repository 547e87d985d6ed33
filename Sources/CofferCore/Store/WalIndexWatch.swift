import Foundation

/// A cheap look at whether any connection committed to a WAL database since the last
/// look, so `PRAGMA data_version` (a read transaction, with file locks) is sent only
/// when something may have changed.
///
/// Every commit in WAL mode rewrites the WAL-index header at the start of the `-shm`
/// file (https://www.sqlite.org/walformat.html, "The WAL-Index Header"); SQLite's own
/// readers compare that header to notice new commits. This does the same on a read-only
/// mapping: if the 48 header bytes are unchanged, no transaction has committed.
final class WalIndexWatch {
  private static let headerSize = 48
  private let mapping: UnsafeMutableRawPointer
  private let mappedSize: Int
  private var remembered = [UInt8](repeating: 0, count: headerSize)
  private var hasRemembered = false

  /// nil when the shared-memory file cannot be mapped; callers then always ask SQLite.
  init?(databasePath: String) {
    let descriptor = open(databasePath + "-shm", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) >= Self.headerSize else { return nil }
    let size = Self.headerSize
    guard let pointer = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), pointer != MAP_FAILED else {
      return nil
    }
    mapping = pointer
    mappedSize = size
  }

  deinit {
    munmap(mapping, mappedSize)
  }

  /// True when the header differs from the one last remembered (or none was).
  var mayHaveChanged: Bool {
    guard hasRemembered else { return true }
    return remembered.withUnsafeBytes { saved in
      guard let base = saved.baseAddress else { return true }
      return memcmp(base, mapping, Self.headerSize) != 0
    }
  }

  /// Notes the current header; call before asking SQLite, so a commit that lands in
  /// between is seen next time.
  func remember() {
    remembered.withUnsafeMutableBytes { saved in
      if let base = saved.baseAddress { memcpy(base, mapping, Self.headerSize) }
    }
    hasRemembered = true
  }
}

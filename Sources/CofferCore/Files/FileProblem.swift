import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why a file named by a command (a backup, a file to restore from, an export) could not
/// be read or written. The store itself is not at fault: a failed statement (exit 1), not
/// a store that cannot be used.
package struct FileProblem: Error, Sendable, CustomStringConvertible {
  package let description: String

  package init(_ description: String) {
    self.description = description
  }

  /// A failed system call on `path`, told plainly: a full disk, a missing folder, no
  /// permission.
  package static func system(_ code: Int32, _ doing: String, _ path: String) -> FileProblem {
    switch code {
    case ENOSPC, EDQUOT: FileProblem("the disk holding \(path) is full")
    case EACCES, EPERM: FileProblem("cannot \(doing) \(path): permission denied")
    case EROFS: FileProblem("cannot \(doing) \(path): the file system is read-only")
    case ENOENT:
      FileProblem("cannot \(doing) \(path): the folder \((path as NSString).deletingLastPathComponent) does not exist")
    default: FileProblem("cannot \(doing) \(path): \(String(cString: strerror(code)))")
    }
  }
}

import CofferText
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
    case ENOSPC, EDQUOT: FileProblem(tr("the disk holding {path} is full", ["path": path]))
    case EACCES, EPERM: FileProblem(cannot(doing, path, tr("permission denied")))
    case EROFS: FileProblem(cannot(doing, path, tr("the file system is read-only")))
    case ENOENT:
      FileProblem(
        cannot(
          doing, path,
          tr("the folder {folder} does not exist", ["folder": (path as NSString).deletingLastPathComponent])))
    default: FileProblem(cannot(doing, path, systemReason(code)))
    }
  }

  /// `cannot read PATH: REASON`, `cannot write PATH: REASON`: what failed on which file.
  /// `doing` is the verb as the callers name it (`read`, `write`, `create`, `open`…).
  package static func cannot(_ doing: String, _ path: String, _ reason: String) -> String {
    switch doing {
    case "read": tr("cannot read {path}: {reason}", ["path": path, "reason": reason])
    case "write": tr("cannot write {path}: {reason}", ["path": path, "reason": reason])
    default: "cannot \(doing) \(path): \(reason)"
    }
  }
}

import CofferText
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that its name never shows part of it: the bytes go to a new file
/// beside it (created exclusively, so nothing else is written through), are synced to
/// disk, and only then take the name with rename(2), which is atomic within a file
/// system; the folder is synced after. A run killed half way leaves at most a
/// `NAME.partial-XXXXXX` file beside NAME, never half a file under NAME.
package enum AtomicFile {
  /// What a write does when a file of that name exists.
  package enum Existing: Sendable {
    case replace
    /// The write fails naming the file, and so does one that meets a file made
    /// meanwhile (the name is taken with link(2), which never replaces).
    case refuse(hint: String)
  }

  /// Writes `bytes` to `path` atomically, with the mode a new file gets (0666 less the
  /// umask). `store` is the store's own path: it, and SQLite's files beside it, are
  /// never written over.
  package static func write(_ bytes: [UInt8], to path: String, existing: Existing, store: String?)
    throws(FileProblem)
  {
    try checkDestination(path, existing: existing, store: store)
    let temporary = try createTemporary(beside: path, mode: 0o666)
    do {
      try fill(temporary, with: bytes, for: path)
      try install(temporary, at: path, existing: existing)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Fails unless `path` may be given a new file: its folder exists, it is not a folder,
  /// a device or a pipe, it is not the store or one of SQLite's files beside it, and it
  /// does not exist when `existing` refuses that.
  package static func checkDestination(_ path: String, existing: Existing, store: String?) throws(FileProblem) {
    let folder = self.folder(of: path)
    var status = stat()
    guard stat(folder, &status) == 0 else { throw .system(errno, "write", path) }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw FileProblem(tr("{path} is not a folder", ["path": folder]))
    }
    if let store, names(path, theStoreAt: store) {
      throw FileProblem(
        tr("{path} is the store itself or one of SQLite's files beside it; choose another name", ["path": path]))
    }
    guard lstat(path, &status) == 0 else { return }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR { throw FileProblem(tr("{path} is a folder", ["path": path])) }
    if case .refuse(let hint) = existing { throw FileProblem(tr("{path} exists{hint}", ["path": path, "hint": hint])) }
    // A link is replaced itself, whatever it points to; anything else must be a plain file.
    if kind != S_IFREG && kind != S_IFLNK { throw FileProblem(tr("{path} is not a regular file", ["path": path])) }
  }

  /// Whether `path` is the store at `store` (the same file, by another name too) or the
  /// name of one of the files SQLite keeps beside it.
  static func names(_ path: String, theStoreAt store: String) -> Bool {
    var mine = stat()
    var theirs = stat()
    if stat(path, &mine) == 0, stat(store, &theirs) == 0, mine.st_dev == theirs.st_dev, mine.st_ino == theirs.st_ino {
      return true
    }
    let written = canonical(path)
    let stored = canonical(store)
    return [stored, stored + "-wal", stored + "-shm", stored + "-journal"].contains(written)
  }

  /// The path with its folder resolved (links, `..`), its last part as written.
  private static func canonical(_ path: String) -> String {
    let folder = self.folder(of: path)
    guard let resolved = realpath(folder, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved) + "/" + (path as NSString).lastPathComponent
  }

  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  // MARK: - The steps

  /// Creates a new, empty file beside `path` (`path.partial-PID-XXXXXX`, PID this
  /// process's), exclusively, and returns its path. With `exactMode` the mode is `mode`
  /// whatever the umask (a backup is 0600: never readable by others, not even for a
  /// moment). Such files that a process killed while writing left beside `path` (their
  /// process is gone) are removed first.
  package static func createTemporary(beside path: String, mode: mode_t, exactMode: Bool = false)
    throws(FileProblem) -> String
  {
    removeAbandoned(beside: path)
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in letters[Int.random(in: 0..<letters.count)] })
      let temporary = "\(path).partial-\(getpid())-\(suffix)"
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, exactMode ? 0o600 : mode)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        throw .system(errno, "write", path)
      }
      defer { close(descriptor) }
      if exactMode && fchmod(descriptor, mode) != 0 {
        let code = errno
        unlink(temporary)
        throw .system(code, "write", path)
      }
      return temporary
    }
    throw FileProblem(tr("cannot write {path}: no free temporary name beside it", ["path": path]))
  }

  /// Removes the `path.partial-PID-…` files whose process no longer runs: what a write
  /// killed half-way (a backup, a dump) left behind. A file of a process that still runs
  /// (another session's backup under way) is left alone.
  static func removeAbandoned(beside path: String) {
    let folder = folder(of: path)
    let prefix = (path as NSString).lastPathComponent + ".partial-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
    }
  }

  /// Writes `bytes` into the (empty) file at `temporary` and syncs it; failures name
  /// `path`, the file being written.
  private static func fill(_ temporary: String, with bytes: [UInt8], for path: String) throws(FileProblem) {
    let descriptor = open(temporary, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { throw .system(errno, "write", path) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(errno, "write", path)
      }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw .system(errno, "write", path) }
  }

  /// Syncs the finished file at `temporary` to disk; failures name `path`.
  package static func sync(_ temporary: String, for path: String) throws(FileProblem) {
    let descriptor = open(temporary, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { throw .system(errno, "write", path) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw .system(errno, "write", path) }
  }

  /// Gives the synced `temporary` the name `path`, then syncs the folder so the name
  /// lasts. With `.refuse` an existing `path` is never replaced, even one made since it
  /// was checked: link(2) fails on it.
  package static func install(_ temporary: String, at path: String, existing: Existing) throws(FileProblem) {
    switch existing {
    case .replace:
      guard rename(temporary, path) == 0 else { throw .system(errno, "write", path) }
    case .refuse(let hint):
      if link(temporary, path) == 0 {
        unlink(temporary)
      } else if errno == EEXIST {
        throw FileProblem(tr("{path} exists{hint}", ["path": path, "hint": hint]))
      } else if errno == EPERM || errno == EOPNOTSUPP || errno == EXDEV {
        // A file system without hard links: check, then rename (a race left open there only).
        var status = stat()
        if lstat(path, &status) == 0 { throw FileProblem(tr("{path} exists{hint}", ["path": path, "hint": hint])) }
        guard rename(temporary, path) == 0 else { throw .system(errno, "write", path) }
      } else {
        throw .system(errno, "write", path)
      }
    }
    let descriptor = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor >= 0 {
      // Some file systems cannot sync a folder; the file itself is already on disk.
      _ = fsync(descriptor)
      close(descriptor)
    }
  }
}

import CofferText
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The history file: one entry a line, mode 0600, at most `maxEntries`, appended as each
/// line is entered so a killed process loses none.
///
/// Only its end is read: the newest `maxEntries` lines within the last `maxTailBytes`,
/// read backwards in chunks, so a history grown to 100 MB (by another program, or by
/// sessions that never trimmed it) costs no more at start than a full one of 1,000
/// entries. An append that fails part way (a full disk) is taken back, and an append
/// after a line left half-written by anything else starts on a line of its own: a
/// half line never swallows the next entry.
package struct HistoryFile: Sendable {
  package static let maxEntries = 1000
  /// The most bytes read from the end of the file: 1,000 entries of a thousand bytes.
  package static let maxTailBytes = 1 << 20
  /// How much is read at a time, from the end backwards.
  static let chunkBytes = 1 << 16
  package let path: String

  package init(path: String) {
    self.path = path
  }

  /// `$XDG_STATE_HOME/coffer/history`, else `~/.local/state/coffer/history`.
  package static func standard(environment: [String: String]) -> HistoryFile {
    let stateHome =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    return HistoryFile(path: stateHome + "/coffer/history")
  }

  /// The end of the file as it was read.
  package struct Tail: Equatable, Sendable {
    /// The newest entries, oldest first.
    package var entries: [String]
    /// How many bytes were read.
    package var bytesRead: Int
    /// Whether the whole file was read (else older lines were left unread, and the
    /// file is longer than what it keeps).
    package var isWholeFile: Bool
  }

  /// The entries in the file. A symlink is not followed (O_NOFOLLOW): the history is
  /// read and written only as the file Coffer made.
  package func load() -> [String] { loadTail().entries }

  /// The newest `maxEntries` entries, read from the end of the file.
  package func loadTail() -> Tail {
    let empty = Tail(entries: [], bytesRead: 0, isWholeFile: true)
    // O_NONBLOCK: a FIFO in the history's place must not hold up the start (fstat then
    // refuses it).
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return empty }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return empty }
    let size = Int(status.st_size)
    // Chunks from the end backwards, until they hold more lines than are kept (the
    // oldest of them may be cut) or `maxTailBytes`.
    var chunks: [[UInt8]] = []
    var start = size
    var newlines = 0
    while start > 0 && newlines <= Self.maxEntries && size - start < Self.maxTailBytes {
      let length = min(Self.chunkBytes, start, Self.maxTailBytes - (size - start))
      guard let chunk = Self.read(descriptor, count: length, at: start - length) else { break }
      start -= length
      newlines += chunk.lazy.filter { $0 == 10 }.count
      chunks.append(chunk)
    }
    var bytes = Array(chunks.reversed().joined())
    // Read from the middle of the file, the first line may be the end of an older one.
    if start > 0 {
      let firstLineEnd = bytes.firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
      bytes.removeSubrange(..<firstLineEnd)
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return Tail(entries: Array(lines.suffix(Self.maxEntries)), bytesRead: size - start, isWholeFile: start == 0)
  }

  /// `count` bytes at `offset`, or nil when they cannot be read.
  private static func read(_ descriptor: Int32, count: Int, at offset: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let result = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return nil }
      done += result
    }
    return buffer
  }

  /// Appends one entry; false when it could not be written whole (nothing of it is then
  /// left in the file, unless another session appended meanwhile).
  @discardableResult
  package func append(_ line: String) -> Bool {
    // A folder that cannot be made was named when the session started (`makeFolder`).
    do {
      try makeFolder()
    } catch {
      return false
    }
    // Read as well as written: the last byte says whether a line was left half-written.
    let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    // Only a regular file is written (a FIFO there would fill and block).
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
    fchmod(descriptor, 0o600)
    var text = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
    if status.st_size > 0 {
      var last: UInt8 = 0
      if pread(descriptor, &last, 1, status.st_size - 1) == 1, last != 10 { text.insert(10, at: 0) }
    }
    let written = Self.write(text, to: descriptor)
    guard written < text.count else { return true }
    // Cut short: take back what was written, if nothing was appended after it since.
    if written > 0 {
      let end = lseek(descriptor, 0, SEEK_CUR)
      if end >= 0, fstat(descriptor, &status) == 0, status.st_size == end {
        _ = ftruncate(descriptor, end - off_t(written))
      }
    }
    return false
  }

  /// Why the history cannot be kept.
  package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
  }

  /// Makes the history's folder (mode 0700), if it is not there; says why it cannot be.
  package func makeFolder() throws(Problem) {
    let folder = (path as NSString).deletingLastPathComponent
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue { return }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
      throw Problem(
        description: tr(
          "cannot make the folder {folder} for the history: {reason}", ["folder": folder, "reason": reason]))
    }
  }

  /// Replaces the file with exactly `entries` (the newest `maxEntries`), or leaves it as
  /// it was when the new file cannot be written whole (a full disk).
  package func rewrite(_ entries: [String]) {
    // A symlink in the history's place is left alone, as `append` leaves it.
    var status = stat()
    if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK { return }
    let temporary = path + ".tmp"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let text = Array(entries.suffix(Self.maxEntries).map { $0 + "\n" }.joined().utf8)
    let complete = Self.write(text, to: descriptor) == text.count && fsync(descriptor) == 0
    close(descriptor)
    guard complete else {
      unlink(temporary)
      return
    }
    rename(temporary, path)
  }

  /// Writes all of `bytes` unless the file system refuses; returns how many were written.
  private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { break }
      written += result
    }
    return written
  }
}

import Foundation

/// The history file: one entry a line, mode 0600, at most `maxEntries`, appended as each
/// line is entered so a killed process loses none.
package struct HistoryFile: Sendable {
  package static let maxEntries = 1000
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

  /// The entries in the file. A symlink is not followed (O_NOFOLLOW): the history is
  /// read and written only as the file Coffer made.
  package func load() -> [String] {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return [] }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      data.append(contentsOf: chunk[0..<count])
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return Array(lines.suffix(Self.maxEntries))
  }

  /// Appends one entry.
  package func append(_ line: String) {
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    fchmod(descriptor, 0o600)
    let text = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
    _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  /// Replaces the file with exactly `entries` (the newest `maxEntries`).
  package func rewrite(_ entries: [String]) {
    // A symlink in the history's place is left alone, as `append` leaves it.
    var status = stat()
    if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK { return }
    let temporary = path + ".tmp"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let text = Array(entries.suffix(Self.maxEntries).map { $0 + "\n" }.joined().utf8)
    _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    rename(temporary, path)
  }
}

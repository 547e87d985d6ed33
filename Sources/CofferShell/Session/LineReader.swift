import CofferScript
import CofferText
import Foundation
import LineEditing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's open(2), under a name that `LineReader.open` does not hide.
private func openDescriptor(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}

/// Reads a script one logical line at a time: physical lines are checked (UTF-8, NUL,
/// length) and joined where a line ends in `\`. Reading is lazy, so piped input runs as
/// it arrives.
///
/// Memory is bounded whatever the input: bytes are read in chunks into a buffer that
/// never holds more than one line of the longest allowed length plus a chunk. A longer
/// line is read past, keeping none of it, and fails as a line of its own; one with no end
/// within a megabyte (`source /dev/zero`) or a failed read ends the source with an error.
/// A failed read is never taken for the end of the file.
package final class LineReader {
  /// Why a script file cannot be read.
  package struct OpenError: Error {
    package let message: String
  }

  package let source: String
  /// The file descriptor read from, or nil for text held in memory.
  private let descriptor: Int32?
  private let ownsDescriptor: Bool
  /// Called before each read (to flush output, so it is seen before the next line arrives).
  private let beforeRead: (() -> Void)?
  /// Bytes read and not yet returned start at `start`.
  private var buffer: [UInt8]
  private var start = 0
  /// Where each read lands before its bytes join `buffer`: the read's size is not known
  /// before it returns, and growing `buffer` by a whole chunk of zeros first cost a 64 KiB
  /// fill per line read from a pipe (most of a debug build's time in a line-fed session).
  private var chunk: UnsafeMutableRawBufferPointer?
  private var reachedEnd = false
  /// Set when the source cannot be read further (a read error, an endless line): the
  /// run stops there rather than going on as if the file had ended.
  package private(set) var failed = false
  package private(set) var lineNumber = 0

  private static let chunkSize = 65_536
  /// How far a line over the limit is read for its end before the source is given up.
  static let longestLineReadPast = 16 * LineChecks.maxLineBytes

  private init(descriptor: Int32?, owns: Bool, bytes: [UInt8], source: String, beforeRead: (() -> Void)?) {
    self.descriptor = descriptor
    self.ownsDescriptor = owns
    self.buffer = bytes
    self.source = source
    self.beforeRead = beforeRead
    reachedEnd = descriptor == nil
  }

  deinit {
    if ownsDescriptor, let descriptor { close(descriptor) }
    chunk?.deallocate()
  }

  /// Reads standard input, which it leaves open.
  package static func standardInput(source: String, beforeRead: (() -> Void)?) -> LineReader? {
    LineReader(descriptor: STDIN_FILENO, owns: false, bytes: [], source: source, beforeRead: beforeRead)
  }

  /// Opens a script file; the reason when it cannot be read.
  package static func open(path: String, source: String) -> Result<LineReader, OpenError> {
    var status = stat()
    if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      return .failure(OpenError(message: tr("cannot read script {path}: it is a folder", ["path": path])))
    }
    let descriptor = openDescriptor(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .failure(
        OpenError(
          message: tr(
            "cannot read script {path}: {reason}", ["path": path, "reason": systemReason(errno)])))
    }
    return .success(LineReader(descriptor: descriptor, owns: true, bytes: [], source: source, beforeRead: nil))
  }

  /// Reads a script held in memory (`-c`).
  package static func text(_ text: String, source: String) -> LineReader {
    bytes(Array(text.utf8), source: source)
  }

  /// Reads bytes held in memory, which need not be valid UTF-8 (the fuzzing harness).
  package static func bytes(_ bytes: [UInt8], source: String) -> LineReader {
    LineReader(descriptor: nil, owns: false, bytes: bytes, source: source, beforeRead: nil)
  }

  /// The next logical line; a failure for a line that cannot be read as source; nil at
  /// the end (or after a failure that ends the source, see `failed`).
  package func next() -> Result<LogicalLine, ScriptError>? {
    let bytes: [UInt8]
    switch physicalLine() {
    case nil: return nil
    case .failure(let error): return .failure(error)
    case .success(let read): bytes = read
    }
    if let problem = LineChecks.check(bytes, source: source, line: lineNumber) {
      return .failure(problem)
    }
    var line = LogicalLine(source: source, line: lineNumber, bytes: bytes)
    while line.continues {
      let more: [UInt8]
      switch physicalLine() {
      case nil: return .success(line)
      case .failure(let error): return .failure(error)
      case .success(let read): more = read
      }
      if let problem = LineChecks.check(more, source: source, line: lineNumber) {
        return .failure(problem)
      }
      line.append(line: lineNumber, bytes: more)
      if line.bytes.count > LineChecks.maxLineBytes {
        let place = SourceLocation(source: source, line: lineNumber, column: 1)
        // The rest of the statement is not run as statements of their own.
        while line.continues, case .success(let rest)? = physicalLine() {
          line = LogicalLine(source: source, line: lineNumber, bytes: rest)
        }
        let message = tr(
          "continued line is longer than {count} byte", "continued line is longer than {count} bytes",
          count: LineChecks.maxLineBytes)
        return .failure(ScriptError(message, at: place))
      }
    }
    return .success(line)
  }

  /// One physical line without its newline (and without a CR before it); nil at the end.
  private func physicalLine() -> Result<[UInt8], ScriptError>? {
    guard !failed else { return nil }
    var searchedUpTo = start
    while true {
      if let newline = buffer[searchedUpTo...].firstIndex(of: 10) {
        return .success(take(upTo: newline, skipping: 1))
      }
      searchedUpTo = buffer.count
      // One byte over the limit may be the CR of a CRLF whose LF is still to come.
      if buffer.count - start > LineChecks.maxLineBytes + 1 { return readPastLongLine() }
      if reachedEnd {
        guard start < buffer.count else { return nil }
        return .success(take(upTo: buffer.count, skipping: 0))
      }
      if let problem = readChunk() { return fail(problem) }
    }
  }

  /// Reads to the end of a line already longer than the limit, keeping none of it: the
  /// line fails as `LineChecks` fails a long one, and reading goes on after it. The same
  /// however the line arrives (a pipe hands it over in pieces, a file in one or two
  /// reads). A line with no end within `longestLineReadPast` bytes ends the source.
  private func readPastLongLine() -> Result<[UInt8], ScriptError> {
    var length = 0
    // The line's last byte so far: a CR just before its LF is not part of it.
    var last: UInt8 = 0
    while true {
      if let newline = buffer[start...].firstIndex(of: 10) {
        length += newline - start
        if newline > start { last = buffer[newline - 1] }
        _ = take(upTo: newline, skipping: 1)
        return .failure(LineChecks.tooLong(length - (last == 13 ? 1 : 0), source: source, line: lineNumber))
      }
      length += buffer.count - start
      if buffer.count > start { last = buffer[buffer.count - 1] }
      buffer.removeAll(keepingCapacity: true)
      start = 0
      if reachedEnd {
        lineNumber += 1
        return .failure(LineChecks.tooLong(length - (last == 13 ? 1 : 0), source: source, line: lineNumber))
      }
      if length > Self.longestLineReadPast {
        return fail(
          tr(
            "line {line} has no end within {count} bytes; the rest of {source} is not read",
            ["line": String(lineNumber + 1), "count": String(Self.longestLineReadPast), "source": source]))
      }
      if let problem = readChunk() { return fail(problem) }
    }
  }

  /// Removes the bytes up to `end` from the buffer and returns them as one line.
  private func take(upTo end: Int, skipping separator: Int) -> [UInt8] {
    lineNumber += 1
    var last = end
    if last > start && buffer[last - 1] == 13 { last -= 1 }
    let line = Array(buffer[start..<last])
    start = end + separator
    // Drop consumed bytes once they are most of the buffer, so it stays small.
    if start > Self.chunkSize && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
    return line
  }

  /// Appends what one read gives; the reason when reading failed.
  private func readChunk() -> String? {
    guard let descriptor else {
      reachedEnd = true
      return nil
    }
    beforeRead?()
    let chunk = self.chunk ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
    self.chunk = chunk
    while true {
      let count = read(descriptor, chunk.baseAddress, Self.chunkSize)
      if count >= 0 {
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        if count == 0 { reachedEnd = true }
        return nil
      }
      // A signal interrupted the read: end it if the signal asks the run to stop (the
      // session acts on it), otherwise read again.
      if errno == EINTR && !Signals.stopPending && !Signals.interruptPending { continue }
      if errno == EINTR {
        reachedEnd = true
        return nil
      }
      return tr("cannot read {source}: {reason}", ["source": source, "reason": systemReason(errno)])
    }
  }

  private func fail(_ message: String) -> Result<[UInt8], ScriptError> {
    failed = true
    return .failure(ScriptError(message, at: SourceLocation(source: source, line: lineNumber + 1, column: 1)))
  }
}

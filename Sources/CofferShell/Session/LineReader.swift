import CofferScript
import Foundation

/// Reads a script one logical line at a time: physical lines are checked (UTF-8, NUL,
/// length) and joined where a line ends in `\`. Reading is lazy, so piped input runs as
/// it arrives.
public final class LineReader {
  /// Why a script file cannot be read.
  public struct OpenError: Error {
    public let message: String
  }

  public let source: String
  private var file: UnsafeMutablePointer<FILE>?
  private let ownsFile: Bool
  /// Called before each read (to flush output, so it is seen before the next line arrives).
  private let beforeRead: (() -> Void)?
  private var buffer: UnsafeMutablePointer<CChar>?
  private var memory: UnsafeMutableRawPointer?
  private var capacity = 0
  public private(set) var lineNumber = 0

  /// Reads from an open stream (stdin), which it does not close.
  public init(file: UnsafeMutablePointer<FILE>, source: String, beforeRead: (() -> Void)?) {
    self.file = file
    self.source = source
    self.ownsFile = false
    self.beforeRead = beforeRead
  }

  /// Reads standard input, which it leaves open.
  public static func standardInput(source: String, beforeRead: (() -> Void)?) -> LineReader? {
    guard let file = fdopen(STDIN_FILENO, "r") else { return nil }
    return LineReader(file: file, source: source, beforeRead: beforeRead)
  }

  /// Opens a script file; nil with the reason when it cannot be read.
  public static func open(path: String, source: String) -> Result<LineReader, OpenError> {
    var status = stat()
    if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      return .failure(OpenError(message: "cannot read script \(path): it is a folder"))
    }
    guard let file = fopen(path, "r") else {
      return .failure(OpenError(message: "cannot read script \(path): \(String(cString: strerror(errno)))"))
    }
    return .success(LineReader(owning: file, source: source))
  }

  /// Reads a script held in memory (`-c`).
  public static func text(_ text: String, source: String) -> LineReader {
    // fmemopen does not copy: the reader keeps this copy alive as long as the stream.
    let bytes = Array(text.utf8)
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
    bytes.withUnsafeBytes { raw in
      if let base = raw.baseAddress { memory.copyMemory(from: base, byteCount: raw.count) }
    }
    let file = bytes.isEmpty ? fopen("/dev/null", "r") : fmemopen(memory, bytes.count, "r")
    let reader = LineReader(owning: file, source: source)
    reader.memory = memory
    return reader
  }

  private init(owning file: UnsafeMutablePointer<FILE>?, source: String) {
    self.file = file
    self.source = source
    self.ownsFile = true
    self.beforeRead = nil
  }

  deinit {
    if ownsFile, let file { fclose(file) }
    free(buffer)
    memory?.deallocate()
  }

  /// The next logical line; a failure for a line that cannot be read as source; nil at
  /// the end.
  public func next() -> Result<LogicalLine, ScriptError>? {
    guard let first = physicalLine() else { return nil }
    if let problem = LineChecks.check(first, source: source, line: lineNumber) {
      return .failure(problem)
    }
    var line = LogicalLine(source: source, line: lineNumber, bytes: first)
    while line.continues {
      guard let more = physicalLine() else { break }
      if let problem = LineChecks.check(more, source: source, line: lineNumber) {
        return .failure(problem)
      }
      line.append(line: lineNumber, bytes: more)
      if line.bytes.count > LineChecks.maxLineBytes {
        return .failure(
          ScriptError(
            "continued line is longer than \(LineChecks.maxLineBytes) bytes",
            at: SourceLocation(source: source, line: lineNumber, column: 1)))
      }
    }
    return .success(line)
  }

  /// One physical line without its newline (and without a CR before it).
  private func physicalLine() -> [UInt8]? {
    guard let file else { return nil }
    beforeRead?()
    let length = getline(&buffer, &capacity, file)
    guard length >= 0, let buffer else { return nil }
    lineNumber += 1
    var count = length
    if count > 0 && buffer[count - 1] == 10 { count -= 1 }
    if count > 0 && buffer[count - 1] == 13 { count -= 1 }
    return buffer.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
  }
}

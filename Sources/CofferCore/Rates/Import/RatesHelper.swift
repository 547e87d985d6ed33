import Foundation

/// Runs `coffer-rates`, the helper built and installed beside `coffer`, for the work that
/// needs libraries Coffer's own binary does not load: HTTP (URLSession over libcurl), XML
/// (libxml2 and ICU) and zip (zlib). Loading them would add several milliseconds to every
/// start of Coffer, for the few commands that use them; git keeps its HTTP transport in a
/// helper for the same reason.
public struct RatesHelper: XMLAndZipReader {
  public init() {}

  /// What a run of the helper came to.
  public enum Outcome {
    case succeeded(Data)
    /// Exit status 1: the helper's reason, from its stderr.
    case failed(String)
    /// The helper could not be run, or ended some other way; the reason completes
    /// "the coffer-rates helper …".
    case unavailable(String)
  }

  public func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate] {
    try HelperWire.decodeQuotes(try answer(Self.run(["xml"], input: data), reading: "XML"))
  }

  public func files(inZip data: Data) throws(RateFileError) -> [ZipMember] {
    try HelperWire.decodeMembers(try answer(Self.run(["unzip"], input: data), reading: "zip"))
  }

  private func answer(_ outcome: Outcome, reading format: String) throws(RateFileError) -> Data {
    switch outcome {
    case .succeeded(let data): return data
    case .failed(let reason): throw HelperWire.decodeError(reason)
    case .unavailable(let reason): throw RateFileError("\(format) is read by the coffer-rates helper, which \(reason)", place: "byte 0")
    }
  }

  /// The helper: beside the running binary, else on the PATH.
  static var path: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      let executable = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let sibling = (executable as NSString).deletingLastPathComponent + "/coffer-rates"
      if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    }
    return "coffer-rates"
  }

  /// Runs the helper with `arguments`, writing `input` to its stdin.
  public static func run(_ arguments: [String], input: Data? = nil) -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [path] + arguments
    let output = Pipe()
    let problem = Pipe()
    let feed = Pipe()
    process.standardOutput = output
    process.standardError = problem
    process.standardInput = input == nil ? FileHandle.nullDevice : feed
    do {
      try process.run()
    } catch {
      return .unavailable("cannot be run: \(error.localizedDescription)")
    }
    // Feed stdin and drain stderr on their own threads while stdout is read here, so
    // that no pipe can fill up and stall either side.
    let done = DispatchGroup()
    let errors = Box()
    if let input {
      done.enter()
      Thread.detachNewThread {
        defer { done.leave() }
        write(input, to: feed.fileHandleForWriting.fileDescriptor)
        try? feed.fileHandleForWriting.close()
      }
    }
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      errors.data = problem.fileHandleForReading.readDataToEndOfFile()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    let reason = String(decoding: errors.data, as: UTF8.self)
    switch (process.terminationReason, process.terminationStatus) {
    case (.exit, 0): return .succeeded(data)
    case (.exit, 1): return .failed(reason)
    case (.exit, 127): return .unavailable("is not installed next to coffer")
    case (.exit, let status): return .unavailable("failed with status \(status): \(reason)")
    case (_, let signal): return .unavailable("was killed by signal \(signal)")
    }
  }

  /// Writes all of `data`; if the helper stops reading, the write fails with EPIPE
  /// rather than the signal ending Coffer (SIGPIPE is blocked on this thread only).
  private static func write(_ data: Data, to descriptor: Int32) {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    data.withUnsafeBytes { bytes in
      guard let start = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Carries the helper's stderr from the thread that reads it.
  private final class Box: @unchecked Sendable {
    var data = Data()
  }
}

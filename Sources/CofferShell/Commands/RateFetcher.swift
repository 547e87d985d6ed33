import Foundation

/// Downloads a rates file over HTTP(S) through the `coffer-fetch` helper installed next
/// to `coffer` (which uses the toolchain's URLSession, so no HTTP package is built),
/// waiting at most `timeout` seconds.
enum RateFetcher {
  static let defaultURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"
  static let timeout = 10

  struct FetchError: Error {
    let message: String
  }

  /// The helper: beside the running binary, else on the PATH.
  static var helper: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      let executable = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let sibling = (executable as NSString).deletingLastPathComponent + "/coffer-fetch"
      if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    }
    return "coffer-fetch"
  }

  /// The body of a successful (2xx) answer, or why there is none.
  static func fetch(_ url: URL) -> Result<Data, FetchError> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [helper, url.absoluteString, String(timeout)]
    let body = Pipe()
    let problem = Pipe()
    process.standardOutput = body
    process.standardError = problem
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(FetchError(message: "cannot run coffer-fetch: \(error.localizedDescription)"))
    }
    // Read both pipes before waiting, so a large body cannot fill a pipe and stall.
    let errors = ResultBox()
    let reader = Thread {
      errors.data = problem.fileHandleForReading.readDataToEndOfFile()
    }
    reader.start()
    let data = body.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while errors.data == nil { usleep(1000) }
    guard process.terminationStatus == 0 else {
      let message = String(decoding: errors.data ?? Data(), as: UTF8.self)
      if process.terminationStatus == 127 {
        return .failure(FetchError(message: "coffer-fetch is not installed next to coffer"))
      }
      return .failure(FetchError(message: message.isEmpty ? "cannot fetch \(url.absoluteString)" : message))
    }
    return .success(data)
  }

  /// Carries the helper's stderr from the reading thread.
  private final class ResultBox: @unchecked Sendable {
    var data: Data?
  }
}

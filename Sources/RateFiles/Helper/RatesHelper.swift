import CofferCore
import CofferText
import Foundation

/// Runs `coffer-rates`, the helper built and installed beside `coffer`, for the work that
/// needs libraries Coffer's own binary does not load: HTTP (URLSession over libcurl) and
/// XML (libxml2 and ICU). Loading them would add several milliseconds to every start of
/// Coffer, for the few commands that use them; git keeps its HTTP transport in a helper
/// for the same reason. Zip archives are unpacked here, in this process (`ZipArchive`):
/// zlib is small and links statically, and the helper's start and the archive's trip
/// through its pipes had been a third of an import of the ECB's history.
package struct RatesHelper: XMLAndZipReader {
  /// Asked while the helper runs; true kills it and ends the wait (the shell answers
  /// whether a signal is pending).
  let shouldStop: @Sendable () -> Bool

  package init(shouldStop: @escaping @Sendable () -> Bool = { false }) {
    self.shouldStop = shouldStop
  }

  /// What a run of the helper came to.
  package enum Outcome {
    case succeeded(Data)
    /// Exit status 1: the helper's reason, from its stderr.
    case failed(String)
    /// The helper could not be run, or ended some other way; the reason completes
    /// "the coffer-rates helper …".
    case unavailable(String)
    /// `shouldStop` turned true; the helper was killed.
    case stopped
  }

  package func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate] {
    try HelperWire.decodeQuotes(try answer(Self.run(["xml"], input: data, shouldStop: shouldStop), reading: "XML"))
  }

  package func files(inZip data: Data) throws(RateFileError) -> [ZipMember] {
    try ZipArchive.members(in: data, shouldStop: shouldStop)
  }

  private func answer(_ outcome: Outcome, reading format: String) throws(RateFileError) -> Data {
    switch outcome {
    case .succeeded(let data): return data
    case .failed(let reason): throw HelperWire.decodeError(reason)
    case .unavailable(let reason):
      throw RateFileError(
        tr("{format} is read by the coffer-rates helper, which {reason}", ["format": format, "reason": reason]),
        place: tr("byte {byte}", ["byte": "0"]))
    case .stopped:
      // The import that asked checks `shouldStop` itself and reports the interruption.
      throw RateFileError(
        tr("stopped while the coffer-rates helper read the {format}", ["format": format]),
        place: tr("byte {byte}", ["byte": "0"]))
    }
  }

  /// The helper beside the running binary, or nil. Never one found on the PATH (or in
  /// the current folder): a stray `coffer-rates` there is not the one built with Coffer,
  /// and running it would be running whatever a folder happens to hold.
  static var path: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    let executable = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let sibling = (executable as NSString).deletingLastPathComponent + "/coffer-rates"
    return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
  }

  /// Runs the helper with `arguments`, writing `input` to its stdin; gives up after
  /// `timeout` or when `shouldStop` turns true. An answer over
  /// `RateLimits.maximumHelperAnswer` bytes is refused.
  package static func run(
    _ arguments: [String], input: Data? = nil, timeout: Duration? = nil,
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> Outcome {
    guard let path else { return .unavailable(tr("is not installed next to coffer")) }
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        [path] + arguments, input: input,
        limits: ChildProcess.Limits(output: RateLimits.maximumHelperAnswer, timeout: timeout, shouldStop: shouldStop))
    } catch {
      switch error {
      case .cannotStart(let reason): return .unavailable(tr("cannot be run: {reason}", ["reason": "\(reason)"]))
      case .stopped: return .stopped
      case .timedOut:
        return .unavailable(
          tr(
            "did not finish within {time}",
            ["time": timeout.map { tr("{seconds} s", ["seconds": String($0.components.seconds)]) } ?? tr("its time")]))
      case .tooMuchOutput: return .unavailable(tr("answered more than {size}", ["size": RateLimits.maximumText]))
      }
    }
    let reason = String(decoding: result.errors, as: UTF8.self)
    switch result.status {
    case 0: return .succeeded(result.output)
    case 1: return .failed(reason)
    case 128...: return .unavailable(tr("was killed by signal {signal}", ["signal": "\(result.status - 128)"]))
    default:
      return .unavailable(
        tr("failed with status {status}: {reason}", ["status": "\(result.status)", "reason": reason]))
    }
  }
}

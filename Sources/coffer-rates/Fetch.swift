import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP(S) GET through the toolchain's URLSession, with one timeout for the whole
/// exchange.
enum Fetch {
  struct Problem: Error {
    let message: String
  }

  /// Carries the answer out of URLSession's completion handler; the semaphore orders the
  /// write before the read.
  private final class Answer: @unchecked Sendable {
    var body: Data?
    var problem: String?
  }

  static func body(of url: URL, timeout: TimeInterval) -> Result<Data, Problem> {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration)
    let answer = Answer()
    let done = DispatchSemaphore(value: 0)
    let timedOut = "cannot fetch \(url.absoluteString): no answer within \(Int(timeout)) s (timed out)"
    let task = session.dataTask(with: url) { data, response, error in
      if let error = error as? URLError, error.code == .timedOut {
        answer.problem = timedOut
      } else if let error {
        answer.problem = "cannot fetch \(url.absoluteString): \(error.localizedDescription)"
      } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        answer.problem = "\(url.absoluteString) answered HTTP \(http.statusCode)"
      } else {
        answer.body = data ?? Data()
      }
      done.signal()
    }
    task.resume()
    if done.wait(timeout: .now() + timeout + 1) == .timedOut {
      return .failure(Problem(message: timedOut))
    }
    if let body = answer.body { return .success(body) }
    return .failure(Problem(message: answer.problem ?? "cannot fetch \(url.absoluteString)"))
  }
}

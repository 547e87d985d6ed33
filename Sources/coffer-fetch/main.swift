// coffer-fetch URL TIMEOUT: writes the body of a successful HTTP(S) GET to stdout.
//
// Coffer runs this helper for `rates fetch` so that the coffer binary itself does not
// link libcurl (through FoundationNetworking), whose loading would triple Coffer's
// start-up time; git keeps its HTTP transport in a separate helper for the same reason.
// Exit status: 0 with the body on stdout; 1 with the reason on stderr.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Carries the answer out of URLSession's completion handler; the semaphore orders the
/// write before the read.
final class Answer: @unchecked Sendable {
  var body: Data?
  var problem: String?
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[1]), let timeout = TimeInterval(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: coffer-fetch URL TIMEOUT-SECONDS\n".utf8))
  exit(2)
}
let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = timeout
configuration.timeoutIntervalForResource = timeout
let session = URLSession(configuration: configuration)
let answer = Answer()
let done = DispatchSemaphore(value: 0)
let task = session.dataTask(with: url) { data, response, error in
  if let error = error as? URLError, error.code == .timedOut {
    answer.problem = "cannot fetch \(url.absoluteString): no answer within \(Int(timeout)) s (timed out)"
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
  answer.problem = "cannot fetch \(url.absoluteString): no answer within \(Int(timeout)) s (timed out)"
}
if let body = answer.body {
  FileHandle.standardOutput.write(body)
  exit(0)
}
FileHandle.standardError.write(Data((answer.problem ?? "cannot fetch \(url.absoluteString)").utf8))
exit(1)

import CofferText
import Foundation
import RateFiles

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Collects one download as URLSession hands it over, and ends it as soon as it goes
/// wrong: past the size limit, on an HTTP error, or on a redirect to a URL that is not
/// http or https.
final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let url: URL
  let limit: Int
  let timeout: TimeInterval
  let queue: PacedQueue
  /// Signalled when the exchange has ended, one way or another (perhaps twice).
  let ended = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var body = Data()
  private var problem: String?
  private var received = false

  init(url: URL, limit: Int, timeout: TimeInterval, queue: PacedQueue) {
    self.url = url
    self.limit = limit
    self.timeout = timeout
    self.queue = queue
  }

  var receivedAny: Bool { lock.withLock { received } }

  var outcome: Result<Data, Fetch.Problem> {
    lock.withLock {
      if let problem { return .failure(Fetch.Problem(message: problem)) }
      return .success(body)
    }
  }

  /// Ends the download with `message` (the first problem is the one reported).
  private func fail(_ message: String) {
    lock.withLock { if problem == nil { problem = message } }
    queue.halt()
    ended.signal()
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // The Location as sent: URLSession turns `file:///x` (a scheme, no host) into a path
    // on the same server, and libcurl reports other schemes as something else.
    let location = response.value(forHTTPHeaderField: "Location") ?? ""
    let scheme = (URL(string: location)?.scheme ?? request.url?.scheme)?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      fail(
        tr(
          "{url} redirected to {location}, which is not an http or https URL",
          ["url": url.absoluteString, "location": location]))
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { received = true }
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      fail(tr("{url} answered HTTP {status}", ["url": url.absoluteString, "status": String(http.statusCode)]))
    } else if response.expectedContentLength > Int64(limit) {
      fail(tooLarge)
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = lock.withLock { () -> Bool in
      received = true
      guard problem == nil else { return false }
      guard data.count <= limit - body.count else { return true }
      body.append(data)
      return false
    }
    if over { fail(tooLarge) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    if let error {
      fail(
        (error as? URLError)?.code == .timedOut
          ? tr(
            "cannot fetch {url}: no answer within {seconds} s (timed out)",
            ["url": url.absoluteString, "seconds": String(Int(timeout))])
          : tr("cannot fetch {url}: {reason}", ["url": url.absoluteString, "reason": error.localizedDescription]))
    } else if let http = task.response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      fail(tr("{url} answered HTTP {status}", ["url": url.absoluteString, "status": String(http.statusCode)]))
    }
    ended.signal()
  }

  private var tooLarge: String {
    tr(
      "cannot fetch {url}: the answer is larger than {limit}",
      ["url": url.absoluteString, "limit": RateLimits.maximumText])
  }
}

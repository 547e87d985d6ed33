import Foundation
import RateFiles

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP(S) GET through the toolchain's URLSession, bounded in time and size: one
/// deadline for the whole exchange, and at most `limit` bytes of body, counted as they
/// arrive after decompression (URLSession undoes a gzip Content-Encoding by itself, so
/// a 1 MB answer can be 1 GB of body).
///
/// A fetch that goes wrong is not cancelled: swift-corelibs-foundation's `cancel` and
/// `invalidateAndCancel` wait on the queue that runs libcurl, which a stopped download
/// holds. The download is halted where it is instead (see `PacedQueue`), and the helper
/// exits as soon as it has said why.
enum Fetch {
  struct Problem: Error {
    let message: String
  }

  static func body(of url: URL, timeout: TimeInterval, limit: Int = RateLimits.maximumBytes) -> Result<Data, Problem> {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let queue = PacedQueue(depth: 16)
    let download = Download(url: url, limit: limit, timeout: timeout, queue: queue)
    let session = URLSession(configuration: configuration, delegate: download, delegateQueue: queue)
    session.dataTask(with: url).resume()
    if download.ended.wait(timeout: .now() + timeout) == .timedOut {
      queue.halt()
      let what = download.receivedAny ? "the download did not finish" : "no answer"
      return .failure(
        Problem(message: "cannot fetch \(url.absoluteString): \(what) within \(Int(timeout)) s (timed out)"))
    }
    return download.outcome
  }
}

/// Collects one download as URLSession hands it over, and ends it as soon as it goes
/// wrong: past the size limit, on an HTTP error, or on a redirect to a URL that is not
/// http or https.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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
      fail("\(url.absoluteString) redirected to \(location), which is not an http or https URL")
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
      fail("\(url.absoluteString) answered HTTP \(http.statusCode)")
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
          ? "cannot fetch \(url.absoluteString): no answer within \(Int(timeout)) s (timed out)"
          : "cannot fetch \(url.absoluteString): \(error.localizedDescription)")
    } else if let http = task.response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      fail("\(url.absoluteString) answered HTTP \(http.statusCode)")
    }
    ended.signal()
  }

  private var tooLarge: String {
    "cannot fetch \(url.absoluteString): the answer is larger than \(RateLimits.maximumText)"
  }
}

/// The delegate queue of a download, which makes URLSession wait for the delegate.
/// swift-corelibs-foundation hands each piece of body to the delegate queue without
/// waiting, and libcurl inflates a gzip body as fast as it can: a 1 MB bomb queued 1 GB
/// of pieces before the delegate had counted past the limit. Here at most `depth` pieces
/// wait; once halted, none is taken any more and the download stands still.
private final class PacedQueue: OperationQueue, @unchecked Sendable {
  private let room: DispatchSemaphore
  private let lock = NSLock()
  private var halted = false

  init(depth: Int) {
    room = DispatchSemaphore(value: depth)
    super.init()
    maxConcurrentOperationCount = 1
  }

  /// Takes no more work from URLSession: the next piece it hands over waits for good.
  func halt() {
    lock.withLock { halted = true }
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    // Work the queue gives itself (a delegate answering URLSession) never waits on it.
    guard OperationQueue.current !== self else {
      super.addOperation(block)
      return
    }
    room.wait()
    // Halted: the room taken is not given back, so at most `depth` more pieces come.
    guard !lock.withLock({ halted }) else { return }
    super.addOperation { [room] in
      block()
      room.signal()
    }
  }
}

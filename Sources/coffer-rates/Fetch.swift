import CofferText
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
      let url = url.absoluteString
      let seconds = String(Int(timeout))
      return .failure(
        Problem(
          message: download.receivedAny
            ? tr(
              "cannot fetch {url}: the download did not finish within {seconds} s (timed out)",
              ["url": url, "seconds": seconds])
            : tr("cannot fetch {url}: no answer within {seconds} s (timed out)", ["url": url, "seconds": seconds])))
    }
    return download.outcome
  }
}

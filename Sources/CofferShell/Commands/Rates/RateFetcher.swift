import CofferText
import Foundation
import RateFiles

/// Downloads a rates file over HTTP(S) through the `coffer-rates` helper installed next
/// to `coffer` (which uses the toolchain's URLSession, so no HTTP package is built),
/// waiting at most `timeout` seconds for the whole download.
enum RateFetcher {
  static let timeout = 10
  /// How long past `timeout` Coffer waits before it kills a helper that has not given up
  /// by itself: time to start and to hand over the body.
  static let grace = 2

  enum FetchError: Error {
    case failed(String)
    /// `shouldStop` turned true (a signal); the helper was killed.
    case interrupted
  }

  /// The body of a successful (2xx) answer, or why there is none.
  static func fetch(_ url: URL, shouldStop: @escaping @Sendable () -> Bool) -> Result<Data, FetchError> {
    let outcome = RatesHelper.run(
      ["fetch", url.absoluteString, String(timeout)], timeout: .seconds(timeout + grace), shouldStop: shouldStop)
    switch outcome {
    case .succeeded(let body): return .success(body)
    case .failed(let reason):
      return .failure(.failed(reason.isEmpty ? tr("cannot fetch {url}", ["url": url.absoluteString]) : reason))
    case .unavailable(let reason):
      return .failure(.failed(tr("cannot fetch: the coffer-rates helper {reason}", ["reason": reason])))
    case .stopped: return .failure(.interrupted)
    }
  }
}

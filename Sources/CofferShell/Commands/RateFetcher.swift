import CofferCore
import Foundation

/// Downloads a rates file over HTTP(S) through the `coffer-rates` helper installed next
/// to `coffer` (which uses the toolchain's URLSession, so no HTTP package is built),
/// waiting at most `timeout` seconds.
enum RateFetcher {
  static let defaultURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"
  static let timeout = 10

  struct FetchError: Error {
    let message: String
  }

  /// The body of a successful (2xx) answer, or why there is none.
  static func fetch(_ url: URL) -> Result<Data, FetchError> {
    switch RatesHelper.run(["fetch", url.absoluteString, String(timeout)]) {
    case .succeeded(let body): .success(body)
    case .failed(let reason):
      .failure(FetchError(message: reason.isEmpty ? "cannot fetch \(url.absoluteString)" : reason))
    case .unavailable(let reason): .failure(FetchError(message: "cannot fetch: the coffer-rates helper \(reason)"))
    }
  }
}

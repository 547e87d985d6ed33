import CofferCore
import CofferScript
import Foundation

/// `rates fetch [URL]`: downloads a rates file (the ECB's daily one by default) and
/// imports it; a failed download or a bad answer leaves the stored rates as they were.
struct RatesFetchCommand: Command {
  static let entry = CommandEntry(
    "rates fetch", .optional(.path("URL", "a URL")),
    "download a rates file (default: the ECB's daily rates) and import it",
    examples: ["rates fetch", "rates fetch https://example.org/rates.csv"], reachesOutside: true, command: Self.self)

  let url: URL
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    var text = RateFetcher.defaultURL
    offset = arguments["URL"]?.offset ?? arguments.endOffset
    if case .path(let given, _) = arguments["URL"] { text = given }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw context.failure("not an http or https URL: \(text)", at: offset)
    }
    self.url = url
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    // A download can take seconds: say what is being waited for, on a terminal.
    let waiting = ProgressBar(output: context.output, label: "")
    waiting.waiting(for: "fetching \(url.absoluteString)…")
    let fetched = RateFetcher.fetch(url, shouldStop: RateImporting.stopRequested)
    waiting.finish()
    switch fetched {
    case .success(let data):
      return .lines([
        try RateImporting.importRates(Array(data), name: url.absoluteString, context, at: offset, doing: "fetch")
      ])
    case .failure(.interrupted):
      throw RateImporting.interruption("fetch", context, at: offset)
    case .failure(.failed(let message)):
      throw context.failure(message + "; rates unchanged", at: offset)
    }
  }
}

import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing

/// `rates fetch [URL]`: downloads rates and imports them. With a URL, that one file; with
/// none, every source of `rates sources` in turn, each in its own transaction: a failed
/// one is named and leaves its rates as they were, the others are still imported, and
/// the statement fails (exit 1) if any failed.
struct RatesFetchCommand: Command {
  static let address = TypedSlot.file(tr("URL"), tr("a URL"))
  static let entry = CommandEntry(
    "rates fetch", .optional(.slot(address)),
    tr("download rates from every source of 'rates sources' (or from URL) and import them"),
    examples: ["rates fetch", "rates fetch https://example.org/rates.csv"], options: [RateImporting.accept.spec],
    reachesOutside: true, command: Self.self)

  let url: URL?
  let offset: Int
  let accept: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    accept = arguments.has(RateImporting.accept)
    let given = arguments[Self.address]
    offset = given?.offset ?? arguments.commandOffset
    guard let text = given?.value else {
      url = nil
      return
    }
    // The URL becomes the source of the rates it brings, which listings show.
    try RatesSourcesCommand.refuseControlCharacters(in: text, tr("a URL"), at: offset, context)
    guard let url = Self.httpURL(text) else {
      throw context.failure(tr("not an http or https URL: {url}", ["url": text]), at: offset)
    }
    self.url = url
  }

  static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return url
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if let url {
      return .lines([
        try fetch(
          url, name: url.absoluteString, only: [], waiting: tr("fetching {url}…", ["url": url.absoluteString]), context)
      ])
    }
    let sources: [RateSource]
    do {
      sources = try context.ledger.rateSources()
    } catch {
      throw context.failure(error, at: offset)
    }
    guard !sources.isEmpty else {
      throw context.failure(tr("no rate sources to fetch ('rates sources add NAME URL' adds one)"), at: offset)
    }
    var failures: [String] = []
    for (number, source) in sources.enumerated() {
      let waiting = tr(
        "fetching {source} ({number} of {count})…",
        ["source": source.name, "number": String(number + 1), "count": String(sources.count)])
      do throws(StatementFailure) {
        guard let url = Self.httpURL(source.url) else {
          throw context.failure(tr("not an http or https URL: {url}", ["url": source.url]), at: offset)
        }
        let report = try fetch(url, name: source.name, only: source.currencies, waiting: waiting, context)
        context.output.line(
          tr("{source}: {report}", ["source": source.name, "report": report]).escapingControlCharacters)
      } catch {
        // A signal (Ctrl-C too) stops the rest; a source that failed is named and the
        // next one tried.
        if case .signal = error.reason { throw error }
        if Signals.interruptPending { throw error }
        failures.append(tr("{source}: {report}", ["source": source.name, "report": error.message]))
      }
    }
    guard failures.isEmpty else {
      let summary =
        failures.count < sources.count
        ? tr(
          "{failures} ({failed} of {count} sources failed; the others were imported)",
          [
            "failures": failures.joined(separator: tr("; ")), "failed": String(failures.count),
            "count": String(sources.count),
          ])
        : tr(
          "{failures} ({failed} of {count} sources failed)",
          [
            "failures": failures.joined(separator: tr("; ")), "failed": String(failures.count),
            "count": String(sources.count),
          ])
      throw context.failure(summary, at: offset)
    }
    return .nothing
  }

  /// Downloads one URL and imports it; the report line, or why it failed (rates unchanged).
  private func fetch(
    _ url: URL, name: String, only: [Currency], waiting text: String, _ context: CommandContext
  ) throws(StatementFailure) -> String {
    // A download can take seconds: say what is being waited for, on a terminal.
    let waiting = ProgressBar(output: context.output, label: "")
    waiting.waiting(for: text)
    let fetched = RateFetcher.fetch(url, shouldStop: RateImporting.stopRequested)
    waiting.finish()
    switch fetched {
    case .success(let data):
      return try RateImporting.importRates(
        Array(data), name: name, only: only, accept: accept, context, at: offset, doing: "fetch")
    case .failure(.interrupted):
      throw RateImporting.interruption("fetch", context, at: offset)
    case .failure(.failed(let message)):
      throw context.failure(tr("{reason}; rates unchanged", ["reason": message]), at: offset)
    }
  }
}

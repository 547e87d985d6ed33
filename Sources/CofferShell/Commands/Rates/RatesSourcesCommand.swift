import CofferCore
import CofferScript
import CofferText
import Foundation

/// `rates sources`, `rates sources add NAME URL [C...]`, `rates sources remove NAME`:
/// where `rates fetch` goes. Kept in the store and written at once.
struct RatesSourcesCommand: Command {
  static let name = TypedSlot.word(tr("NAME"), tr("a name for the source"))
  static let removed = TypedSlot.word(tr("NAME"), tr("the name of a source"))
  static let address = TypedSlot.path(
    tr("URL"), tr("an http or https URL, then the currencies to take from it, if not all"))
  static let entry = CommandEntry(
    "rates sources",
    .optional(
      .choice([
        // The URL slot reads the rest of the statement (a URL may hold `;`-free text
        // such as `--`): the currencies after it are read from that text here.
        .sequence([.keyword("add"), .slot(name), .slot(address)]),
        .sequence([.keyword("remove"), .slot(removed)]),
        .keyword("clear"),
      ])),
    tr(
      """
      list where 'rates fetch' goes; add (or replace) a source, taking only C... from it if given; remove \
      one, or all
      """),
    examples: [
      "rates sources", "rates sources add ecb https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
      "rates sources add gulf https://example.org/latest/EUR AED SAR QAR", "rates sources remove gulf",
    ], access: .readsWithout([name.slot, removed.slot], keywords: ["clear"]),
    usage: tr("rates sources [add NAME URL [C...] | remove NAME | clear]"), readsHoldings: false,
    command: Self.self)

  enum Action {
    case list
    case add(RateSource)
    case remove(String, at: Int)
    case clear
  }

  let action: Action

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    if let removed = arguments[Self.removed] {
      action = .remove(removed.value, at: removed.offset)
      return
    }
    guard let named = arguments[Self.name] else {
      action = arguments.has(keyword: "clear") ? .clear : .list
      return
    }
    let (name, nameOffset) = (named.value, named.offset)
    let url = try arguments.value(Self.address)
    let (given, urlOffset) = (url.value, url.offset)
    // Kept in the store and shown by listings: no text that a terminal would act on.
    try Self.refuseControlCharacters(in: name, tr("a source's name"), at: nameOffset, context)
    try Self.refuseControlCharacters(in: given, tr("a URL"), at: urlOffset, context)
    // The URL, then currency codes, separated by blanks; each with its offset.
    var words: [(text: String, offset: Int)] = []
    var start: String.Index?
    for index in given.indices + [given.endIndex] {
      let blank = index == given.endIndex || given[index] == " " || given[index] == "\t"
      if blank, let first = start {
        words.append((String(given[first..<index]), urlOffset + given.utf8.distance(from: given.startIndex, to: first)))
        start = nil
      } else if !blank && start == nil {
        start = index
      }
    }
    let text = words.first?.text ?? given
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host?.isEmpty == false
    else {
      throw context.failure(tr("not an http or https URL: {url}", ["url": text]), at: urlOffset)
    }
    var currencies: [Currency] = []
    for word in words.dropFirst() {
      let currency = try context.currency(named: word.text, at: word.offset)
      if !currencies.contains(currency) { currencies.append(currency) }
    }
    action = .add(RateSource(name: name, url: text, currencies: currencies))
  }

  /// A control character in `text` (a name or a URL as given at `offset`) is an error
  /// at its place: a quoted text's own start is after its quote.
  static func refuseControlCharacters(
    in text: String, _ what: String, at offset: Int, _ context: CommandContext
  ) throws(StatementFailure) {
    guard let (scalar, at) = text.firstControlCharacter else { return }
    let bytes = context.line.bytes
    let quoted = offset < bytes.count && (bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'"))
    throw context.failure(
      tr("{what} cannot hold a control character ({character})", ["what": what, "character": String.named(scalar)]),
      at: offset + at + (quoted ? 1 : 0))
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    switch action {
    case .list:
      do {
        return .listing(Report(sources: try ledger.rateSources()))
      } catch {
        throw context.failure(error, at: 0)
      }
    case .clear:
      do {
        try ledger.clearRateSources()
      } catch {
        throw context.failure(error, at: 0)
      }
      return .nothing
    case .add(let source):
      do {
        try ledger.setRateSource(source)
      } catch {
        throw context.failure(error, at: 0)
      }
      return .nothing
    case .remove(let name, let offset):
      let removed: Bool
      do {
        removed = try ledger.removeRateSource(named: name)
      } catch {
        throw context.failure(error, at: offset)
      }
      guard removed else {
        let names: [String]
        do {
          names = try ledger.rateSources().map(\.name)
        } catch {
          throw context.failure(error, at: offset)
        }
        throw context.failure(
          names.isEmpty
            ? tr("no rate source named '{name}'", ["name": name])
            : tr(
              "no rate source named '{name}' (there are: {names})",
              ["name": name, "names": names.listed()]),
          at: offset)
      }
      return .nothing
    }
  }

  struct Report: Listing {
    let sources: [RateSource]

    private func taken(_ source: RateSource) -> String {
      source.currencies.isEmpty ? tr("all") : source.currencies.map(\.code).joined(separator: " ")
    }

    func table(_ output: Output) -> [String] {
      guard !sources.isEmpty else { return [tr("no rate sources ('rates sources add NAME URL' adds one)")] }
      var table = TextTable([.left, .left, .left])
      for source in sources {
        table.add([source.name.escapingControlCharacters, source.url.escapingControlCharacters, taken(source)])
      }
      return table.lines()
    }

    func plain() -> [String] { sources.map { "\($0.name) \($0.url)" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (["name", "url", "currencies"], sources.map { [$0.name, $0.url, taken($0)] })
    }

    func json() -> JSONValue {
      .array(
        sources.map { source in
          .object([
            ("name", .string(source.name)), ("url", .string(source.url)),
            ("currencies", .array(source.currencies.map { .string($0.code) })),
          ])
        })
    }
  }
}

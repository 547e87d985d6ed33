import CofferScript
import CofferText

/// `stats`: the counters that show what the store and the total did.
struct StatsCommand: Command {
  static let entry = CommandEntry(
    "stats", .none, tr("the counters of reads, recomputes, saves and renders"), examples: ["stats --format plain"],
    options: [ListingOptions.format.spec], access: .reads, readsHoldings: false, command: Self.self)

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {}

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    .listing(Report(counters: context.ledger.counters.all))
  }

  struct Report: Listing {
    let counters: [(name: String, value: Int)]

    func table(_ output: Output) -> [String] {
      var table = TextTable([.left, .right])
      for counter in counters { table.add([counter.name, String(counter.value)]) }
      return table.lines()
    }

    func plain() -> [String] { counters.map { "\($0.name) \($0.value)" } }

    func csv() -> (header: [String], rows: [[String]]) {
      (["name", "value"], counters.map { [$0.name, String($0.value)] })
    }

    func json() -> JSONValue { .object(counters.map { ($0.name, .literal(String($0.value))) }) }
  }
}

import CofferCore
import CofferScript

/// One command: it reads its parsed arguments into a value, then runs against the
/// context and returns what to print. Its grammar, help and completion are in its
/// `CommandEntry`, listed once in `CommandTable`.
protocol Command: SendableMetatype {
  /// Reads the arguments the grammar parsed; unknown names and bad values fail here,
  /// before anything changes.
  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure)

  /// Runs against the model.
  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult
}

/// What a command gives back to print. Listings are printed by the renderer of the
/// format asked for (`--format`, else the run's default).
enum CommandResult {
  case nothing
  /// Text printed as it is, whatever the format.
  case lines([String])
  case listing(any Listing)
}

/// Where a command can be typed.
enum CommandScope {
  /// At the top level, and in the sheet too (where it acts on the holdings as usual).
  case everywhere
  /// At the top level only (`open`).
  case topLevel
  /// Only while the sheet is open (`next`, `dismiss`…).
  case sheet
}

/// A command's entry in the table: everything `help`, completion and dispatch need.
final class CommandEntry: Sendable {
  /// One word, or two for a subcommand (`rates set`).
  let name: String
  /// The words of the name: `["rates", "set"]`.
  let words: [String]
  let aliases: [String]
  let grammar: Grammar
  /// Whether its grammar takes the rest of the statement as written (options included).
  let takesRest: Bool
  let options: [OptionSpec]
  let summary: String
  let examples: [String]
  let scope: CommandScope
  /// Whether it reads files, starts the rates helper or reaches the network: refused in
  /// a confined run.
  let reachesOutside: Bool
  /// Whether it reads the holdings, settings or rates loaded from the store: refused,
  /// naming the damage, while any of those rows cannot be read (see `Ledger.damage`).
  let readsHoldings: Bool
  /// Whether a statement of it only reads: `watch` runs only those.
  let access: Access
  /// A usage line written by hand where the grammar's would read worse (`help`,
  /// `print`, the sheet's `set`, a bare draft).
  let usageOverride: String?
  /// Reads the arguments into the command's value and runs it. (A closure made for the
  /// command's own type: no existential box on the way, which a million-line script
  /// would feel.)
  let run: @Sendable (Arguments, CommandContext) throws(StatementFailure) -> CommandResult

  convenience init<C: Command>(
    _ name: String, _ grammar: Grammar, _ summary: String, examples: [String] = [], options: [OptionSpec] = [],
    aliases: [String] = [], scope: CommandScope = .everywhere, reachesOutside: Bool = false, access: Access = .writes,
    usage: String? = nil, readsHoldings: Bool = true, command: C.Type
  ) {
    self.init(
      name, grammar, summary, examples: examples, options: options, aliases: aliases, scope: scope,
      reachesOutside: reachesOutside, access: access, usage: usage, readsHoldings: readsHoldings
    ) { arguments, context throws(StatementFailure) in
      try C(arguments, context).run(context)
    }
  }

  init(
    _ name: String, _ grammar: Grammar, _ summary: String, examples: [String] = [], options: [OptionSpec] = [],
    aliases: [String] = [], scope: CommandScope = .everywhere, reachesOutside: Bool = false, access: Access = .writes,
    usage: String? = nil, readsHoldings: Bool = true,
    run: @escaping @Sendable (Arguments, CommandContext) throws(StatementFailure) -> CommandResult
  ) {
    self.name = name
    self.words = name.split(separator: " ").map(String.init)
    self.grammar = grammar
    self.takesRest = grammar.takesRest
    self.summary = summary
    self.examples = examples
    self.options = options
    self.aliases = aliases
    self.scope = scope
    self.reachesOutside = reachesOutside
    self.readsHoldings = readsHoldings
    self.access = access
    self.usageOverride = usage
    self.run = run
  }

  /// `holdings [--all] [--format FMT] [at DATE]`, from the grammar.
  var usage: String {
    if let usageOverride { return usageOverride }
    let options = self.options.map { $0.values == nil ? "[--\($0.name)]" : "[--\($0.name) \($0.valueName)]" }
    return ([name] + options + [grammar.usage]).filter { !$0.isEmpty }.joined(separator: " ")
  }
}

/// What a command's statements may change. A command is taken to write unless its entry
/// says otherwise.
enum Access: Sendable {
  /// It only reads (the holdings, the rates, the store): `total`, `holdings`, `log`.
  case reads
  /// It changes the holdings, the rates, the store or the session (`set`, `let`, `save`).
  case writes
  /// It reads, unless this slot (or this keyword) is given: `local` shows the local
  /// currency, `local C` changes it; `rates sources clear` removes them all.
  case readsWithout(String, keyword: String? = nil)

  /// Whether the statement read into `arguments` only reads.
  func onlyReads(_ arguments: Arguments) -> Bool {
    switch self {
    case .reads: true
    case .writes: false
    case .readsWithout(let slot, let keyword):
      arguments[slot] == nil && !(keyword.map { arguments.has(keyword: $0) } ?? false)
    }
  }
}

/// The options listing commands share.
enum ListingOptions {
  static let format = OptionSpec(
    "format", values: OutputFormat.allCases.map(\.rawValue), valueError: "--format takes table, plain, csv or json")
  static let all = OptionSpec("all")
  /// `--in C`: the values expressed in C instead of the local currency (the command
  /// checks the code).
  static let expressedIn = OptionSpec(
    "in", values: [], valueError: "--in takes a currency code such as USD", valueName: "C")
  static let listing = [format, all]
}

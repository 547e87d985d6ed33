import CofferCore
import CofferScript

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

import CofferCore
import CofferScript
import CofferText

/// `watch [SECONDS] [count N] COMMAND…`: runs a command that only reads, then looks again
/// every SECONDS (2 unless told) and prints it again only when its output changed, until
/// Ctrl-C (back at the prompt), as psql's `\watch` does. The command reads what is
/// watched, checked; the interpreter runs the loop (`Interpreter.watch`).
///
/// Commands that change anything are refused, before anything runs. With `count N` it
/// looks N times (the first run included) and ends; a script must say so, since only a
/// signal would end it otherwise.
struct WatchCommand: Command {
  static let interval = TypedSlot.expression(tr("SECONDS"), tr("a number of seconds between looks"))
  static let looks = TypedSlot.expression(tr("N"), tr("how many times to look"))
  static let command = TypedSlot.text(tr("COMMAND"), tr("a command to watch, such as total"))
  static let entry = CommandEntry(
    "watch",
    .sequence([.optional(.slot(interval)), .optional(.sequence([.keyword("count"), .slot(looks)])), .slot(command)]),
    tr(
      """
      re-run a read-only command every SECONDS (2), printing it again when its output changes; Ctrl-C stops
      """),
    examples: ["watch total", "watch 5 holdings --in USD", "watch 1 count 60 total --format json"],
    usage: tr("watch [SECONDS] [count N] COMMAND..."), command: Self.self)

  static let defaultSeconds = 2.0
  /// Looks closer together than this would only load the machine.
  static let shortestSeconds = 0.1

  let watched: CommandEntry
  let arguments: Arguments
  /// The watched command as written, for the header.
  let text: String
  let seconds: Double
  /// How many looks, nil for no bound.
  let count: Int?

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    var seconds = Self.defaultSeconds
    if let expression = arguments[Self.interval] {
      let given = try context.number(expression, role: "watch")
      guard let value = Double(given.description), value >= Self.shortestSeconds, value <= 86_400 else {
        throw context.failure(
          tr("watch: SECONDS must be from 0.1 to 86400, not {given}", ["given": "\(given)"]), at: expression.offset)
      }
      seconds = value
    }
    self.seconds = seconds
    let looks = arguments[Self.looks]
    count = looks == nil ? nil : try context.count(looks, default: 1, for: "watch")
    let command = try arguments.value(Self.command)
    text = command.value
    (watched, self.arguments) = try Self.read(
      arguments.line, from: command.offset, to: arguments.endOffset, sheetOpen: context.sheet != nil, context)
    if count == nil && !context.options.interactive {
      throw context.failure(
        tr(
          "watch in a script needs 'count N' (nothing but a signal would end it); e.g. watch 2 count 30 {command}",
          ["command": text]),
        at: arguments.commandOffset)
    }
  }

  /// The watched statement read with its command's grammar, refused unless it only reads.
  private static func read(
    _ line: LogicalLine, from start: Int, to end: Int, sheetOpen: Bool, _ context: CommandContext
  ) throws(StatementFailure) -> (CommandEntry, Arguments) {
    var parser = Parser(line: line, segment: .init(start: start, end: end))
    guard let first = parser.peek, let word = first.word else {
      throw StatementFailure(parser.expected(tr("a command to watch")))
    }
    guard let entry = CommandTable.entry(named: word, then: parser.peekSecond?.word, sheetOpen: sheetOpen),
      CommandTable.fits(entry, sheetOpen: sheetOpen)
    else {
      let hint = Suggestions.hint(for: word, in: CommandTable.names(sheetOpen: sheetOpen))
      throw context.failure(
        tr("watch: unknown command '{command}'{hint}", ["command": word, "hint": hint]), at: first.start)
    }
    for _ in entry.words { _ = parser.advance() }
    let arguments: Arguments
    do {
      arguments = try StatementReader.read(
        parser, command: entry.name, commandOffset: first.start, grammar: entry.grammar, options: entry.options,
        takesRest: entry.takesRest)
    } catch {
      throw StatementFailure(error)
    }
    guard entry.access.onlyReads(arguments) else {
      let what =
        entry.name == Self.entry.name
        ? tr("watch cannot watch itself") : tr("'{command}' changes things", ["command": entry.name])
      throw context.failure(
        tr(
          "{what}; watch runs only commands that read (total, holdings, rates, convert, print, log, stats…)",
          ["what": what]),
        at: first.start)
    }
    return (entry, arguments)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    .effect(.watch(self))
  }

  /// The format the watched statement prints in: its `--format`, else the run's.
  func format(default fallback: OutputFormat) -> OutputFormat {
    arguments[ListingOptions.format]?.value ?? fallback
  }
}

import CofferScript

/// `quit [STATUS]`: saves and leaves. Interactive, it is refused once while edits cannot
/// be saved; `quit!` leaves at once, without them.
struct QuitCommand: Command {
  static let entry = CommandEntry(
    "quit", .optional(.expression("STATUS", "a status")), "save and leave (with STATUS, exit with it)",
    examples: ["quit", "quit 4"], aliases: ["exit"], readsHoldings: false, command: Self.self)

  static let forced = CommandEntry(
    "quit!", .optional(.expression("STATUS", "a status")),
    "leave even when edits cannot be saved (they are listed, and the exit status is 3)", examples: ["quit!"],
    aliases: ["exit!"], readsHoldings: false
  ) { arguments, context throws(StatementFailure) in
    var quit = try QuitCommand(arguments, context)
    quit.force = true
    return try quit.run(context)
  }

  let status: Expression?
  var force = false

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    if case .expression(let status) = arguments["STATUS"] { self.status = status } else { status = nil }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    // An interactive session succeeds whatever statements failed, as psql and sqlite3 do.
    var chosen: Int32 = context.hadError && !context.options.interactive ? 1 : 0
    if let status {
      guard let value = try context.number(status, role: "quit").wholeNumber, (0...255).contains(value) else {
        throw context.failure("quit: STATUS must be a whole number from 0 to 255", at: status.offset)
      }
      chosen = Int32(value)
    }
    context.quitStatus = chosen
    context.quitForced = force
    return .nothing
  }
}

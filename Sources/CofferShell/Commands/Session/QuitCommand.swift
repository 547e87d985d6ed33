import CofferScript
import CofferText

/// `quit [STATUS]`: saves and leaves. Interactive, it is refused once while edits cannot
/// be saved; `quit!` leaves at once, without them.
struct QuitCommand: Command {
  static let code = TypedSlot.expression(tr("STATUS"), tr("a status"))
  static let entry = CommandEntry(
    "quit", .optional(.slot(code)), tr("save and leave (with STATUS, exit with it)"),
    examples: ["quit", "quit 4"], aliases: ["exit"], readsHoldings: false, command: Self.self)

  static let forced = CommandEntry(
    "quit!", .optional(.slot(code)),
    tr("leave even when edits cannot be saved (they are listed, and the exit status is 3)"), examples: ["quit!"],
    aliases: ["exit!"], readsHoldings: false
  ) { arguments, context throws(StatementFailure) in
    var quit = try QuitCommand(arguments, context)
    quit.force = true
    return try quit.run(context)
  }

  let status: Expression?
  var force = false

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    status = arguments[Self.code]
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let status else { return .effect(.quit(status: nil, forced: force)) }
    guard let value = try context.number(status, role: "quit").wholeNumber, (0...255).contains(value) else {
      throw context.failure(tr("quit: STATUS must be a whole number from 0 to 255"), at: status.offset)
    }
    return .effect(.quit(status: Int32(value), forced: force))
  }
}

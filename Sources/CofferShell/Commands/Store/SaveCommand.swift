import CofferScript
import CofferText

/// `save [--force]`: writes the pending edits now.
struct SaveCommand: Command {
  static let overwrite = Flag("force")
  static let entry = CommandEntry(
    "save", .none, tr("write pending edits now; --force overwrites another session's change"), examples: ["save"],
    options: [overwrite.spec], readsHoldings: false, command: Self.self)

  let force: Bool
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    force = arguments.has(Self.overwrite)
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    .effect(.save(force: force, offset: end, then: .sayHowMany))
  }
}

import CofferCore
import CofferScript
import CofferText

/// `rates clear --yes`: forgets the whole rates history, imported rates and quotes alike,
/// at once: how a dump starts, before it gives the history back whole. Interactive, it
/// asks for `--yes` (as `clear all` does).
struct RatesClearCommand: Command {
  static let yes = Flag("yes")
  static let entry = CommandEntry(
    "rates clear", .none, tr("forget every stored rate and quote (the whole rates history); a dump starts with it"),
    examples: ["rates clear --yes"], options: [yes.spec], command: Self.self)

  let confirmed: Bool
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    confirmed = arguments.has(Self.yes)
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard confirmed else {
      throw context.failure(
        tr("'rates clear' forgets the whole rates history; type 'rates clear --yes' to do it"), at: end)
    }
    do {
      try context.ledger.clearRates()
    } catch {
      throw context.failure(error, at: end)
    }
    return .nothing
  }
}

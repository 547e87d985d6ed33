import CofferCore
import CofferScript

/// One command: it reads its parsed arguments into a value, then runs against the
/// context and returns what to print, or an `Effect` for the loop to carry out (a
/// command never changes how the run goes itself). Its grammar, help and completion are
/// in its `CommandEntry`, listed once in `CommandTable`.
protocol Command: SendableMetatype {
  /// Reads the arguments the grammar parsed; unknown names and bad values fail here,
  /// before anything changes.
  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure)

  /// Runs against the model: reads and changes the ledger, the variables and the open
  /// sheet; leaving, saving, running scripts and opening or closing the sheet are effects.
  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult
}

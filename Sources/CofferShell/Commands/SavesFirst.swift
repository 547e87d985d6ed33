/// A command whose work is done once the pending edits are saved (`backup`, `dump`): it
/// returns `Effect.save` with `.run(self)`, and the interpreter calls `afterSave` when the
/// save went well.
protocol SavesFirst {
  /// What a failed save says was not done: `no backup was made`.
  var notDone: String { get }

  /// The work, with nothing pending.
  func afterSave(_ context: CommandContext) throws(StatementFailure) -> CommandResult
}

import CofferCore

/// What a command asks of the loop that runs it, beyond what it prints. A command never
/// changes how the run goes itself: it returns one of these (`CommandResult.effect`),
/// and `Interpreter.perform` carries it out, in one place. An effect that needs to go on
/// afterwards (print what a save did, say what `dismiss` totals) says so with `then`.
///
/// A command that needs a new kind of effect adds a case here and its handling in
/// `Interpreter.perform`.
indirect enum Effect {
  /// `quit` and `quit!` (`forced`: leave even with edits that cannot be saved). A nil
  /// status is the run's own: 1 after a failed statement of a script, else 0.
  case quit(status: Int32?, forced: Bool)
  /// `source`: runs a script file (its relative `source` paths read from `folder`), then
  /// saves as the end of a script file does.
  case runScript(LineReader, folder: String, offset: Int)
  /// Saves the pending batch at `point` if `SavePolicy` says so there, then goes on with
  /// `then`, told how many edits were written or why none could be.
  case save(
    SavePolicy.Point, offset: Int,
    then: (Result<Int, StatementFailure>) throws(StatementFailure) -> CommandResult)
  /// `open`: the sheet is open from here on; with `asForm`, shown as the full-screen form
  /// until it is left (the line sheet when the terminal cannot take it).
  case openSheet(SheetController, asForm: Bool, offset: Int)
  /// `dismiss`, `cancel`: the sheet is closed, then `then` goes on.
  case closeSheet(then: CommandResult)
  /// `history`: the lines entered at the prompt so far, handed to `then`.
  case readHistory(offset: Int, then: ([String]) -> CommandResult)
  /// `watch`: the watched statement is run by the loop, its output captured, as often as
  /// the watch says (`WatchCommand.watch`).
  case watch(WatchCommand)
}

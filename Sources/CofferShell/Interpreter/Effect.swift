import CofferCore

/// What a command asks of the loop that runs it, beyond what it prints: plain data that
/// `Interpreter.perform` acts on, in one place. A command never changes how the run goes
/// itself, and an effect holds no code to run later: what follows it (what a save is
/// for, what closing the sheet prints) is part of its value.
///
/// A command that needs a new kind of effect adds a case here and its handling in
/// `Interpreter.perform`.
enum Effect {
  /// `quit` and `quit!` (`forced`: leave even with edits that cannot be saved). A nil
  /// status is the run's own: 1 after a failed statement of a script, else 0.
  case quit(status: Int32?, forced: Bool)
  /// `source`: runs a script file (its relative `source` paths read from `folder`), then
  /// saves as the end of a script file does.
  case runScript(LineReader, folder: String, offset: Int)
  /// `save` (`force`: `save --force`), and the save `backup` and `dump` make first: the
  /// pending batch is written, then `then` says what follows.
  case save(force: Bool, offset: Int, then: AfterSave)
  /// `open`: the sheet is open from here on; with `asForm`, shown as the full-screen form
  /// until it is left (the line sheet when the terminal cannot take it).
  case openSheet(SheetController, asForm: Bool, offset: Int)
  /// `dismiss`: Done (`Interpreter.done`), the focused draft committed already.
  case done(offset: Int)
  /// `cancel`: the sheet is closed (its commits reverted already), and `printing` printed.
  case closeSheet(printing: [String])
  /// `watch`: the interpreter runs the watched statement as often as the watch says
  /// (`Interpreter.watch`).
  case watch(WatchCommand)

  /// What follows a save a statement asked for (`Effect.save`).
  enum AfterSave {
    /// `save`: in the interactive shell, how many edits were written.
    case sayHowMany
    /// `backup`, `dump`: the command's work, which needs nothing pending. When the save
    /// fails it is not done, and the failure says so.
    case run(any SavesFirst)
  }
}

import CofferCore
import CofferScript
import Foundation
import Screen

/// The loop's side of a statement: what a command gave back is printed, and its effect
/// carried out, here and nowhere else.
extension Interpreter {
  /// Prints a command's result in `format`, or carries out its effect. Returns how the
  /// run goes on: `.proceed`; `.stop(.quit)` after `quit`; `.interrupted` after Ctrl-C in
  /// a sourced script; or `.stop(reason)` when the statement failed and the failure was
  /// reported already (in the script it sourced, by the signal that stopped it).
  func perform(_ result: CommandResult, format: OutputFormat, to output: Output) throws(StatementFailure) -> Flow {
    let effect: Effect
    switch result {
    case .nothing:
      return .proceed
    case .lines(let lines):
      for line in lines { output.line(line) }
      return .proceed
    case .listing(let listing):
      Renderer.render(listing, format: format, to: output)
      return .proceed
    case .effect(let chosen):
      effect = chosen
    }
    switch effect {
    case .quit(let status, let forced):
      // An interactive session succeeds whatever statements failed, as psql and sqlite3 do.
      let chosen = status ?? (hadError && !options.interactive ? 1 : 0)
      return .stop(.quit(chosen, forced: forced))

    case .runScript(let reader, let folder, let offset):
      let statement = context.line
      let flow = runScript(reader, folder: folder)
      context.line = statement
      switch flow {
      case .proceed:
        // A sourced file is a script file too: its edits are saved when it ends.
        _ = try saving.save(at: .scriptEnded, offset: offset).get()
        return .proceed
      case .interrupted, .stop(.quit):
        return flow
      case .stop(let reason):
        // Reported where it happened; the statements around `source` stop as for a
        // failure of their own.
        return .stop(reason)
      }

    case .save(let point, let offset, let then):
      return try perform(try then(saving.save(at: point, offset: offset)), format: format, to: output)

    case .openSheet(let sheet, let asForm, let offset):
      context.open(sheet)
      guard asForm else { return .proceed }
      guard let screen = CursesScreen() else {
        // The terminal cannot take the form (terminfo does not know its type): the line
        // sheet it is, edits and all, rather than an end.
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        output.diagnostic(
          "note: the terminal type '\(term)' is not known here (no terminfo entry); the sheet is shown as lines"
            .escapingControlCharacters)
        return .proceed
      }
      // What the form ends with is printed once the terminal is given back.
      let ending = Result { () throws(StatementFailure) in try runForm(sheet, on: screen, offset: offset) }
      screen.close()
      switch try ending.get() {
      case .printed(let lines):
        for line in lines { output.line(line) }
        return .proceed
      case .stopped(let signal):
        return .stop(.signal(signal))
      }

    case .closeSheet(let then):
      context.closeSheet()
      return try perform(then, format: format, to: output)

    case .readHistory(let offset, let then):
      guard let lineEditor else {
        throw context.failure("history is kept only in the interactive shell", at: offset)
      }
      return try perform(then(lineEditor.entries), format: format, to: output)

    case .watch(let watch):
      let format = watch.format(default: options.format)
      return try watch.watch(context) { () throws(StatementFailure) -> String in
        try output.capturing { captured throws(StatementFailure) in
          _ = try perform(try watch.runWatched(context), format: format, to: captured)
        }
      }
    }
  }

  /// Runs the full-screen form on an open sheet until it is left, making the saves its
  /// Done asks for; returns what the prompt prints then (the total after Done, what
  /// `cancel` discarded), or the stop when SIGTERM or SIGHUP ended it (the focused
  /// draft committed, the sheet left open for the run's ending to save).
  func runForm(_ sheet: SheetController, on screen: any FormScreen, offset: Int) throws(StatementFailure)
    -> FormEnding
  {
    let form = SheetForm(sheet: sheet, screen: screen, output: output)
    while true {
      switch form.run() {
      case .save(let force):
        form.saved(saving.save(at: .dismiss(force: force)))
      case .done:
        context.closeSheet()
        return .printed([try DismissCommand.total(after: sheet, context, at: offset)])
      case .cancelled(let message):
        context.closeSheet()
        return .printed([message])
      case .stopped(let signal):
        return .stopped(signal)
      }
    }
  }

  /// How the form was left.
  enum FormEnding {
    /// Done or cancelled: what the prompt prints.
    case printed([String])
    /// SIGTERM or SIGHUP.
    case stopped(Int32)
  }
}

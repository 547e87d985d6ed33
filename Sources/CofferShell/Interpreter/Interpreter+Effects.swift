import CofferCore
import CofferScript
import CofferText
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
      // One note a command, after its output, when its rates are older than max-age.
      if let behind = listing.ratesBehind,
        let note = behind.age.note(before: behind.asked, maxAge: context.ledger.maxAge)
      {
        output.diagnostic("note: " + note)
      }
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
        _ = try save(at: .scriptEnded, offset: offset).get()
        return .proceed
      case .interrupted, .stop(.quit):
        return flow
      case .stop(let reason):
        // Reported where it happened; the statements around `source` stop as for a
        // failure of their own.
        return .stop(reason)
      }

    case .save(let force, let offset, let then):
      let saved = save(at: .saveCommand(force: force), offset: offset)
      switch then {
      case .sayHowMany:
        let count = try saved.get()
        if options.interactive {
          output.line(
            count == 0 ? tr("nothing to save") : tr("saved {count} change", "saved {count} changes", count: count))
        }
        return .proceed
      case .run(let command):
        if case .failure(let error) = saved {
          throw StatementFailure(
            tr(
              "{outcome}: the pending edits could not be saved first: {problem}",
              ["outcome": command.notDone, "problem": error.message]), at: error.location,
            reason: error.reason)
        }
        return try perform(try command.afterSave(context), format: format, to: output)
      }

    case .openSheet(let sheet, let asForm, let offset):
      context.open(sheet)
      guard asForm else { return .proceed }
      guard let screen = CursesScreen() else {
        // The terminal cannot take the form (terminfo does not know its type): the line
        // sheet it is, edits and all, rather than an end.
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        output.diagnostic(
          ("note: "
            + tr(
              "the terminal type '{term}' is not known here (no terminfo entry); the sheet is shown as lines",
              ["term": term])).escapingControlCharacters)
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

    case .done(let offset):
      guard let sheet = context.sheet else { return .proceed }
      switch try done(sheet, force: false, at: offset) {
      case .closed(let total):
        output.line(total)
        return .proceed
      case .notSaved(let error, let message):
        // The line sheet closes even if the save fails: its edits stay pending for the
        // next save.
        context.closeSheet()
        throw context.failure(message, at: offset, reason: error.isStoreUnavailable ? .storeFailed : .statementFailed)
      }

    case .closeSheet(let lines):
      context.closeSheet()
      for line in lines { output.line(line) }
      return .proceed

    case .watch(let watched):
      return try watch(watched)
    }
  }

  // MARK: - Done

  /// How Done went.
  enum DoneOutcome {
    /// Saved, and the sheet closed: the total to print.
    case closed(String)
    /// The save failed (a conflict, a full disk…): the sheet is still open, its commits
    /// pending; `message` says why, with how many edits were kept.
    case notSaved(StoreError, message: String)
  }

  /// Done, the one sequence behind the line sheet's `dismiss` and the form's Ctrl-D, once
  /// the sheet has committed its focused draft and holds no invalid draft: its commits
  /// are saved (`force` after the form showed a conflict), then the sheet is closed and
  /// the total said. When the save fails, the sheet stays open and the caller decides:
  /// `dismiss` closes it with the edits pending, the form shows why and stays.
  func done(_ sheet: SheetController, force: Bool, at offset: Int) throws(StatementFailure) -> DoneOutcome {
    if case .failed(let error, let message, _) = save(at: .dismiss(force: force)) {
      return .notSaved(error, message: message)
    }
    return .closed(try close(sheet, at: offset))
  }

  /// Done's ending (and the form's after a failed save, with the edits kept): the sheet
  /// closed, and the total, with what other sessions saved meanwhile; for a sheet at a
  /// date, the total as held then.
  func close(_ sheet: SheetController, at offset: Int) throws(StatementFailure) -> String {
    context.closeSheet()
    do {
      try ledger.refresh()
    } catch {
      throw context.failure(error, at: offset)
    }
    try context.requireSoundStore(at: offset)
    guard let date = sheet.date else {
      return MoneyText.total(try context.readTotal(at: offset), output: output)
    }
    let held = try context.readTotal(of: try context.portfolio(asHeldOn: date, at: offset), at: offset)
    return MoneyText.total(held, output: output, basis: tr("as held on {date}", ["date": date.description]))
  }

  // MARK: - The form

  /// Runs the full-screen form on an open sheet until it is left; returns what the prompt
  /// prints then (the total after Done, what `cancel` discarded), or the stop when
  /// SIGTERM or SIGHUP ended it (the focused draft committed, the sheet left open for the
  /// run's ending to save).
  func runForm(_ sheet: SheetController, on screen: any FormScreen, offset: Int) throws(StatementFailure)
    -> FormEnding
  {
    let form = SheetForm(sheet: sheet, screen: screen, output: output)
    while true {
      switch form.run() {
      case .done(let force):
        switch try done(sheet, force: force, at: offset) {
        case .closed(let total): return .printed([total])
        case .notSaved(let error, let message): form.notSaved(error, message: message)
        }
      case .closeUnsaved:
        return .printed([try close(sheet, at: offset)])
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

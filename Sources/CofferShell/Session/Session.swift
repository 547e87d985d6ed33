import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing

/// One run of Coffer: scripts and interactive input fed to one interpreter, with the
/// saves of `SavePolicy` between them, and the decision of how the run ended.
final class Session {
  let interpreter: Interpreter
  let output: Output
  private var lastSource = "<command>"
  private var lastLine = 0
  /// The pending batch when leaving was last refused for unsaved edits: asking again
  /// with nothing committed since leaves.
  private var refusedLeavingWith: PendingBatch?

  init(interpreter: Interpreter, output: Output) {
    self.interpreter = interpreter
    self.output = output
  }

  func runScript(_ reader: LineReader, folder: String?) -> Flow {
    var flow = folder.map { interpreter.runScript(reader, folder: $0) } ?? interpreter.run(reader)
    lastSource = reader.source
    lastLine = reader.lineNumber
    // Ctrl-C is caught only at the interactive prompt: here it ended nothing but the line.
    if flow == .interrupted { flow = .proceed }
    switch flow {
    case .stop(.storeFailed), .stop(.quit): return flow
    default: break
    }
    if let reason = interpreter.save(between: .scriptEnded, source: reader.source, line: reader.lineNumber) {
      return .stop(reason)
    }
    return flow
  }

  func runInteractive(environment: [String: String]) -> Flow {
    interpreter.options.interactive = true
    let history = HistoryFile.standard(environment: environment)
    do {
      try history.makeFolder()
    } catch {
      // The session goes on; what is typed is still in its own history.
      output.diagnostic(
        ("coffer: note: " + tr("the lines typed will not be kept: {reason}", ["reason": "\(error)"]))
          .escapingControlCharacters)
    }
    guard let editor = LineEditor(programName: "coffer", historyFile: history) else {
      output.diagnostic("coffer: error: " + tr("cannot start line editing"))
      return .stop(.statementFailed)
    }
    let interpreter = self.interpreter
    interpreter.lineEditor = editor
    editor.completer = { text in Completer(interpreter: interpreter).complete(text) }
    Signals.install(catchInterrupt: true)
    var lineNumber = 0
    var pending: LogicalLine?
    defer {
      lastSource = interpreter.promptSource
      lastLine = lineNumber
    }
    while true {
      // A Ctrl-C that arrived after the last command finished has nothing left to stop.
      _ = Signals.takeInterrupt()
      let prompt = pending == nil ? interpreter.styledPrompt : "   ...> "
      let text: String
      switch editor.read(prompt: prompt) {
      case .line(let line):
        text = line
      case .endOfInput:
        output.line("")
        if mayLeave(line: lineNumber) { return .proceed }
        continue
      case .interrupted(let lineWasEmpty):
        // Ctrl-C clears the line and never exits; at an empty prompt it also saves.
        output.line("^C")
        pending = nil
        if lineWasEmpty {
          interpreter.save(between: .interruptAtEmptyPrompt, source: interpreter.promptSource, line: lineNumber)
        }
        continue
      case .terminated(let signal):
        output.line("")
        return .stop(.signal(signal))
      }
      editor.remember(text)
      lineNumber += 1
      let bytes = Array(text.utf8)
      if let problem = LineChecks.check(bytes, source: interpreter.promptSource, line: lineNumber) {
        output.diagnostic("error: \(problem.message)")
        pending = nil
        continue
      }
      if var continued = pending {
        continued.append(line: lineNumber, bytes: bytes)
        pending = continued
      } else {
        pending = LogicalLine(source: interpreter.promptSource, line: lineNumber, bytes: bytes)
      }
      guard let line = pending, !line.continues else { continue }
      pending = nil
      interpreter.promptWidth = TextTable.displayWidth(interpreter.prompt)
      let pendingBefore = interpreter.ledger.pending
      let sheetWasOpen = interpreter.isSheetOpen
      let flow = interpreter.execute(line, typed: true)
      interpreter.drawSheet(justOpened: !sheetWasOpen)
      output.flush()
      if case .stop(let reason) = flow {
        if case .quit(_, let forced) = reason, !forced, !mayLeave(line: lineNumber) { continue }
        return flow
      }
      // Saved if the line committed something (see `SavePolicy`).
      interpreter.save(
        between: .interactiveLine(before: pendingBefore), source: interpreter.promptSource, line: lineNumber)
    }
  }

  /// Whether the person may leave the interactive shell now (Ctrl-D, `quit`, EOF).
  /// Saves first; when edits cannot be saved, or the sheet holds invalid drafts, the
  /// first ask is refused with what would be lost and how to keep or drop it, and the
  /// next ask (with nothing typed since that changed the batch) leaves.
  private func mayLeave(line: Int) -> Bool {
    interpreter.saveAtEnd(source: interpreter.promptSource, line: line, storeFailed: false)
    let lost = interpreter.unsavedLines
    let pending = interpreter.ledger.pending
    if lost.isEmpty { return true }
    if let refused = refusedLeavingWith, !SavePolicy.holdsNewCommits(pending, since: refused) { return true }
    refusedLeavingWith = pending
    output.diagnostic(tr("not leaving: these edits are not saved and would be lost:"))
    for text in lost { output.diagnostic("  " + text.escapingControlCharacters) }
    // Advice that fits what is lost: a draft is fixed in its field, an edit saved.
    // Invalid drafts are the only lines given as comments (see `UnsavedEdits`).
    let onlyDrafts = lost.allSatisfy { $0.hasPrefix("# ") }
    let keep =
      onlyDrafts
      ? tr("type a valid amount in each field named (or 'cancel' drops the sheet's changes)")
      : interpreter.isSheetOpen
        ? tr(
          "'save' tries again, 'save --force' overwrites another session's values, 'cancel' drops the sheet's changes")
        : tr("'save' tries again, 'save --force' overwrites another session's values")
    output.diagnostic(tr("{keep}; 'quit!' (or Ctrl-D or 'quit' again) leaves without them", ["keep": keep]))
    return false
  }

  /// Ends an --atomic run's transaction before the interactive prompt: what ran is
  /// committed, or, after an error, rolled back (and the prompt is not reached).
  func endAtomicRun() -> Flow {
    switch finishAtomic() {
    case nil: return .proceed
    case .editsLost: return .stop(.storeFailed)
    case .finished, .stopped: return .stop(.statementFailed)
    }
  }

  /// Ends the run: the final save (with --atomic after an error, none) and how the run
  /// ended. Edits that cannot be saved are never dropped silently: they are printed on
  /// stderr as lines to paste back, and the run ends as `.editsLost`.
  func finish(_ flow: Flow) -> RunEnding {
    var flow = flow
    var quit: StopReason?
    if case .stop(let reason) = flow, case .quit = reason { quit = reason }
    // SIGTERM or SIGHUP while reading piped input ends the read like an end of file.
    if let signal = Signals.takeStop() { flow = .stop(.signal(signal)) }
    if let ending = finishAtomic(flow: flow, quit: quit) {
      if case .finished = ending, let quit { return .stopped(quit) }
      return ending
    }
    // After a store failure a second try would only wait out the busy timeout again.
    interpreter.saveAtEnd(source: lastSource, line: lastLine, storeFailed: flow == .stop(.storeFailed))
    let lost = interpreter.unsavedLines
    if !lost.isEmpty {
      output.diagnostic("coffer: " + tr("not saved; to apply these edits later, run them again:"))
      for text in lost { output.diagnostic(text.escapingControlCharacters) }
      return .editsLost
    }
    if let quit { return .stopped(quit) }
    if case .stop(let reason) = flow { return .stopped(reason) }
    // An interactive session ended by Ctrl-D succeeds: its errors were shown as they
    // happened and corrected (or not) by the person typing.
    return .finished(failed: !interpreter.options.interactive && interpreter.hadError)
  }

  /// The end of an --atomic run's one transaction, if one is open (nil otherwise): after
  /// an error everything the run wrote is rolled back, imports and sources included;
  /// else the pending edits are saved in it and it is committed. A failed commit keeps
  /// nothing of the run, and says so with the edits to type again.
  private func finishAtomic(flow: Flow = .proceed, quit: StopReason? = nil) -> RunEnding? {
    let ledger = interpreter.ledger
    guard ledger.inRunTransaction else { return nil }
    if interpreter.hadError {
      let wrote = ledger.wroteInRunTransaction
      ledger.rollbackRunTransaction()
      if wrote { output.diagnostic("coffer: " + tr("nothing saved: --atomic run had errors")) }
      if let quit { return .stopped(quit) }
      return .finished(failed: true)
    }
    // What the final save writes inside the transaction is lost too if it cannot commit.
    let pending = interpreter.unsavedLines
    interpreter.saveAtEnd(source: lastSource, line: lastLine, storeFailed: flow == .stop(.storeFailed))
    do {
      try ledger.commitRunTransaction()
    } catch {
      output.diagnostic(
        ("coffer: error: " + tr("{problem}; nothing of the --atomic run was saved", ["problem": error.description]))
          .escapingControlCharacters)
      let lost = pending
      if !lost.isEmpty {
        output.diagnostic("coffer: " + tr("to apply these edits later, run them again:"))
        for text in lost { output.diagnostic(text.escapingControlCharacters) }
      }
      return .editsLost
    }
    return nil
  }
}

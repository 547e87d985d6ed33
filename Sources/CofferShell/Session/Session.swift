import CofferCore
import CofferScript
import Foundation
import LineEditing

/// One run of Coffer: scripts and interactive input fed to one interpreter, with the
/// saves the manual promises (end of each script, each committing interactive line, the
/// end of the run; or once, at the end, with --atomic).
final class Session {
  let interpreter: Interpreter
  let output: Output
  let atomic: Bool
  private var lastSource = "<command>"
  private var lastLine = 0
  /// The commit count when leaving was last refused for unsaved edits: asking again
  /// with nothing new typed since leaves.
  private var refusedLeavingAt: Int?

  init(interpreter: Interpreter, output: Output, atomic: Bool) {
    self.interpreter = interpreter
    self.output = output
    self.atomic = atomic
  }

  /// `--rates FILE`: an import before any script, reported like `rates import`.
  func importRates(_ data: [UInt8], name: String) -> Flow {
    let line = LogicalLine(source: "--rates", line: 1, bytes: [])
    let parser = Parser(line: line, tokens: [], endOffset: 0)
    do {
      output.line(try interpreter.importRates(data, name: name, parser, at: 0, doing: "import"))
      return .proceed
    } catch {
      interpreter.report(error)
      interpreter.hadError = true
      return .stop(error.status)
    }
  }

  func runScript(_ reader: LineReader, folder: String?) -> Flow {
    let flow = folder.map { interpreter.runScript(reader, folder: $0) } ?? interpreter.run(reader)
    lastSource = reader.source
    lastLine = reader.lineNumber
    if case .stop(ExitStatus.store) = flow { return flow }
    if !atomic && interpreter.quitStatus == nil && !interpreter.isSheetOpen,
      let status = interpreter.saveIfPending(source: reader.source, line: reader.lineNumber)
    {
      return .stop(status)
    }
    return flow
  }

  func runInteractive(environment: [String: String]) -> Flow {
    interpreter.options.interactive = true
    let history = HistoryFile.standard(environment: environment)
    guard let editor = LineEditor(programName: "coffer", historyFile: history) else {
      output.diagnostic("coffer: error: cannot start line editing")
      return .stop(ExitStatus.failure)
    }
    let interpreter = self.interpreter
    interpreter.history = { editor.entries }
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
      if Signals.pending == SIGINT { _ = Signals.take() }
      interpreter.interrupted = false
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
          _ = interpreter.saveIfPending(source: interpreter.promptSource, line: lineNumber)
        }
        continue
      case .terminated(let signal):
        output.line("")
        return .stop(128 + signal)
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
      let commitsBefore = interpreter.ledger.counters.commits
      let sheetWasOpen = interpreter.isSheetOpen
      let flow = interpreter.execute(line, typed: true)
      if interpreter.isSheetOpen {
        if sheetWasOpen { interpreter.drawSheetChanges() } else { interpreter.drawSheetOpened() }
      }
      output.flush()
      if case .stop = flow {
        if interpreter.quitStatus == nil || mayLeave(line: lineNumber) { return flow }
        interpreter.quitStatus = nil
        continue
      }
      if interpreter.ledger.counters.commits != commitsBefore && !interpreter.isSheetOpen {
        _ = interpreter.saveIfPending(source: interpreter.promptSource, line: lineNumber)
      }
    }
  }

  /// Whether the person may leave the interactive shell now (Ctrl-D, `quit`, EOF).
  /// Saves first; when edits cannot be saved, or the sheet holds invalid drafts, the
  /// first ask is refused with what would be lost and how to keep or drop it, and the
  /// next ask (with nothing typed since that changed the batch) leaves.
  private func mayLeave(line: Int) -> Bool {
    _ = interpreter.finish(source: interpreter.promptSource, line: line)
    let lost = interpreter.unsavedLines
    let commits = interpreter.ledger.counters.commits
    if lost.isEmpty || refusedLeavingAt == commits { return true }
    refusedLeavingAt = commits
    output.diagnostic("not leaving: these edits are not saved and would be lost:")
    for text in lost { output.diagnostic("  " + text) }
    output.diagnostic(
      "'save' tries again, 'save --force' overwrites another session's values"
        + (interpreter.isSheetOpen ? ", 'cancel' drops the sheet's changes" : "")
        + "; Ctrl-D or 'quit' again leaves without them")
    return false
  }

  /// Ends the run: the final save (or, with --atomic after an error, none) and the
  /// exit status. Edits that cannot be saved are never dropped silently: they are
  /// printed on stderr as lines to paste back, and the run exits 3.
  func finish(_ flow: Flow) -> Int32 {
    // SIGTERM or SIGHUP while reading piped input ends the read like an end of file.
    var flow = flow
    let signal = Signals.take()
    if signal == SIGTERM || signal == SIGHUP { flow = .stop(128 + signal) }
    if atomic && interpreter.hadError {
      if !interpreter.ledger.pending.isEmpty {
        output.diagnostic("coffer: nothing saved: --atomic run had errors")
      }
      return interpreter.quitStatus ?? ExitStatus.failure
    }
    // After a store failure a second try would only wait out the busy timeout again.
    let storeFailed = flow == .stop(ExitStatus.store)
    _ = interpreter.finish(source: lastSource, line: lastLine, save: !storeFailed)
    let lost = interpreter.unsavedLines
    if !lost.isEmpty {
      output.diagnostic("coffer: not saved; to apply these edits later, run them again:")
      for text in lost { output.diagnostic(text) }
      return ExitStatus.store
    }
    if let quit = interpreter.quitStatus { return quit }
    if case .stop(let status) = flow { return status }
    // An interactive session ended by Ctrl-D succeeds: its errors were shown as they
    // happened and corrected (or not) by the person typing.
    if interpreter.options.interactive { return ExitStatus.success }
    return interpreter.hadError ? ExitStatus.failure : ExitStatus.success
  }
}

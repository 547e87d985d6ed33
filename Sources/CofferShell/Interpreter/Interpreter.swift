import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing
import Screen

/// Runs lines: splits them into statements, reads each with its command's grammar from
/// `CommandTable`, runs the command and prints its result. It holds no command's logic.
///
/// Each statement either completes or changes nothing: commands check every argument
/// before they touch the ledger.
package final class Interpreter {
  let context: CommandContext
  /// When edits are saved: every save of the run goes through it.
  private var saving: SavePolicy
  /// The source name of lines typed at the prompt; errors there get a caret.
  package var promptSource = "<stdin>"
  /// Display width of the prompt, so a caret lines up under the typed text.
  package var promptWidth = 0
  /// Whether any statement failed so far (a script that had one exits 1).
  package private(set) var hadError = false
  /// The interactive session's line editor, whose entries `history` shows.
  package var lineEditor: LineEditor? {
    get { context.lineEditor }
    set { context.lineEditor = newValue }
  }
  /// A script file whose first statement has not run yet (see `unknownCommand`).
  private var firstStatementSource: String?

  package init(ledger: Ledger, output: Output, options: RunOptions) {
    context = CommandContext(ledger: ledger, output: output, options: options)
    saving = SavePolicy(context: context)
  }

  package var ledger: Ledger { context.ledger }
  var output: Output { context.output }
  package var options: RunOptions {
    get { context.options }
    set { context.options = newValue }
  }
  package var isSheetOpen: Bool { context.sheet != nil }

  /// The prompt for the next line: `coffer> `, or `sheet[USD]> ` with the focus.
  package var prompt: String {
    guard let sheet = context.sheet else { return "coffer> " }
    return sheet.focused.map { tr("sheet[{code}]> ", ["code": $0.code]) } ?? tr("sheet> ")
  }

  /// The prompt coloured for libedit: the colour codes are bracketed by
  /// `LineEditor.promptEscape` so they take no columns.
  package var styledPrompt: String {
    guard output.color else { return prompt }
    let escape = String(LineEditor.promptEscape)
    let text = prompt.dropLast()
    let colour = context.sheet == nil ? "1;32" : "1;36"
    return escape + "\u{1B}[\(colour)m" + escape + text + escape + "\u{1B}[0m" + escape + " "
  }

  // MARK: - Running lines

  /// Runs every line a reader gives, stopping as the options say.
  package func run(_ reader: LineReader) -> Flow {
    while let next = reader.next() {
      if let flow = signalFlow() { return flow }
      switch next {
      case .failure(let error):
        report(StatementFailure(error))
        hadError = true
        // A source that cannot be read further stops the run, even with --keep-going:
        // what follows it may depend on what was not read.
        if reader.failed || !options.keepGoing { return .stop(.statementFailed) }
      case .success(let line):
        let flow = execute(line)
        if flow != .proceed { return flow }
      }
    }
    return .proceed
  }

  /// Runs a script file given on the command line or by `source`, with relative
  /// `source` paths inside it resolved against its folder.
  package func runScript(_ reader: LineReader, folder: String) -> Flow {
    firstStatementSource = reader.source
    context.scriptFolders.append(folder)
    defer { context.scriptFolders.removeLast() }
    return run(reader)
  }

  /// Runs every statement of a line, reporting failures. Stops early (and says so) when
  /// a statement fails and the run does not keep going, after `quit`, and at Ctrl-C. A
  /// line `typed` at the interactive prompt stops at its failed statement and the shell
  /// goes on; a script's line (a `source`d file in the shell too) stops the script.
  package func execute(_ line: LogicalLine, typed: Bool = false) -> Flow {
    for segment in LineScanner.segments(of: line.bytes) {
      if let flow = signalFlow() { return flow }
      let flow: Flow
      do throws(StatementFailure) {
        context.line = line
        do {
          try ledger.refresh()
        } catch {
          throw StatementFailure(error, at: line.location(ofOffset: segment.start))
        }
        flow = try statement(line, segment)
        if firstStatementSource == line.source { firstStatementSource = nil }
      } catch {
        if firstStatementSource == line.source { firstStatementSource = nil }
        report(error)
        if let flow = afterFailure(error.reason, typed: typed) { return flow }
        continue
      }
      switch flow {
      case .proceed: continue
      case .interrupted, .stop(.quit): return flow
      case .stop(let reason):
        // A statement whose failure was reported where it happened (in a script it
        // sourced, a signal while it waited).
        if let flow = afterFailure(reason, typed: typed) { return flow }
      }
    }
    return .proceed
  }

  /// How the run goes on after a statement failed (its failure reported): nil to go on
  /// with the line's next statement.
  private func afterFailure(_ reason: StopReason, typed: Bool) -> Flow? {
    hadError = true
    switch reason {
    case .signal:
      return .stop(reason)
    case .statementFailed:
      break
    default:
      // A store failure ends a script (exit 3, the unsaved edits printed); the
      // interactive shell goes on with the batch kept, so a later save can write it.
      if !options.interactive { return .stop(reason) }
    }
    if typed { return .proceed }
    if !options.keepGoing { return .stop(.statementFailed) }
    return nil
  }

  /// What a signal received since the last statement asks for: SIGTERM and SIGHUP stop
  /// the run (the session saves, then exits 128 + the signal); Ctrl-C (interactive)
  /// stops the line being run, keeping what was saved.
  func signalFlow() -> Flow? {
    guard Signals.stopOrInterruptPending else { return nil }
    if let signal = Signals.pendingStop { return .stop(.signal(signal)) }
    guard Signals.takeInterrupt() else { return nil }
    output.diagnostic(tr("interrupted"))
    return .interrupted
  }

  // MARK: - One statement

  /// Runs one statement: prints what it gives back, carries out its effect.
  private func statement(_ line: LogicalLine, _ segment: LineScanner.Segment) throws(StatementFailure) -> Flow {
    let (entry, arguments) = try read(line, segment)
    if entry.readsHoldings { try context.requireSoundStore(at: arguments.commandOffset) }
    let result = try entry.run(arguments, context)
    // Most statements give no option: the typed look-up (generic, through CofferScript)
    // is then skipped.
    let format = arguments.options.isEmpty ? nil : arguments[ListingOptions.format]?.value
    return try perform(result, format: format ?? options.format, to: output)
  }

  /// A statement lexed and parsed: its command and arguments, nothing run yet. The one
  /// reader of statements: every command's arguments are read by its grammar.
  func read(_ line: LogicalLine, _ segment: LineScanner.Segment) throws(StatementFailure) -> (
    CommandEntry, Arguments
  ) {
    var parser = Parser(line: line, segment: segment)
    let (entry, commandOffset) = try command(&parser)
    if options.confined && entry.reachesOutside {
      throw context.failure(
        tr("'{command}' reads files or the network, which this run does not allow", ["command": entry.name]),
        at: commandOffset)
    }
    do {
      let arguments = try StatementReader.read(
        parser, command: entry.name, commandOffset: commandOffset, grammar: entry.grammar, options: entry.options,
        takesRest: entry.takesRest)
      return (entry, arguments)
    } catch {
      throw StatementFailure(error)
    }
  }

  /// The command a statement runs, its words read. In the sheet a bare value is the
  /// focused field's draft and a bare currency code focuses its field.
  private func command(_ parser: inout Parser) throws(StatementFailure) -> (CommandEntry, Int) {
    let sheetOpen = context.sheet != nil
    guard !parser.atEnd else { throw context.failure(tr("expected a command"), at: parser.endOffset) }
    // The first token looked at in place (see `Parser.nextWord`).
    let start = parser.nextOffset
    let callFollows = parser.secondIsSymbol("(")
    guard let word = parser.nextWord, !(sheetOpen && callFollows) else {
      if sheetOpen { return (DraftCommand.entry, start) }
      throw StatementFailure(parser.expected(tr("a command")))
    }
    if let entry = CommandTable.entry(named: word, then: parser.peekSecond?.word, sheetOpen: sheetOpen) {
      if CommandTable.fits(entry, sheetOpen: sheetOpen) {
        for _ in entry.words { parser.skip() }
        return (entry, start)
      }
      if sheetOpen && entry.scope == .topLevel {
        throw context.failure(tr("the sheet is already open"), at: start)
      }
    }
    if sheetOpen, isUnit(word) { return (FocusCommand.entry, start) }
    // A word glued to bytes that make no token (`fo\e[o`) is not a word: say what is wrong.
    if let next = parser.peekSecond, next.start == parser.peek?.end, let error = next.invalid {
      throw StatementFailure(error)
    }
    throw unknownCommand(word, source: parser.line.source, at: start)
  }

  /// Whether a statement's first word names a unit (`USD`, `BTC`), or one at a place
  /// (`USD@wise`).
  private func isUnit(_ word: String) -> Bool {
    let code = word.firstIndex(of: "@").map { String(word[..<$0]) } ?? word
    return context.ledger.unit(code) != nil
  }

  private func unknownCommand(_ word: String, source: String, at offset: Int) -> StatementFailure {
    let sheetOpen = context.sheet != nil
    // A file whose first statement is no command, nor close to one, is not a script at
    // all (`source /etc/hostname`): say so, without echoing what the file holds.
    if source == firstStatementSource && Suggestions.hint(for: word, in: CommandTable.names()).isEmpty
      && !isUnit(word)
    {
      return context.failure(
        tr("{source} does not look like a Coffer script (it does not start with a command)", ["source": source]),
        at: offset)
    }
    if isUnit(word) {
      return context.failure(
        tr("'{word}' is a currency, not a command; use 'set {word} AMOUNT' or 'open {word}'", ["word": word]),
        at: offset)
    }
    var hint = Suggestions.hint(for: word, in: CommandTable.names(sheetOpen: sheetOpen))
    if hint.isEmpty && sheetOpen { hint = Suggestions.hint(for: word, in: context.ledger.units.map(\.code)) }
    return context.failure(tr("unknown command '{word}'{hint}", ["word": word, "hint": hint]), at: offset)
  }

  // MARK: - Reporting

  func report(_ failure: StatementFailure) {
    if options.interactive && failure.location.source == promptSource {
      let caretColumn = promptWidth + failure.location.column - 1
      output.diagnostic(String(repeating: " ", count: max(0, caretColumn)) + "^")
      output.diagnostic(output.styled("error:", "1;31") + " " + failure.message.escapingControlCharacters)
    } else {
      output.diagnostic("\(failure.location): error: \(failure.message)".escapingControlCharacters)
    }
  }

  /// The run ends here: commits the open sheet's focused draft and saves, as the end of
  /// a run does (for a harness that runs input without a session).
  package func finish(source: String, line: Int) {
    saveAtEnd(source: source, line: line, storeFailed: false)
  }

  // MARK: - Saving

  /// A save between statements, at one of the session's points (see `SavePolicy`): a
  /// failure is reported and is the run's error. Returns why it failed, if it did.
  @discardableResult
  func save(between point: SavePolicy.Point, source: String, line: Int) -> StopReason? {
    let reason = saving.saveBetweenStatements(at: point, source: source, line: line)
    if reason != nil { hadError = true }
    return reason
  }

  /// The run is ending: the open sheet's focused draft is committed, then the batch
  /// saved unless the store already failed.
  func saveAtEnd(source: String, line: Int, storeFailed: Bool) {
    let failed = saving.saveAtEnd(source: source, line: line, storeFailed: storeFailed, afterError: hadError)
    if failed != nil { hadError = true }
  }

  /// A save a statement asked for: how many edits were written, or the statement's failure.
  func save(at point: SavePolicy.Point, offset: Int) -> Result<Int, StatementFailure> {
    saving.save(at: point, offset: offset)
  }

  /// A save at `point` if the point calls for it: how it went.
  func save(at point: SavePolicy.Point) -> SavePolicy.Outcome {
    saving.save(at: point)
  }

  /// What leaving now would lose, as lines to paste back (see `UnsavedEdits`).
  var unsavedLines: [String] { saving.unsavedLines }

  // MARK: - The sheet

  /// Opens the sheet as the full-screen form on `screen` and runs it until it is left,
  /// returning what the prompt would print then: how tests and benchmarks drive the form
  /// in-process.
  package func openForm(on screen: any FormScreen, focus: Currency? = nil) -> [String] {
    context.line = LogicalLine(source: promptSource, line: 1, bytes: [])
    let sheet: SheetController
    do {
      sheet = try context.newSheet(focus: focus, on: nil)
    } catch {
      report(StatementFailure(error, at: context.line.location(ofOffset: 0)))
      return []
    }
    context.open(sheet)
    do {
      switch try runForm(sheet, on: screen, offset: 0) {
      case .printed(let lines): return lines
      case .stopped: return []
      }
    } catch {
      report(error)
      return []
    }
  }

  /// Draws the line sheet after a line: whole when it was just opened, else what changed.
  package func drawSheet(justOpened: Bool) {
    guard context.drawsLiveSheet, let sheet = context.sheet else { return }
    if justOpened {
      context.liveSheet.drawOpened(sheet, output)
    } else {
      context.liveSheet.drawChanges(sheet, output)
    }
  }

  /// `--rates FILE`: an import before any script, reported like `rates import`.
  func importRates(_ data: [UInt8], name: String) -> Flow {
    context.line = LogicalLine(source: "--rates", line: 1, bytes: [])
    do {
      output.line(try RateImporting.importRates(data, name: name, context, at: 0, doing: "import"))
      return .proceed
    } catch {
      report(error)
      hadError = true
      return .stop(error.reason)
    }
  }
}

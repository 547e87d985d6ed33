import CofferCore
import CofferScript
import Foundation
import LineEditing

/// Runs statements against a ledger: the top level and, while it is open, the sheet.
///
/// Each statement either completes or changes nothing: commands check every argument
/// before they touch the ledger.
public final class Interpreter {
  public let ledger: Ledger
  let output: Output
  public var options: RunOptions
  var variables: [String: Value] = [:]
  var sheet: Sheet?
  var sheetView = SheetView()
  /// The rows the live sheet last showed.
  var drawnWindow: Set<Currency> = []
  /// Set when Ctrl-C stopped the line being run; the session clears it.
  public var interrupted = false
  /// Folders of the scripts being run, innermost last, for relative `source` paths.
  var scriptFolders: [String] = []
  /// Set once `quit` ran: the status to exit with.
  public internal(set) var quitStatus: Int32?
  /// Whether any statement failed so far (the run then exits 1).
  public internal(set) var hadError = false
  /// The last failure reported at a save point, with the count of saves then: the same
  /// failure met again with no save in between is not printed twice.
  private var lastSaveError: (message: String, saves: Int)?
  /// The source name of lines typed at the prompt; errors there get a caret.
  public var promptSource = "<stdin>"
  /// Display width of the prompt, so a caret lines up under the typed text.
  public var promptWidth = 0
  /// A script file whose first statement has not run yet (see `unknownCommand`).
  var firstStatementSource: String?
  /// The lines entered so far, for `history` (interactive only).
  public var history: (() -> [String])?

  public init(ledger: Ledger, output: Output, options: RunOptions) {
    self.ledger = ledger
    self.output = output
    self.options = options
  }

  public var isSheetOpen: Bool { sheet != nil }

  /// The prompt for the next line: `coffer> `, or `sheet[USD]> ` with the focus.
  public var prompt: String {
    guard let sheet else { return "coffer> " }
    return sheet.focused.map { "sheet[\($0.code)]> " } ?? "sheet> "
  }

  /// The prompt coloured for libedit: the colour codes are bracketed by
  /// `LineEditor.promptEscape` so they take no columns.
  public var styledPrompt: String {
    guard output.color else { return prompt }
    let escape = String(LineEditor.promptEscape)
    let text = prompt.dropLast()
    let colour = sheet == nil ? "1;32" : "1;36"
    return escape + "\u{1B}[\(colour)m" + escape + text + escape + "\u{1B}[0m" + escape + " "
  }

  // MARK: - Running lines

  /// Runs every statement of a line, reporting failures. Stops early (and says so) when
  /// a statement fails and the run does not keep going, or after `quit`. A line `typed`
  /// at the interactive prompt stops at its failed statement and the shell goes on; a
  /// script's line (a `source`d file in the shell too) stops the script.
  public func execute(_ line: LogicalLine, typed: Bool = false) -> Flow {
    for segment in LineScanner.segments(of: line.bytes) {
      if let flow = signalFlow() { return flow }
      do throws(StatementFailure) {
        do {
          try ledger.refresh()
        } catch {
          throw StatementFailure(error, at: line.location(ofOffset: segment.start))
        }
        try statement(line, segment)
        if firstStatementSource == line.source { firstStatementSource = nil }
      } catch {
        if firstStatementSource == line.source { firstStatementSource = nil }
        if !error.alreadyReported { report(error) }
        hadError = true
        // A store failure ends a script (exit 3, the unsaved edits printed); the
        // interactive shell goes on with the batch kept, so a later save can write it.
        if error.status != 1 && !options.interactive { return .stop(error.status) }
        if typed { return .proceed }
        if !options.keepGoing { return .stop(1) }
      }
      if let quitStatus { return .stop(quitStatus) }
    }
    return .proceed
  }

  /// What a signal received since the last statement asks for: Ctrl-C (interactive)
  /// stops the line being run, keeping what was saved; SIGTERM and SIGHUP stop the run
  /// (the session saves, then exits 128 + the signal).
  func signalFlow() -> Flow? {
    if interrupted { return .proceed }
    let signal = Signals.pending
    switch signal {
    case 0:
      return nil
    case SIGINT:
      _ = Signals.take()
      interrupted = true
      output.diagnostic("interrupted")
      return .proceed
    default:
      return .stop(128 + signal)
    }
  }

  func report(_ failure: StatementFailure) {
    if options.interactive && failure.location.source == promptSource {
      let caretColumn = promptWidth + failure.location.column - 1
      output.diagnostic(String(repeating: " ", count: max(0, caretColumn)) + "^")
      output.diagnostic(output.styled("error:", "1;31") + " " + failure.message.escapingControlCharacters)
    } else {
      output.diagnostic("\(failure.location): error: \(failure.message)".escapingControlCharacters)
    }
  }

  /// A problem outside any statement (a save at the end of a script, say).
  public func reportProblem(_ message: String, source: String, line: Int) {
    output.diagnostic("\(source):\(line):1: error: \(message)".escapingControlCharacters)
  }

  // MARK: - Saving

  /// Saves the pending batch if there is one. Returns the exit status a failure calls
  /// for, or nil on success. A failure is reported once: the same error met again (at
  /// the end of the run, say) is not printed twice.
  public func saveIfPending(source: String, line: Int, force: Bool = false) -> Int32? {
    guard !ledger.pending.isEmpty else { return nil }
    do {
      try ledger.save(force: force)
      return nil
    } catch {
      let message = Self.describe(error, kept: ledger.pending.count)
      let alreadyReported = isRepeated(message)
      lastSaveError = (message, ledger.counters.saves)
      if !alreadyReported {
        if options.interactive {
          output.diagnostic(output.styled("error:", "1;31") + " " + message)
        } else {
          reportProblem(message, source: source, line: line)
        }
      }
      hadError = true
      return error.isStoreUnavailable ? 3 : 1
    }
  }

  /// A failed save's error, with how many edits it left pending in memory. It is
  /// remembered, so the same failure met again at the end of the run is not repeated.
  func failedSaveMessage(_ error: StoreError) -> String {
    let message = Self.describe(error, kept: ledger.pending.count)
    lastSaveError = (message, ledger.counters.saves)
    return message
  }

  private static func describe(_ error: StoreError, kept: Int) -> String {
    "\(error.description) (\(kept) unsaved \(kept == 1 ? "edit" : "edits") kept in memory)"
  }

  /// Whether `message` is the failure last reported, with no successful save since.
  private func isRepeated(_ message: String) -> Bool {
    lastSaveError?.message == message && lastSaveError?.saves == ledger.counters.saves
  }

  /// Called when a run ends however it ends (EOF, quit, signal): commit the focused
  /// draft of an open sheet so a typed value is not lost, then save.
  public func finish(source: String, line: Int, save: Bool = true) -> Int32? {
    if var open = sheet {
      let outcome = open.commitFocused(ledger: ledger, evaluate: evaluateDraft)
      sheet = open
      if let error = outcome.error, !isRepeated(error.message) {
        output.diagnostic("\(source):\(line):1: error: \(error.message)")
        lastSaveError = (error.message, ledger.counters.saves)
      }
    }
    return save ? saveIfPending(source: source, line: line) : nil
  }

  /// An unsaved rate as the `rates set` line that records it again. Rates are kept
  /// against the euro: `rates set EUR R` moved the local currency's rate, any other
  /// moved that currency's, so the quote in local units is read back from the pivot.
  private func rateLine(_ rate: Rate) -> String {
    let local = ledger.portfolio.local
    if rate.currency == local { return "rates set EUR \(rate.perEuro)" }
    guard let localRate = ledger.portfolio.currentRate(of: local),
      let quote = try? (localRate.perEuro / rate.perEuro).rounded(toPlaces: 10)
    else { return "# the rate of \(rate.currency.code) set \(rate.date) was not saved" }
    return "rates set \(rate.currency.code) \(quote)"
  }

  /// What leaving now would lose, as lines a person can paste back into Coffer: a `set`
  /// per unsaved amount, `local` for an unsaved local currency, and a comment for each
  /// invalid sheet draft and unsaved rate. Empty when nothing would be lost.
  public var unsavedLines: [String] {
    var lines = ledger.pending.amounts.map { "set \($0.currency.code) \($0.amount)" }
    if let local = ledger.pending.local { lines.append("local \(local.code)") }
    // A rate set through EUR moved the local currency's own: it goes first, so the
    // others are read against it, as they were set.
    let local = ledger.portfolio.local
    let rates =
      ledger.pending.rates.filter { $0.currency == local } + ledger.pending.rates.filter { $0.currency != local }
    for rate in rates { lines.append(rateLine(rate)) }
    if let sheet {
      for currency in sheet.rows {
        if let invalid = sheet.invalid[currency] {
          lines.append("# \(currency.code) draft '\(invalid.text)' is not a valid amount (\(invalid.reason))")
        }
      }
    }
    return lines
  }

  // MARK: - Statements

  func statement(_ line: LogicalLine, _ segment: LineScanner.Segment) throws(StatementFailure) {
    if sheet != nil {
      try sheetStatement(line, segment)
      return
    }
    var parser = Parser(line: line, tokens: try commandTokens(line, segment), endOffset: segment.end)
    try topLevel(&parser, segment: segment)
  }

  /// The statement's tokens; for commands whose argument is a path or URL (`source`,
  /// `rates import`, `rates fetch`) only the command words, since `/tmp/a-b.csv` or
  /// `http://host/x.xml` are not made of tokens.
  private static func takesRawArgument(_ tokens: [Token]) -> Bool {
    guard let first = tokens[0].word?.lowercasedWord else { return false }
    if tokens.count == 1 { return first == "source" }
    guard first == "rates", let second = tokens[1].word?.lowercasedWord else { return false }
    return second == "import" || second == "fetch"
  }

  func commandTokens(_ line: LogicalLine, _ segment: LineScanner.Segment) throws(StatementFailure) -> [Token] {
    var lexer = Lexer(line: line, segment: segment)
    var tokens: [Token] = []
    tokens.reserveCapacity(8)
    do {
      while let token = try lexer.next() {
        tokens.append(token)
        if tokens.count <= 2, Self.takesRawArgument(tokens) { break }
      }
    } catch {
      throw StatementFailure(error)
    }
    return tokens
  }

  func tokens(_ line: LogicalLine, _ segment: LineScanner.Segment) throws(StatementFailure) -> [Token] {
    do {
      return try Lexer.tokens(of: line, segment: segment)
    } catch {
      throw StatementFailure(error)
    }
  }

  /// A command at the top level (also used by the sheet for ordinary commands).
  func topLevel(_ parser: inout Parser, segment: LineScanner.Segment) throws(StatementFailure) {
    guard let first = parser.peek else { return }
    guard let word = first.word else {
      throw failure(parser, "expected a command, found \(first.display)", at: first.start)
    }
    _ = parser.advance()
    let name = word.lowercasedWord
    if options.confined, Self.reachesOutside(name, next: parser.peek?.word?.lowercasedWord) {
      throw failure(parser, "'\(name)' reads files or the network, which this run does not allow", at: first.start)
    }
    do {
      switch name {
      case "help": try help(&parser)
      case "open": try open(&parser)
      case "set": try set(&parser)
      case "clear": try clear(&parser)
      case "holdings": try holdings(&parser)
      case "total": try totalCommand(&parser)
      case "local": try local(&parser)
      case "rates": try rates(&parser)
      case "convert": try convert(&parser)
      case "print": try printCommand(&parser)
      case "echo": try echo(&parser)
      case "let": try letCommand(&parser)
      case "assert": try assertCommand(&parser, segment: segment)
      case "save": try save(&parser)
      case "log": try log(&parser)
      case "check": try check(&parser)
      case "stats": try stats(&parser)
      case "history": try historyCommand(&parser)
      case "chart": try chart(&parser)
      case "source": try source(&parser)
      case "quit", "exit": try quit(&parser)
      default:
        throw unknownCommand(word, parser: parser, at: first.start)
      }
    } catch let error as StatementFailure {
      throw error
    } catch let error as ScriptError {
      throw StatementFailure(error)
    } catch {
      throw failure(parser, String(describing: error), at: first.start)
    }
  }

  /// Whether a command reads files, runs the rates helper or reaches the network.
  private static func reachesOutside(_ command: String, next: String?) -> Bool {
    command == "source" || (command == "rates" && (next == "import" || next == "fetch"))
  }

  func unknownCommand(_ word: String, parser: Parser, at offset: Int) -> StatementFailure {
    // A file whose first statement is no command, nor close to one, is not a script at
    // all (`source /etc/hostname`): say so, without echoing what the file holds.
    let source = parser.line.source
    if source == firstStatementSource && Suggestions.hint(for: word, in: CommandHelp.names).isEmpty
      && Catalog.currency(word) == nil
    {
      return failure(
        parser, "\(source) does not look like a Coffer script (it does not start with a command)", at: offset)
    }
    if let currency = Catalog.currency(word) {
      return failure(
        parser, "'\(word)' is a currency, not a command; use 'set \(currency.code) AMOUNT' or 'open \(currency.code)'",
        at: offset)
    }
    let names = sheet == nil ? CommandHelp.all.flatMap { [$0.name] + $0.aliases } : CommandHelp.names
    var hint = Suggestions.hint(for: word, in: names)
    if hint.isEmpty && sheet != nil { hint = Suggestions.hint(for: word, in: Catalog.all.map(\.code)) }
    return failure(parser, "unknown command '\(word)'\(hint)", at: offset)
  }

  func failure(_ parser: Parser, _ message: String, at offset: Int) -> StatementFailure {
    StatementFailure(parser.error(message, at: offset))
  }

  // MARK: - Shared argument parsing

  /// Options given to a listing command.
  struct Flags {
    var format: OutputFormat?
    var all = false
    var force = false
    var yes = false
  }

  /// Pulls `--option` tokens (and `--format`'s value) out of the statement, refusing
  /// options the command does not take.
  func flags(_ parser: inout Parser, command: String) throws(StatementFailure) -> Flags {
    let allowed = CommandHelp.find(command)?.options ?? []
    var flags = Flags()
    var kept: [Token] = []
    var index = parser.position
    let tokens = parser.tokens
    while index < tokens.count {
      let token = tokens[index]
      guard case .option(let name) = token.kind else {
        kept.append(token)
        index += 1
        continue
      }
      let lowered = name.lowercased()
      guard allowed.contains(lowered) else {
        let expected =
          allowed.isEmpty ? "it takes no options" : "expected " + allowed.map { "--\($0)" }.joined(separator: " or ")
        throw failure(parser, "unknown option --\(name) for \(command); \(expected)", at: token.start)
      }
      switch lowered {
      case "format":
        guard index + 1 < tokens.count, let value = tokens[index + 1].word,
          let format = OutputFormat(rawValue: value.lowercased())
        else {
          throw failure(
            parser, "--format takes table, plain, csv or json",
            at: index + 1 < tokens.count ? tokens[index + 1].start : token.end)
        }
        flags.format = format
        index += 2
        continue
      case "all": flags.all = true
      case "force": flags.force = true
      case "yes": flags.yes = true
      default: break
      }
      index += 1
    }
    parser = Parser(line: parser.line, tokens: kept, endOffset: parser.endOffset)
    return flags
  }

  /// A currency code argument.
  func currency(_ parser: inout Parser) throws(StatementFailure) -> Currency {
    guard let token = parser.peek, let word = token.word else {
      throw StatementFailure(parser.expected("a currency code such as USD"))
    }
    _ = parser.advance()
    return try currency(named: word, parser: parser, at: token.start)
  }

  func currency(named word: String, parser: Parser, at offset: Int) throws(StatementFailure) -> Currency {
    guard let currency = Catalog.currency(word) else {
      throw failure(
        parser, "unknown currency '\(word)'\(Suggestions.hint(for: word.uppercased(), in: Catalog.all.map(\.code)))",
        at: offset)
    }
    return currency
  }

  func expectEnd(_ parser: Parser) throws(StatementFailure) {
    do { try parser.expectEnd() } catch { throw StatementFailure(error) }
  }
}

import CofferCore
import CofferScript
import Foundation

/// `open [C] [--lines]`: opens the sheet, one field per currency but the local one. Typed
/// at an interactive prompt on a terminal it is a full-screen form (see `SheetForm`);
/// in scripts, pipes, with `TERM=dumb` or with `--lines` it is the line sheet, whose
/// fields the sheet's commands edit one line at a time.
struct OpenCommand: Command {
  static let entry = CommandEntry(
    "open", .optional(.currency()),
    "open the sheet, focused on C or on the first row: a full-screen form on a terminal (keys: ↑↓ Tab Shift-Tab Enter move, PgUp/PgDn, Alt-< Alt-> first/last, ←→ Backspace Delete ^A ^E ^K ^U edit, ^F jump to a currency, ^Z undo, Esc/^C cancel, ^D/F10 Done), else the line sheet",
    examples: ["open", "open USD", "open --lines"], options: [OptionSpec("lines")], scope: .topLevel,
    command: Self.self)

  let focus: Currency?
  let lines: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    focus = try context.currency(arguments["C"])
    lines = arguments.option("lines") != nil
    if let focus, focus == context.ledger.portfolio.local {
      throw context.failure(
        "\(focus.code) is the local currency; it has no row in the sheet", at: arguments["C"]?.offset ?? 0)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    context.sheet = Sheet(local: context.ledger.portfolio.local, focus: focus, ledger: context.ledger)
    guard !lines, Self.formFits(context) else { return .nothing }
    guard let ending = SheetForm.run(context) else {
      // The terminal cannot take the form (terminfo does not know its type): the line
      // sheet it is, edits and all, rather than an end.
      let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
      context.output.diagnostic(
        "note: the terminal type '\(term)' is not known here (no terminfo entry); the sheet is shown as lines"
          .escapingControlCharacters)
      return .nothing
    }
    switch ending {
    case .done(let result), .cancelled(let result): return .lines(result)
    case .stopped(let signal):
      // The run ends as for any signal: the session saves and exits 128 + the signal.
      var stop = context.failure("stopped by signal \(signal)", at: 0, reason: .signal(signal))
      stop.alreadyReported = true
      throw stop
    }
  }

  /// The form needs a person at a terminal: an interactive session (not a script it
  /// sources) with a terminal on stdin and stdout that can address its cursor.
  private static func formFits(_ context: CommandContext) -> Bool {
    guard context.options.interactive, context.scriptFolders.isEmpty, context.output.isTerminal,
      isatty(STDIN_FILENO) == 1
    else { return false }
    let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
    return !term.isEmpty && term != "dumb"
  }
}

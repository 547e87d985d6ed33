import CofferCore
import CofferScript
import CofferText
import Foundation

/// `open [C] [at DATE] [--lines]`: opens the sheet, one field per currency but the local
/// one; at a date, on the amounts as they stood then, every commit effective then. Typed
/// at an interactive prompt on a terminal it is a full-screen form (see `SheetForm`);
/// in scripts, pipes, with `TERM=dumb` or with `--lines` it is the line sheet, whose
/// fields the sheet's commands edit one line at a time.
struct OpenCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let asLines = Flag("lines")
  static let entry = CommandEntry(
    "open", .sequence([.optional(.slot(code)), .optional(AtDate.grammar)]),
    tr(
      """
      open the sheet, focused on C or on the first row (at DATE: the balances of that day): a full-screen \
      form on a terminal (keys: ↑↓ Tab Shift-Tab Enter move, PgUp/PgDn, Alt-< Alt-> first/last, ←→ Backspace \
      Delete ^A ^E ^K ^U edit, ^F jump to a currency, ^Z undo, Esc/^C cancel, ^D/F10 Done; a field a key \
      moved to shows its text selected: the first character typed replaces it, ←→ Backspace Delete ^A ^E \
      edit it in place), else the line sheet
      """),
    examples: ["open", "open USD", "open at 2025-12-31", "open --lines"], options: [asLines.spec],
    scope: .topLevel, usage: tr("open [C] [at DATE] [--lines]"), command: Self.self)

  let focus: Currency?
  /// A place's row to focus (`open USD@wise`).
  let focusPlace: Holding?
  let lines: Bool
  /// The date whose balances the sheet edits; nil for today's (a date of today is today).
  let date: CalendarDate?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let code = arguments[Self.code]
    let named = try context.namedHolding(code)
    focus = named?.currency
    focusPlace = try named.flatMap { named throws(StatementFailure) in try context.placeForReading(named) }
    lines = arguments.has(Self.asLines)
    offset = arguments.commandOffset
    if let (date, at) = try context.date(arguments[AtDate.date]) {
      self.date = try context.pastOrToday(date, at: at)
    } else {
      date = nil
    }
    if let focus, focus == context.ledger.portfolio.local, focusPlace == nil {
      throw context.failure(SheetMessage.localHasNoRow(focus).text, at: code?.offset ?? 0)
    }
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let sheet: SheetController
    do {
      // At a date, what the store holds for that day is read once: the sheet's commits
      // read nothing.
      sheet = try context.newSheet(focus: focus, on: date)
    } catch {
      throw context.failure(error, at: offset)
    }
    if let focusPlace, sheet.row(of: focusPlace) != nil { _ = sheet.perform(.move(.toPlace(focusPlace))) }
    return .effect(.openSheet(sheet, asForm: !lines && Self.formFits(context), offset: offset))
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

import CofferCore
import CofferScript
import CofferText

/// `show [all]`: the rows around the focus, or every row.
struct ShowCommand: Command {
  static let entry = CommandEntry(
    "show", .optional(.keyword("all")), tr("show the rows around the focus, or all of them"), examples: ["show all"],
    scope: .sheet, command: Self.self)

  let all: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    all = arguments.has(keyword: "all")
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let sheet = context.sheet else { return .nothing }
    let height = context.drawsLiveSheet ? LiveSheet.windowHeight : LiveSheet.defaultWindow
    let rows = all ? sheet.rows[...] : LiveSheet.window(of: sheet, height: height)
    if context.drawsLiveSheet {
      // Laid out for the window as it is now; the redraw after this input adds only the
      // status line (a resize before `show` used to print the rows twice).
      context.liveSheet.fitToWindow()
      context.liveSheet.noteShown(rows)
    }
    return .lines(rows.map { row in context.liveSheet.text(of: row, sheet: sheet, output: context.output) })
  }
}

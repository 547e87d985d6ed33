import CofferCore
import CofferScript
import CofferText

/// `next`, `prev`, `first`, `last`, `blur`: moves the focus, committing the field left.
struct MoveCommand: Command {
  static let next = entry("next", .next, tr("move the focus to the next row (wrapping)"))
  static let previous = entry("prev", .previous, tr("move the focus to the previous row (wrapping)"))
  static let first = entry("first", .first, tr("move the focus to the first row"))
  static let last = entry("last", .last, tr("move the focus to the last row"))
  static let blur = entry("blur", .none, tr("drop the focus, committing the field left"))

  static func entry(_ name: String, _ move: SheetMove, _ summary: String) -> CommandEntry {
    CommandEntry(name, .none, summary, scope: .sheet, readsHoldings: false) {
      arguments, context throws(StatementFailure) in
      try MoveCommand(move: move, offset: arguments.commandOffset).run(context)
    }
  }

  let move: SheetMove
  let offset: Int

  init(move: SheetMove, offset: Int) {
    self.move = move
    self.offset = offset
  }

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    self.init(move: .next, offset: arguments.commandOffset)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    try context.perform(.move(move), at: offset)
    return .nothing
  }
}

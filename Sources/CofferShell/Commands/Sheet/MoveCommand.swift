import CofferCore
import CofferScript

/// `next`, `prev`, `first`, `last`, `blur`: moves the focus, committing the field left.
struct MoveCommand: Command {
  enum Target {
    case next, previous, first, last, none
  }

  static let next = entry("next", .next, "move the focus to the next row (wrapping)")
  static let previous = entry("prev", .previous, "move the focus to the previous row (wrapping)")
  static let first = entry("first", .first, "move the focus to the first row")
  static let last = entry("last", .last, "move the focus to the last row")
  static let blur = entry("blur", .none, "drop the focus, committing the field left")

  static func entry(_ name: String, _ target: Target, _ summary: String) -> CommandEntry {
    CommandEntry(name, .none, summary, scope: .sheet, readsHoldings: false) {
      arguments, context throws(StatementFailure) in
      try MoveCommand(target: target, offset: arguments.commandOffset).run(context)
    }
  }

  let target: Target
  let offset: Int

  init(target: Target, offset: Int) {
    self.target = target
    self.offset = offset
  }

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    self.init(target: .next, offset: arguments.commandOffset)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let open = context.sheet else { return .nothing }
    let row: Int? =
      switch target {
      case .next: open.row(steppingBy: 1)
      case .previous: open.row(steppingBy: -1)
      case .first: 0
      case .last: open.rows.count - 1
      case .none: nil
      }
    try context.moveFocus(to: row, at: offset)
    return .nothing
  }
}

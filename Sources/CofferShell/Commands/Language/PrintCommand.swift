import CofferScript
import CofferText

/// `print EXPR...`: each value on its own line.
struct PrintCommand: Command {
  static let value = TypedSlot.expression(tr("EXPR"), tr("a value to print"))
  static let entry = CommandEntry(
    "print", .sequence([.slot(value), .repeated(.sequence([.optional(.symbol(",")), .slot(value)]))]),
    tr("print each value on its own line"), examples: ["print total()", "print amount(USD) * 2, $rent"],
    access: .reads, usage: tr("print EXPR [, EXPR...]"), readsHoldings: false, command: Self.self)

  let values: [Expression]

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    values = arguments.all(Self.value)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    var lines: [String] = []
    lines.reserveCapacity(values.count)
    for value in values { lines.append(try context.evaluate(value).printed) }
    return .lines(lines)
  }
}

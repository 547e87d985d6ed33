import CofferScript
import CofferText

/// `let NAME = EXPR`: a variable, read back as `$NAME`.
struct LetCommand: Command {
  static let name = TypedSlot.word(tr("NAME"), tr("a variable name"))
  static let value = TypedSlot.expression(tr("EXPR"), tr("a value"))
  static let entry = CommandEntry(
    "let", .sequence([.slot(name), .symbol("="), .slot(value)]),
    tr("define a variable, read as $NAME"), examples: ["let rent = 1500", "set EUR $rent"], readsHoldings: false,
    command: Self.self)

  let name: String
  let value: Expression

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    name = try arguments.value(Self.name).value
    value = try arguments.value(Self.value)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    context.variables[name] = try context.evaluate(value)
    return .nothing
  }
}

import CofferScript

/// `let NAME = EXPR`: a variable, read back as `$NAME`.
struct LetCommand: Command {
  static let entry = CommandEntry(
    "let", .sequence([.word("NAME", "a variable name"), .symbol("="), .expression("EXPR", "a value")]),
    "define a variable, read as $NAME", examples: ["let rent = 1500", "set EUR $rent"], readsHoldings: false,
    command: Self.self)

  let name: String
  let value: Expression

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard case .word(let name, _) = arguments["NAME"], case .expression(let value) = arguments["EXPR"] else {
      preconditionFailure("let reads NAME and EXPR")
    }
    self.name = name
    self.value = value
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    context.variables[name] = try context.evaluate(value)
    return .nothing
  }
}

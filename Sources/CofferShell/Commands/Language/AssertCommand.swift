import CofferScript
import CofferText
import Foundation

/// `assert EXPR OP EXPR [MESSAGE]`: fails the statement unless the comparison holds.
struct AssertCommand: Command {
  static let lhs = TypedSlot.expression(tr("EXPR"), tr("a value to compare"))
  static let operation = TypedSlot.comparison(tr("OP"), tr("a comparison (== != < <= > >=)"))
  static let rhs = TypedSlot.expression(tr("EXPR"), tr("a value after the comparison"))
  static let note = TypedSlot.string(tr("MESSAGE"), tr("a message in quotes"))
  static let entry = CommandEntry(
    "assert", .sequence([.slot(lhs), .slot(operation), .slot(rhs), .optional(.slot(note))]),
    tr("fail unless the comparison holds (== != < <= > >=)"),
    examples: ["assert total() > 0", "assert amount(USD) == 1200 \"USD is wrong\""], access: .reads,
    readsHoldings: false, command: Self.self)

  let left: CofferScript.Expression
  let right: CofferScript.Expression
  let comparison: Comparison
  let message: String?
  /// The two sides as written, for the failure message.
  let leftText: String
  let rightText: String
  /// Where the left side starts (an expression's own offset is its operator's).
  let start: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    left = try arguments.value(Self.lhs)
    comparison = try arguments.value(Self.operation).value
    right = try arguments.value(Self.rhs)
    message = arguments[Self.note]?.value
    start = arguments.start(of: Self.lhs) ?? arguments.commandOffset
    leftText = arguments.text(of: Self.lhs).trimmingCharacters(in: .whitespaces)
    rightText = arguments.text(of: Self.rhs).trimmingCharacters(in: .whitespaces)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let lhs = try context.evaluate(left)
    let rhs = try context.evaluate(right)
    let holds: Bool
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)):
      holds = comparison.holds(a, b)
    case (.string(let a), .string(let b)) where comparison == .equal || comparison == .notEqual:
      holds = comparison.holds(a, b)
    case (.date(let a), .date(let b)):
      holds = comparison.holds(a, b)
    default:
      throw context.failure(
        tr(
          "cannot compare {left} with {right} using {operator}",
          ["left": lhs.kindName, "right": rhs.kindName, "operator": comparison.rawValue]), at: start)
    }
    guard !holds else { return .nothing }
    var description = tr(
      "assertion failed: {left} {operator} {right} ({leftvalue} {operator} {rightvalue} is false)",
      [
        "left": leftText, "operator": comparison.rawValue, "right": rightText, "leftvalue": lhs.printed,
        "rightvalue": rhs.printed,
      ])
    if let message { description += tr(": {message}", ["message": message]) }
    throw context.failure(description, at: start)
  }
}

extension Comparison {
  func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
    switch self {
    case .equal: lhs == rhs
    case .notEqual: lhs != rhs
    case .less: lhs < rhs
    case .lessOrEqual: lhs <= rhs
    case .greater: lhs > rhs
    case .greaterOrEqual: lhs >= rhs
    }
  }
}

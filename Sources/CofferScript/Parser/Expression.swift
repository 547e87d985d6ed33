/// An expression as written: what `set`, `print`, `let` and `assert` evaluate.
/// Each node keeps the byte offset where it starts, for error messages.
package indirect enum Expression: Sendable, Equatable {
  case number(String, at: Int)
  case string(String, at: Int)
  case date(year: Int, month: Int, day: Int, at: Int)
  case variable(String, at: Int)
  /// A bare word: a currency code inside a call such as `amount(USD)`.
  case word(String, at: Int)
  case call(String, arguments: [Expression], at: Int)
  case negate(Expression, at: Int)
  case binary(BinaryOperator, Expression, Expression, at: Int)

  package var offset: Int {
    switch self {
    case .number(_, let at), .string(_, let at), .date(_, _, _, let at), .variable(_, let at),
      .word(_, let at), .call(_, _, let at), .negate(_, let at), .binary(_, _, _, let at):
      at
    }
  }
}

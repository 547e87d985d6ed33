package enum BinaryOperator: String, Sendable, Equatable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
}

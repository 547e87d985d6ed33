import CofferCore
import CofferScript

/// `[from DATE] [to DATE]`, in either order, each at most once as read (given twice, the
/// last counts, as with options): the dates of `total by`, `holdings from`, `log` and
/// `chart`.
struct DateRange {
  static let grammar = Grammar.repeated(
    .choice([
      .sequence([.keyword("from"), .expression("DATE", "a date (YYYY-MM-DD) after 'from'", key: "FROM")]),
      .sequence([.keyword("to"), .expression("DATE", "a date (YYYY-MM-DD) after 'to'", key: "TO")]),
    ]))

  var from: CalendarDate?
  var to: CalendarDate?
  /// Where each was written, for errors.
  var fromOffset = 0
  var toOffset = 0

  init(from: CalendarDate? = nil, to: CalendarDate? = nil) {
    self.from = from
    self.to = to
  }

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    if case .expression(let expression) = arguments.all("FROM").last {
      from = try context.dateArgument(expression, role: "'from'")
      fromOffset = expression.offset
    }
    if case .expression(let expression) = arguments.all("TO").last {
      to = try context.dateArgument(expression, role: "'to'")
      toOffset = expression.offset
    }
    if let from, let to, to < from {
      throw context.failure("'to' (\(to)) is before 'from' (\(from))", at: toOffset)
    }
  }
}

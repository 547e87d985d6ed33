import CofferCore
import CofferScript
import CofferText

/// `[from DATE] [to DATE]`, in either order, each at most once as read (given twice, the
/// last counts, as with options): the dates of `total by`, `holdings from`, `log` and
/// `chart`.
struct DateRange {
  static let fromDate = TypedSlot.expression(tr("DATE"), tr("a date (YYYY-MM-DD) after 'from'"))
  static let toDate = TypedSlot.expression(tr("DATE"), tr("a date (YYYY-MM-DD) after 'to'"))
  static let grammar = Grammar.repeated(
    .choice([.sequence([.keyword("from"), .slot(fromDate)]), .sequence([.keyword("to"), .slot(toDate)])]))

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
    if let expression = arguments.all(Self.fromDate).last {
      from = try context.dateArgument(expression, role: "'from'")
      fromOffset = expression.offset
    }
    if let expression = arguments.all(Self.toDate).last {
      to = try context.dateArgument(expression, role: "'to'")
      toOffset = expression.offset
    }
    if let from, let to, to < from {
      throw context.failure(
        tr("'to' ({to}) is before 'from' ({from})", ["to": to.description, "from": from.description]), at: toOffset)
    }
  }
}

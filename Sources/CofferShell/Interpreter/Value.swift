import CofferCore
import CofferText

/// What an expression evaluates to.
enum Value: Equatable {
  case number(DecimalValue)
  case string(String)
  case date(CalendarDate)

  /// How `print` shows it: numbers in plain shortest decimal, strings as they are.
  var printed: String {
    switch self {
    case .number(let number): number.description
    case .string(let text): text
    case .date(let date): date.description
    }
  }

  var kindName: String {
    switch self {
    case .number: tr("a number")
    case .string: tr("a string")
    case .date: tr("a date")
    }
  }
}

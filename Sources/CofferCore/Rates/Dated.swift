/// Anything kept in a history sorted by date (a euro rate, a direct quote).
package protocol Dated {
  var date: CalendarDate { get }
}

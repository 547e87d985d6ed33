import CofferText

extension Array where Element == String {
  /// `table, plain, csv or json`: choices as messages and help name them.
  var alternatives: String {
    guard let last else { return "" }
    return count == 1 ? last : tr("{choices} or {last}", ["choices": dropLast().listed(), "last": last])
  }
}

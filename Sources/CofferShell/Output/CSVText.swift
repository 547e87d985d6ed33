import Foundation

/// CSV fields as RFC 4180 wants them: quoted when they hold a comma, quote or newline.
/// Control characters are escaped by the renderer before (a newline included).
enum CSVText {
  static func row(_ fields: [String]) -> String {
    fields.map { field in
      if field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      }
      return field
    }.joined(separator: ",")
  }
}

import Foundation

/// Minimal JSON writing: Coffer's JSON is flat and its money values are strings.
enum JSONText {
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  static func array(_ items: [String]) -> String {
    "[" + items.joined(separator: ",") + "]"
  }
}

/// CSV fields as RFC 4180 wants them: quoted when they hold a comma, quote or newline.
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

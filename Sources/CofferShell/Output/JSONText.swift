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
      // Besides what JSON requires (C0), DEL, C1 and the bidirectional controls are
      // written as escapes too, and U+2028 / U+2029: the value is the same to a reader,
      // and a terminal showing the JSON is never sent a control.
      case _ where scalar.value < 0x20 || String.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
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

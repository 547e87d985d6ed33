/// Just enough JSON for rate snapshots, reading numbers as decimal text (a JSON parser
/// that goes through Double would round 0.1 to 0.1000000000000000055…).
enum MiniJSON: Equatable {
  case object([(String, MiniJSON)])
  case array([MiniJSON])
  case string(String)
  /// The number exactly as written.
  case number(String)
  case bool(Bool)
  case null

  static func == (lhs: MiniJSON, rhs: MiniJSON) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
    default: false
    }
  }

  subscript(key: String) -> MiniJSON? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// Parses a whole document; errors name the byte offset.
  static func parse(_ bytes: [UInt8]) throws(RateFileError) -> MiniJSON {
    var reader = Reader(bytes: bytes)
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    func error(_ message: String) -> RateFileError {
      RateFileError(message, byte: index)
    }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(RateFileError) -> MiniJSON {
      guard depth < 64 else { throw error("JSON nested too deeply") }
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of JSON") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var pairs: [(String, MiniJSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(pairs)
        }
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
          let key = try string()
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
          index += 1
          pairs.append((key, try value(depth: depth + 1)))
          skipSpace()
          guard index < bytes.count else { throw error("unexpected end of JSON; expected '}'") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
          index += 1
          return .object(pairs)
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [MiniJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          items.append(try value(depth: depth + 1))
          skipSpace()
          guard index < bytes.count else { throw error("unexpected end of JSON; expected ']'") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
          index += 1
          return .array(items)
        }
      case UInt8(ascii: "\""):
        return .string(try string())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        index += 1
        while index < bytes.count,
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(
              bytes[index])
        {
          index += 1
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
      default:
        for (word, value) in [("true", MiniJSON.bool(true)), ("false", .bool(false)), ("null", .null)]
        where bytes[index...].starts(with: word.utf8) {
          index += word.utf8.count
          return value
        }
        throw error("unexpected character in JSON")
      }
    }

    mutating func string() throws(RateFileError) -> String {
      index += 1
      var result: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return String(decoding: result, as: UTF8.self)
        }
        if byte == UInt8(ascii: "\\") {
          guard index + 1 < bytes.count else { break }
          let escaped = bytes[index + 1]
          switch escaped {
          case UInt8(ascii: "n"): result.append(0x0A)
          case UInt8(ascii: "t"): result.append(0x09)
          case UInt8(ascii: "r"): result.append(0x0D)
          case UInt8(ascii: "b"): result.append(0x08)
          case UInt8(ascii: "f"): result.append(0x0C)
          case UInt8(ascii: "u"):
            guard index + 5 < bytes.count,
              let code = UInt32(String(decoding: bytes[index + 2...index + 5], as: UTF8.self), radix: 16),
              let scalar = Unicode.Scalar(code)
            else { throw error("bad \\u escape in a JSON string") }
            result.append(contentsOf: Array(String(Character(scalar)).utf8))
            index += 6
            continue
          default: result.append(escaped)
          }
          index += 2
          continue
        }
        result.append(byte)
        index += 1
      }
      throw error("unterminated JSON string")
    }
  }
}

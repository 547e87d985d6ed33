/// A JSON value; Coffer's money values are strings, so numbers stay exact.
indirect enum JSONValue {
  case string(String)
  /// A number, `true`, `false` or `null`, written as is.
  case literal(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static let null = JSONValue.literal("null")

  static func bool(_ value: Bool) -> JSONValue { .literal(value ? "true" : "false") }

  /// `nil` as `null`.
  static func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

  var text: String {
    switch self {
    case .string(let text): JSONText.string(text)
    case .literal(let text): text
    case .array(let items): JSONText.array(items.map(\.text))
    case .object(let pairs): JSONText.object(pairs.map { ($0.0, $0.1.text) })
    }
  }
}

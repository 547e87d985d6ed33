/// A command's result as the four formats show it: aligned for people, and plain, CSV or
/// JSON for programs. A listing supplies the content; `Renderer` does the formatting.
protocol Listing {
  /// Lines for people (aligned, coloured when colours are on).
  func table(_ output: Output) -> [String]
  /// One item per line, fields separated by a space.
  func plain() -> [String]
  /// A header and rows.
  func csv() -> (header: [String], rows: [[String]])
  func json() -> JSONValue
}

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

/// Prints a listing in a format.
enum Renderer {
  static func render(_ listing: any Listing, format: OutputFormat, to output: Output) {
    switch format {
    case .table:
      for line in listing.table(output) { output.line(line) }
    // Text read from files or typed (a file name kept as a source, a URL) is shown with
    // its control characters escaped: plain and CSV carry no styles, so all of it is;
    // tables escape such text in their cells (they style others); JSON escapes it as
    // JSON does.
    case .plain:
      for line in listing.plain() { output.line(line.escapingControlCharacters) }
    case .csv:
      let (header, rows) = listing.csv()
      output.line(CSVText.row(header.map(\.escapingControlCharacters)))
      for row in rows { output.line(CSVText.row(row.map(\.escapingControlCharacters))) }
    case .json:
      output.line(listing.json().text)
    }
  }
}

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

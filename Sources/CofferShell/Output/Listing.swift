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
  /// The oldest rate it rests on, for the note on age printed after it (SPEC §12); nil
  /// for a listing of no values.
  var ratesBehind: RatesBehind? { get }
}

extension Listing {
  var ratesBehind: RatesBehind? { nil }
}

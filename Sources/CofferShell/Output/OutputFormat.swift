/// How listing commands print: aligned for people, or plain, CSV or JSON for programs.
/// The one list of formats: `--format` on the command line and in statements, help,
/// completion and the manual read it from here.
package enum OutputFormat: String, Sendable, CaseIterable {
  case table
  case plain
  case csv
  case json

  /// `table, plain, csv or json`, as messages and help name the formats.
  package static var spelledOut: String { allCases.map(\.rawValue).alternatives }
}

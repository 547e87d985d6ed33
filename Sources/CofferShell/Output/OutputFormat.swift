/// How listing commands print: aligned for people, or plain, CSV or JSON for programs.
package enum OutputFormat: String, Sendable, CaseIterable {
  case table
  case plain
  case csv
  case json
}

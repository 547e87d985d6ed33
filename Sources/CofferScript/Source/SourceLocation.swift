/// Where something is in a script: the script's name, a 1-based line and column.
///
/// Columns count Unicode scalars, so a caret under `café` lands where a person expects.
package struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  package let source: String
  package let line: Int
  package let column: Int

  package init(source: String, line: Int, column: Int) {
    self.source = source
    self.line = line
    self.column = column
  }

  package var description: String { "\(source):\(line):\(column)" }
}

/// Where something is in a script: the script's name, a 1-based line and column.
///
/// Columns count Unicode scalars, so a caret under `café` lands where a person expects.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  public let source: String
  public let line: Int
  public let column: Int

  public init(source: String, line: Int, column: Int) {
    self.source = source
    self.line = line
    self.column = column
  }

  public var description: String { "\(source):\(line):\(column)" }
}

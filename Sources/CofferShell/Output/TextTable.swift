import Screen

/// Columns aligned by display width (CJK characters take two cells; combining marks and
/// colour codes none).
struct TextTable {
  enum Alignment { case left, right }

  var alignments: [Alignment]
  var rows: [[String]] = []

  init(_ alignments: [Alignment]) {
    self.alignments = alignments
  }

  mutating func add(_ row: [String]) {
    rows.append(row)
  }

  func lines() -> [String] {
    var widths = Array(repeating: 0, count: alignments.count)
    for row in rows {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], Self.displayWidth(cell))
      }
    }
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: max(0, widths[column] - Self.displayWidth(cell)))
        let isLast = column == row.count - 1
        if column > 0 { line += "  " }
        switch alignments[min(column, alignments.count - 1)] {
        case .left: line += isLast ? cell : cell + padding
        case .right: line += padding + cell
        }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// Terminal cells a string takes (see `DisplayWidth`), skipping ANSI escape sequences.
  static func displayWidth(_ text: String) -> Int {
    DisplayWidth.of(text)
  }
}

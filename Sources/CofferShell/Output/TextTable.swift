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
    // Each cell's width is counted once, and each line put together from the cells'
    // bytes (a listing by month has hundreds of cells).
    let cellWidths = rows.map { row in row.map(Self.displayWidth) }
    var widths = Array(repeating: 0, count: alignments.count)
    for row in cellWidths {
      for (column, width) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], width)
      }
    }
    let space = UInt8(ascii: " ")
    return zip(rows, cellWidths).map { row, cellWidths in
      var line: [UInt8] = []
      line.reserveCapacity(widths.reduce(2 * row.count) { $0 + $1 } + 16)
      for (column, cell) in row.enumerated() {
        let padding = repeatElement(space, count: max(0, widths[column] - cellWidths[column]))
        let isLast = column == row.count - 1
        if column > 0 { line += [space, space] }
        switch alignments[min(column, alignments.count - 1)] {
        case .left:
          line += cell.utf8
          if !isLast { line += padding }
        case .right:
          line += padding
          line += cell.utf8
        }
      }
      while line.last == space { line.removeLast() }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// Terminal cells a string takes (see `DisplayWidth`), skipping ANSI escape sequences.
  static func displayWidth(_ text: String) -> Int {
    DisplayWidth.of(text)
  }
}

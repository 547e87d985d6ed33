import Screen

/// Columns aligned by display width (CJK characters take two cells; combining marks and
/// colour codes none).
struct TextTable {
  enum Alignment { case left, right }

  var alignments: [Alignment]
  var rows: [[String]] = []
  /// The rows that are one line across the columns (a value's path under its row): they
  /// widen no column and are printed as they are.
  private var spanning: Set<Int> = []

  init(_ alignments: [Alignment]) {
    self.alignments = alignments
  }

  mutating func add(_ row: [String]) {
    rows.append(row)
  }

  /// A line across the columns, under the row before.
  mutating func addSpanning(_ line: String) {
    spanning.insert(rows.count)
    rows.append([line])
  }

  func lines() -> [String] {
    // Each cell's width is counted once (a listing by month has hundreds of cells).
    let cellWidths = rows.map { row in row.map(Self.displayWidth) }
    var widths = Array(repeating: 0, count: alignments.count)
    for (index, row) in cellWidths.enumerated() where !spanning.contains(index) {
      for (column, width) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], width)
      }
    }
    var lines: [String] = []
    lines.reserveCapacity(rows.count)
    for (index, (row, cellWidths)) in zip(rows, cellWidths).enumerated() {
      if spanning.contains(index) {
        lines.append(row[0])
        continue
      }
      var line = ""
      line.reserveCapacity(widths.reduce(2 * row.count) { $0 + $1 } + 16)
      // Blanks are owed until text follows them, so that a line ends with none: an empty
      // last cell, or a left-aligned one's padding, adds nothing.
      var owed = 0
      for (column, cell) in row.enumerated() {
        if column > 0 { owed += 2 }
        let padding = max(0, widths[column] - cellWidths[column])
        let alignment = alignments[min(column, alignments.count - 1)]
        if alignment == .right { owed += padding }
        if !cell.isEmpty {
          Self.append(blanks: owed, to: &line)
          owed = 0
          line += cell
        }
        if alignment == .left { owed += padding }
      }
      // A cell's own trailing blanks end no line either.
      while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
      lines.append(line)
    }
    return lines
  }

  private static let blanks = String(repeating: " ", count: 64)

  /// `count` blanks, appended as slices of one string rather than one at a time.
  private static func append(blanks count: Int, to line: inout String) {
    var left = count
    while left > 0 {
      let piece = min(left, blanks.utf8.count)
      line.append(contentsOf: Substring(blanks.utf8.prefix(piece)))
      left -= piece
    }
  }

  /// Terminal cells a string takes (see `DisplayWidth`), skipping ANSI escape sequences.
  static func displayWidth(_ text: String) -> Int {
    DisplayWidth.of(text)
  }
}

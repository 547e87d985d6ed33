/// Columns aligned by display width (CJK characters take two cells; colour codes none).
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

  /// Terminal cells a string takes, skipping ANSI escape sequences.
  static func displayWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" {
        inEscape = true
        continue
      }
      width += isWide(scalar) ? 2 : 1
    }
    return width
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}

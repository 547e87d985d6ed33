import CofferCore

/// A line chart in Unicode braille (2 × 4 dots a character): the y axis labelled with
/// the maximum and minimum, the x axis with the first and last dates.
struct BrailleChart {
  let points: [(date: CalendarDate, value: DecimalValue)]
  let width: Int
  let height: Int

  /// The chart's lines: `height` rows of plot, then the date axis. Values too far apart
  /// to scale in a decimal fail it (no point is dropped or moved in silence).
  func lines(output: Output, format: (DecimalValue) -> String) throws(DecimalError) -> [String] {
    guard let first = points.first, let last = points.last else { return [] }
    let values = points.map(\.value)
    let maximum = values.max() ?? .zero
    let minimum = values.min() ?? .zero
    let topLabel = format(maximum)
    let bottomLabel = format(minimum)
    // Widths on screen: a money label holds colour codes when colours are on.
    let labelWidth = max(TextTable.displayWidth(topLabel), TextTable.displayWidth(bottomLabel))
    let columns = max(10, width - labelWidth - 2)
    let dotColumns = columns * 2
    let dotRows = height * 4
    let firstDay = first.date.dayNumber
    let span = max(1, last.date.dayNumber - firstDay)

    // The dot row (0 = bottom) of each value, by decimal arithmetic.
    func dotRow(_ value: DecimalValue) throws(DecimalError) -> Int {
      guard maximum > minimum else { return dotRows / 2 }
      let scaled = try (value - minimum) * DecimalValue(dotRows - 1) / (maximum - minimum)
      return scaled.rounded(toPlaces: 0).wholeNumber ?? 0
    }
    // For each dot column, the value in use at its date (the last point on or before it).
    var rowAt = [Int?](repeating: nil, count: dotColumns)
    var index = 0
    for column in 0..<dotColumns {
      let day = firstDay + span * column / max(1, dotColumns - 1)
      while index + 1 < points.count && points[index + 1].date.dayNumber <= day { index += 1 }
      rowAt[column] = try dotRow(points[index].value)
    }
    var grid = [[UInt8]](repeating: [UInt8](repeating: 0, count: columns), count: height)
    let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    func set(_ column: Int, _ row: Int) {
      let fromTop = dotRows - 1 - row
      grid[fromTop / 4][column / 2] |= dotBits[column % 2][fromTop % 4]
    }
    var previous: Int?
    for (column, row) in rowAt.enumerated() {
      guard let row else { continue }
      // Join to the previous column so steps read as a line, not scattered dots.
      let low = min(row, previous ?? row)
      let high = max(row, previous ?? row)
      for filled in low...high { set(column, filled) }
      previous = row
    }
    var lines: [String] = []
    for (rowIndex, row) in grid.enumerated() {
      let label = rowIndex == 0 ? topLabel : (rowIndex == height - 1 ? bottomLabel : "")
      let plot = String(row.map { Character(Unicode.Scalar(0x2800 + UInt32($0)) ?? " ") })
      let padding = String(repeating: " ", count: labelWidth - TextTable.displayWidth(label))
      lines.append(padding + label + " ┤" + output.styled(plot, "36"))
    }
    let startLabel = first.date.description
    let endLabel = last.date.description
    let gap = max(1, columns - startLabel.count - endLabel.count)
    lines.append(String(repeating: " ", count: labelWidth + 1) + "└" + String(repeating: "─", count: columns))
    lines.append(
      String(repeating: " ", count: labelWidth + 2) + startLabel + String(repeating: " ", count: gap) + endLabel)
    return lines
  }
}

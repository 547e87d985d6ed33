/// A screen in memory: keys come from a list, text lands in a grid of characters. Tests
/// read the grid as a person reads the terminal; benchmarks time the form with nothing
/// of a terminal's cost in the way.
package final class ScriptedScreen: FormScreen {
  package private(set) var rows: Int
  package private(set) var columns: Int
  private var keys: [Key]
  private var nextKey = 0
  /// Per line, what was written on it since it was last cleared, in order: kept as
  /// writes (cheap) and laid out only when `lines` is read.
  private var writes: [[(column: Int, text: String)]]
  /// How many times `refresh` was asked for.
  package private(set) var refreshes = 0

  package init(rows: Int, columns: Int, keys: [Key]) {
    self.rows = rows
    self.columns = columns
    self.keys = keys
    writes = Array(repeating: [], count: rows)
  }

  /// What the screen shows, line by line, without trailing blanks. A wide character
  /// (中文) takes two cells, as on a terminal; one that would not fit at the right edge
  /// is not shown, and a character written over half of a wide one blanks its other half.
  package var lines: [String] {
    writes.map { line in
      // nil: the right half of the wide character in the cell before.
      var cells = [Character?](repeating: " ", count: columns)
      for write in line {
        var position = write.column
        for character in write.text where position < columns {
          let width = DisplayWidth.of(character)
          if width == 0 { continue }
          if position + width > columns { break }
          if position >= 0 {
            if cells[position] == nil, position > 0 { cells[position - 1] = " " }
            if position + width < columns, cells[position + width] == nil { cells[position + width] = " " }
            cells[position] = character
            if width == 2 { cells[position + 1] = nil }
          }
          position += width
        }
      }
      var text = String(cells.compactMap { $0 })
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  package func put(_ text: String, row: Int, column: Int, style: ScreenStyle) {
    guard row >= 0, row < rows else { return }
    writes[row].append((column, text))
  }

  package func clearLine(row: Int, from column: Int) {
    guard row >= 0, row < rows else { return }
    if column <= 0 {
      writes[row].removeAll(keepingCapacity: true)
    } else {
      writes[row].append((column, String(repeating: " ", count: max(0, columns - max(0, column)))))
    }
  }

  package func scroll(lines: Range<Int>, by count: Int) {
    guard !lines.isEmpty, lines.lowerBound >= 0, lines.upperBound <= rows else { return }
    let moved = Array(writes[lines])
    for line in lines {
      let source = line + count
      writes[line] = lines.contains(source) ? moved[source - lines.lowerBound] : []
    }
  }

  package func refresh(cursor: (row: Int, column: Int)?) { refreshes += 1 }

  /// The next scripted key. Once they are all read the form is told Done (Ctrl-D), then,
  /// should Done be refused, cancel (Esc, y): a script never leaves it waiting forever.
  package func readKey() -> Key? {
    defer { nextKey += 1 }
    if nextKey < keys.count { return keys[nextKey] }
    return [Key.control("d"), .escape, .character("y")][(nextKey - keys.count) % 3]
  }

  package func resize(rows newRows: Int, columns newColumns: Int) {
    rows = newRows
    columns = newColumns
    writes = Array(repeating: [], count: rows)
  }

  /// The keys that type `text`.
  package static func typing(_ text: String) -> [Key] {
    text.map { Key.character($0) }
  }
}

/// The journal rows an import will write, their texts side by side in one buffer that
/// SQLite reads them from (half a million rows would otherwise be a million Strings, each
/// copied again by SQLite).
struct PlannedEntries {
  struct Row {
    let day: Int
    /// `YYYYMM` of the day (see `JournalMonthEnds`).
    let month: Int
    let code: Range<Int>
    let old: Range<Int>
    let new: Range<Int>
  }

  var rows: [Row] = []
  private(set) var text: [UInt8] = []

  var count: Int { rows.count }

  mutating func addText(_ string: String) -> Range<Int> {
    let start = text.count
    text.append(contentsOf: string.utf8)
    return start..<text.count
  }

  mutating func addText(_ amount: DecimalValue) -> Range<Int> {
    let start = text.count
    amount.withPlainText { text.append(contentsOf: $0) }
    return start..<text.count
  }
}

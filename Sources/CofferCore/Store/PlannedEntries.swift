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

  /// Room for `rows` rows of some `textBytes` bytes of text, taken at once: half a million
  /// rows grown by doubling would copy and touch their memory over again.
  mutating func reserve(rows: Int, textBytes: Int) {
    self.rows.reserveCapacity(rows)
    text.reserveCapacity(textBytes)
  }

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

/// Prints a listing in a format.
enum Renderer {
  static func render(_ listing: any Listing, format: OutputFormat, to output: Output) {
    switch format {
    case .table:
      for line in listing.table(output) { output.line(line) }
    // Text read from files or typed (a file name kept as a source, a URL) is shown with
    // its control characters escaped: plain and CSV carry no styles, so all of it is;
    // tables escape such text in their cells (they style others); JSON escapes it as
    // JSON does.
    case .plain:
      for line in listing.plain() { output.line(line.escapingControlCharacters) }
    case .csv:
      let (header, rows) = listing.csv()
      output.line(CSVText.row(header.map(\.escapingControlCharacters)))
      for row in rows { output.line(CSVText.row(row.map(\.escapingControlCharacters))) }
    case .json:
      output.line(listing.json().text)
    }
  }
}

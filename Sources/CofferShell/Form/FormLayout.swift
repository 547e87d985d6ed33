import Screen

/// Where everything of the form goes in a window of a given size. Nothing wraps: the
/// name column is dropped when the window is narrow, and every cell is cut to its width.
struct FormLayout: Equatable {
  let rows: Int
  let columns: Int

  /// Lines above the rows (the header and the column titles) and below (footer).
  static let headerLines = 2
  static let footerLines = 2

  /// The narrowest and widest field.
  static let fieldWidths = 10...22
  static let codeWidth = 3
  static let valueWidth = 16
  /// A name narrower than this is left out rather than cut to nothing.
  static let minimumNameWidth = 8

  /// How many currency rows fit between the header and the footer.
  var viewportHeight: Int { max(1, rows - Self.headerLines - Self.footerLines) }

  /// Column positions of one row: marker, code, name (nil when dropped), field, value.
  struct Columns: Equatable {
    var code: Int
    var name: Int?
    var nameWidth: Int
    var field: Int
    var fieldWidth: Int
    var value: Int
    var valueWidth: Int
  }

  var cells: Columns {
    // "> USD  name…  [field]  value": the marker and code take 2 + 3, gaps 2 each.
    let fixed = 2 + Self.codeWidth + 2
    let valueWidth = min(Self.valueWidth, max(0, columns - fixed - Self.fieldWidths.lowerBound - 4))
    let room = columns - fixed - valueWidth - 4
    let fieldWidth = max(1, min(Self.fieldWidths.upperBound, room))
    let nameWidth = room - fieldWidth - 2
    let hasName = nameWidth >= Self.minimumNameWidth
    let field = fixed + (hasName ? nameWidth + 2 : 0)
    return Columns(
      code: 2, name: hasName ? fixed : nil, nameWidth: hasName ? nameWidth : 0, field: field, fieldWidth: fieldWidth,
      value: columns - valueWidth, valueWidth: valueWidth)
  }

  /// The first row shown so that `focus` is in view, moving `top` as little as possible;
  /// and `heading` with it (the row of the currency a focused place row belongs to) when
  /// both fit, so that a place is never shown without the currency it holds.
  func top(keeping focus: Int, heading: Int? = nil, from top: Int, rowCount: Int) -> Int {
    let height = viewportHeight
    var top = min(top, max(0, rowCount - height))
    if focus < top { top = focus }
    if focus >= top + height { top = focus - height + 1 }
    if let heading, heading < top, focus - heading < height { top = heading }
    return max(0, top)
  }
}

extension String {
  /// Cut to `width` columns at a character boundary, with an ellipsis when cut (wide
  /// characters such as 中文 take two columns; see `DisplayWidth`).
  func cut(to width: Int) -> String {
    guard width > 0 else { return "" }
    guard utf8.count > width else { return self }
    return DisplayWidth.cut(self, to: width)
  }

  /// Cut to `width` columns, or padded with spaces to it.
  func fitted(to width: Int, alignRight: Bool = false) -> String {
    var text = cut(to: width)
    let length = DisplayWidth.of(text)
    guard length < width else { return text }
    let blanks = width - length
    // Text and blanks written into one new string (`padding + text` made two).
    return text.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count + blanks) { buffer in
        let textStart = alignRight ? blanks : 0
        let blanksStart = alignRight ? 0 : bytes.count
        buffer[blanksStart..<blanksStart + blanks].initialize(repeating: UInt8(ascii: " "))
        _ = UnsafeMutableBufferPointer(rebasing: buffer[textStart..<textStart + bytes.count]).initialize(from: bytes)
        return bytes.count + blanks
      }
    }
  }
}

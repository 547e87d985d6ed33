import CofferCore
import Screen

extension FieldEditor {
  /// The part of the text a field `width` columns wide shows, and the column the cursor
  /// falls on in it: the text scrolls so that the cursor stays in view. Wide characters
  /// (中文 typed by mistake) take two columns.
  func visible(width: Int) -> (text: String, cursor: Int) {
    guard width > 0 else { return ("", 0) }
    guard text.utf8.count != characters.count else {
      // One column a character. One column is kept for the cursor after the last one.
      let start = max(0, cursor - (width - 1))
      let end = min(characters.count, start + width)
      if start == 0 && end == characters.count { return (text, cursor) }
      return (String(characters[start..<end]), cursor - start)
    }
    let widths = characters.map { DisplayWidth.of($0) }
    var start = cursor
    var beforeCursor = 0
    while start > 0 && beforeCursor + widths[start - 1] <= width - 1 {
      start -= 1
      beforeCursor += widths[start]
    }
    var end = start
    var used = 0
    while end < characters.count && used + widths[end] <= width {
      used += widths[end]
      end += 1
    }
    return (String(characters[start..<end]), beforeCursor)
  }
}

import Screen

/// Text wrapped where a line may break: at blanks, and between Chinese characters, which
/// are written without blanks (never before closing punctuation such as `，` or `）`,
/// nor after opening punctuation such as `（`).
enum Wrapping {
  /// `text` in lines of at most `width` columns (by display width), each starting with
  /// `indent`; a piece longer than a line stands alone on its line rather than being
  /// broken.
  static func wrap(_ text: String, width: Int, indent: String) -> [String] {
    var lines: [String] = []
    var current = indent
    for piece in pieces(text) {
      let candidate = current == indent ? current + piece.text : current + (piece.blankBefore ? " " : "") + piece.text
      if DisplayWidth.of(candidate) > width && current != indent {
        lines.append(current)
        current = indent + piece.text
      } else {
        current = candidate
      }
    }
    lines.append(current)
    return lines
  }

  /// The pieces a line may break between, each with whether a blank comes before it.
  static func pieces(_ text: String) -> [(text: String, blankBefore: Bool)] {
    var pieces: [(text: String, blankBefore: Bool)] = []
    var piece = ""
    var blankBefore = false
    var previous: Character?
    // Inside ASCII parentheses (a call such as `amount_at(货币, 日期)`), text written as it
    // is typed: it breaks at its blanks, never between two of its characters.
    var callDepth = 0
    for character in text {
      defer {
        if character == "(" { callDepth += 1 } else if character == ")" { callDepth = max(0, callDepth - 1) }
      }
      if character == " " {
        if !piece.isEmpty { pieces.append((piece, blankBefore)) }
        piece = ""
        blankBefore = true
        previous = nil
        continue
      }
      // A break between two characters where either is wide, unless punctuation binds them.
      if let previous, !piece.isEmpty, callDepth == 0, isWide(character) || isWide(previous),
        !closing.contains(character), !opening.contains(previous)
      {
        pieces.append((piece, blankBefore))
        piece = ""
        blankBefore = false
      }
      piece.append(character)
      previous = character
    }
    if !piece.isEmpty { pieces.append((piece, blankBefore)) }
    return pieces
  }

  private static func isWide(_ character: Character) -> Bool {
    DisplayWidth.of(String(character)) == 2
  }

  /// Punctuation a line may not start with, and punctuation it may not end with.
  private static let closing: Set<Character> = [
    "，", "。", "、", "：", "；", "！", "？", "）", "」", "』", "》", ")", ",", ".", ":", ";", "'",
  ]
  private static let opening: Set<Character> = ["（", "「", "『", "《", "(", "'"]
}

import Screen
import Testing

/// Columns as a terminal counts them: wide CJK two, combining marks none, and cutting
/// never splits a character.
@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("USD", 3), ("美元", 4), ("港币 HKD", 8), ("新加坡元", 8), ("한국", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4),
    // Devanagari RA with the vowel sign UU (a combining mark): one column, as the terminal shows रू.
    ("रू", 1), ("रू100.00", 7), ("e\u{301}", 1), ("café", 4), ("៛", 1), ("дин", 3), ("₩", 1), ("¥", 1),
    ("\u{1B}[2m.50\u{1B}[0m", 3), ("a\u{200B}b", 2), ("👍", 2), ("", 0),
    // ASCII alone, counted from its bytes: control characters and DEL take none.
    ("2026-10-31", 10), ("a\tb\u{7F}c", 3), ("\u{1B}[1mdate\u{1B}[0m", 4), ("x\u{1B}[1", 1),
    ("\u{1B}[2m¥\u{1B}[0m12", 3),
    // Latin, from its bytes too: C1 controls take none, the soft hyphen and NBSP one.
    ("£5", 2), ("a\u{85}b", 2), ("\u{AD}\u{A0}", 2), ("ʼé€", 3), ("\u{1B}[1é", 0),
  ])
  func widths(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns, "\(text)")
  }

  @Test func cutsAtACharacterBoundaryWithAnEllipsis() {
    #expect(DisplayWidth.cut("印度尼西亚卢比", to: 8) == "印度尼…")
    #expect(DisplayWidth.of(DisplayWidth.cut("印度尼西亚卢比", to: 8)) == 7)
    #expect(DisplayWidth.cut("印度尼西亚卢比", to: 14) == "印度尼西亚卢比")
    #expect(DisplayWidth.cut("印度尼西亚卢比", to: 1) == "…")
    #expect(DisplayWidth.cut("Indonesian Rupiah", to: 8) == "Indones…")
    // A letter with its combining accent stays whole.
    #expect(DisplayWidth.cut("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
    #expect(DisplayWidth.cut("abc", to: 0) == "")
  }

  @Test func fitsToExactlyTheWidth() {
    for width in 1...16 {
      for name in ["阿联酋迪拉姆", "UAE Dirham", "रू1,000.00", "ab"] {
        let fitted = DisplayWidth.fit(name, to: width)
        #expect(DisplayWidth.of(fitted) == width, "\(name) at \(width): '\(fitted)'")
        #expect(DisplayWidth.of(DisplayWidth.fit(name, to: width, alignRight: true)) == width)
      }
    }
  }
}

import Testing

@testable import CofferCLI

/// `--help` in Chinese, which Coffer prints itself: asked for as argument-parser would
/// take it, and wrapped by display width without breaking before closing punctuation or
/// after opening.
@Suite struct TranslatedHelpTests {
  @Test func helpIsAskedForByEitherFlagNotByAValue() {
    #expect(TranslatedHelp.isAsked(in: ["--help"]))
    #expect(TranslatedHelp.isAsked(in: ["--db", "x.db", "-h"]))
    #expect(!TranslatedHelp.isAsked(in: ["-c", "--help"]))
    #expect(!TranslatedHelp.isAsked(in: ["--", "--help"]))
    #expect(!TranslatedHelp.isAsked(in: ["script.coffer"]))
  }

  /// Display columns: two for each CJK character and full-width form.
  func width(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
  }

  @Test func chineseBreaksBetweenCharactersWithinTheWidth() {
    let text = "未给出脚本且标准输入是终端时，启动交互式命令行；标准输入不是终端时，将其作为脚本运行。退出状态：0 成功，1 有语句或断言失败。"
    let lines = TranslatedHelp.wrap(text, width: 30, indent: "    ")
    #expect(lines.count > 2)
    for line in lines {
      #expect(width(line) <= 30, "\(line)")
      #expect(line.hasPrefix("    "))
      // Closing punctuation stays with what it closes.
      #expect(!["，", "。", "；", "："].contains(line.dropFirst(4).first), "\(line)")
    }
    // Nothing is lost or added but the breaks (a break at a blank takes the blank).
    #expect(lines.map { String($0.dropFirst(4)) }.joined().filter { $0 != " " } == text.filter { $0 != " " })
  }

  @Test func openingPunctuationGoesWithWhatItOpens() {
    let lines = TranslatedHelp.wrap("首次提示之前不运行启动文件（$XDG_CONFIG_HOME/coffer/rc）。", width: 40, indent: "")
    #expect(lines == ["首次提示之前不运行启动文件", "（$XDG_CONFIG_HOME/coffer/rc）。"])
  }

  @Test func englishWrapsAtBlanks() {
    let lines = TranslatedHelp.wrap(
      "Run these commands, then exit (repeatable; before any script).", width: 30, indent: "  ")
    #expect(lines == ["  Run these commands, then", "  exit (repeatable; before any", "  script)."])
  }
}

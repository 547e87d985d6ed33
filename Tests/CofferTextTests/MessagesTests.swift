import Testing

@testable import CofferText

/// Messages in each language, through the catalogs built into the binary. The tests name
/// the language: the process's own stays English, as the other tests expect.
@Suite struct MessagesTests {
  @Test func englishIsTheMessageWithItsValues() {
    #expect(Messages.text("a {x} and {y}", ["x": "1", "y": "2"], in: .english) == "a 1 and 2")
    #expect(Messages.text("nothing to fill", in: .english) == "nothing to fill")
    #expect(
      Messages.text("no such message in any catalog", in: .traditionalChinese) == "no such message in any catalog")
  }

  @Test func theProcessSpeaksEnglishUntilTheLauncherChooses() {
    #expect(Messages.language == .english)
    #expect(tr("nothing saved: --atomic run had errors") == "nothing saved: --atomic run had errors")
  }

  @Test func chineseComesFromTheCatalogOfItsScript() {
    let message = "not saved; to apply these edits later, run them again:"
    #expect(Messages.text(message, in: .simplifiedChinese) == "未能保存；如需稍后应用这些修改，请重新运行以下命令：")
    #expect(Messages.text(message, in: .traditionalChinese) == "未能儲存；如需稍後套用這些修改，請重新執行以下指令：")
    let note = "the lines typed will not be kept: {reason}"
    #expect(Messages.text(note, ["reason": "EACCES"], in: .simplifiedChinese) == "本次输入的内容不会存入历史记录：EACCES")
  }

  @Test func pluralsPickTheirFormByCount() {
    let (one, other) = ("continued line is longer than {count} byte", "continued line is longer than {count} bytes")
    #expect(Messages.text(one, other, count: 1, in: .english) == "continued line is longer than 1 byte")
    #expect(Messages.text(one, other, count: 0, in: .english) == "continued line is longer than 0 bytes")
    #expect(Messages.text(one, other, count: 4096, in: .english) == "continued line is longer than 4096 bytes")
    #expect(Messages.text(one, other, count: 1, in: .simplifiedChinese) == "续行拼接后超过 1 字节")
    #expect(Messages.text(one, other, count: 4096, in: .traditionalChinese) == "續行接合後超過 4096 位元組")
  }

  @Test func bothCatalogsReadWhole() throws {
    for source in [PackageResources.zh_CN_po, PackageResources.zh_TW_po] {
      let entries = try POReader.entries(source)
      #expect(entries.count > 1)
    }
  }
}

import Foundation
import Testing

/// Names follow the locale (LC_ALL, then LC_MESSAGES, then LANG), whether or not the
/// locale is installed, in Simplified or Traditional script; messages not yet in the
/// catalogs stay English; columns align by display width.
@Suite struct LocaleTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  func holdings(_ environment: [String: String]) throws -> Outcome {
    try coffer.run(
      ["--db", ":memory:", "-c", "set USD 1200; set HKD 800; set IDR 1_000_000; holdings; set UDS 1"],
      extraEnvironment: environment)
  }

  @Test func aChineseLocaleShowsChineseNamesAlignedByWidth() throws {
    // Values from the ECB rates of 2026-10-30 (per euro: CNY 7.4326, USD 1.1172, HKD
    // 8.7652, IDR 20275.17), computed apart with Python's decimal module.
    // zh_TW.UTF-8 is not generated on the test machine: only its name is read.
    let simplified = """
      代码  名称                      金额          汇率   折合 CNY  汇率日期与来源
      USD   美元                 $1,200.00  6.6528822055  ¥7,983.46  2026-10-30 ECB
      HKD   港币                 HK$800.00  0.8479669603    ¥678.37  2026-10-30 ECB
      IDR   印度尼西亚卢比  Rp1,000,000.00  0.0003665863    ¥366.59  2026-10-30 ECB
      合计 ¥9,028.42 CNY（3 项持有）

      """
    // Traditional names are Taiwan's, Hong Kong's and Macau's own, not the Simplified
    // ones converted: 印尼盾, not 印度尼西亞盧比.
    let traditional = """
      代碼  名稱              金額          匯率   折合 CNY  匯率日期與來源
      USD   美元         $1,200.00  6.6528822055  ¥7,983.46  2026-10-30 ECB
      HKD   港幣         HK$800.00  0.8479669603    ¥678.37  2026-10-30 ECB
      IDR   印尼盾  Rp1,000,000.00  0.0003665863    ¥366.59  2026-10-30 ECB
      合計 ¥9,028.42 CNY（3 項持有）

      """
    // The note on the rates' age and the error are in the catalogs; `note:` and the
    // error's place before them stay.
    let simplifiedNote = "note: CNY、USD、HKD、IDR 的汇率过时：最早为 2026-10-30（23 天前）\n"
    let traditionalNote = "note: CNY、USD、HKD、IDR 的匯率過時：最早為 2026-10-30（23 天前）\n"
    let unknownInSimplified = "未知货币 'UDS'；您是否要输入 USD？"
    let unknownInTraditional = "未知貨幣 'UDS'；您是否要輸入 USD？"
    for (environment, expected, note, unknown) in [
      (["LANG": "zh_CN.UTF-8"], simplified, simplifiedNote, unknownInSimplified),
      (["LC_ALL": "zh_TW.UTF-8"], traditional, traditionalNote, unknownInTraditional),
      (["LANG": "C", "LC_MESSAGES": "zh_SG"], simplified, simplifiedNote, unknownInSimplified),
      (["LANG": "zh_HK.UTF-8"], traditional, traditionalNote, unknownInTraditional),
    ] {
      let outcome = try holdings(environment)
      #expect(outcome.stdout == expected, "\(environment): \(outcome)")
      #expect(outcome.stderr == note + "<command>:1:61: error: \(unknown)\n", "\(environment): \(outcome)")
    }
  }

  /// A message the catalogs hold reads in the locale's script; the `SOURCE:LINE:COL:
  /// error:` before it, which editors and tools match, stays as it is.
  @Test func catalogMessagesFollowTheLocaleBehindTheSamePrefix() throws {
    let long = String(repeating: "x", count: 40_000)
    let script = try coffer.write("long.coffer", "echo \(long) \\\n\(long)\n")
    let cases: [([String: String], String)] = [
      ([:], "continued line is longer than 65536 bytes"),
      (["LANG": "zh_CN.UTF-8"], "续行拼接后超过 65536 字节"),
      (["LC_ALL": "zh_TW.UTF-8"], "續行接合後超過 65536 位元組"),
    ]
    for (environment, message) in cases {
      let outcome = try coffer.run(["--db", ":memory:", script], extraEnvironment: environment)
      #expect(outcome.stderr == "\(script):2:1: error: \(message)\n", "\(environment): \(outcome)")
    }
  }

  @Test func otherLocalesKeepEnglishNames() throws {
    for environment in [
      ["LANG": "C.UTF-8"], ["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"],
      ["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"],
    ] {
      let outcome = try holdings(environment)
      #expect(outcome.stdout.contains("USD   US Dollar"), "\(environment): \(outcome)")
      #expect(outcome.stdout.contains("IDR   Indonesian Rupiah"), "\(environment): \(outcome)")
    }
  }

  @Test func theStartupFileIsNotRunForCommandsScriptsOrPipes() throws {
    try coffer.write(".config/coffer/rc", "echo from the startup file\n")
    let commands = try coffer.run(["--db", ":memory:", "-c", "echo commands"])
    #expect(commands.stdout == "commands\n")
    let piped = try coffer.run(["--db", ":memory:"], stdin: "echo piped\n")
    #expect(piped.stdout == "piped\n")
  }
}

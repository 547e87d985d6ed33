import Foundation
import Testing

/// What programs read is the same in every locale (SPEC §13): csv, json and plain
/// listings, `print`, `dump` and the exports, byte for byte, under C, zh_CN and zh_TW;
/// and every message keeps what comes before its text (`SOURCE:LINE:COL: error: `,
/// `note: `, `coffer: `), which editors and tools match, only the text after it being
/// translated.
@Suite struct LocaleOutputTests {
  static let locales = ["C.UTF-8", "zh_CN.UTF-8", "zh_TW.UTF-8"]

  static let examples =
    ((try? FileManager.default.contentsOfDirectory(atPath: CofferProcess.examples)) ?? [])
    .filter { $0.hasSuffix(".coffer") }.sorted()

  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  /// `arguments` run once under each locale, in the same sandbox.
  func runInEveryLocale(_ arguments: [String], stdin: String? = nil) throws -> [(String, Outcome)] {
    try Self.locales.map { locale in
      (locale, try coffer.run(arguments, stdin: stdin, extraEnvironment: ["LANG": locale]))
    }
  }

  /// What comes before a message's text: `FILE:LINE:COL: error: `, `coffer: error: `,
  /// `note: `, `coffer: `; nil for a line that is all text (a list under a message).
  static func prefix(of line: Substring) -> String? {
    for marker in ["error: ", "note: ", "warning: "] {
      if let range = line.range(of: marker) {
        let before = line[..<range.lowerBound]
        // `SOURCE:LINE:COL: ` or `coffer: ` or nothing: no blank but the one after a colon.
        if before.isEmpty || before.hasSuffix(": ") && !before.dropLast().contains(" ") {
          return String(line[..<range.upperBound])
        }
      }
    }
    if line.hasPrefix("coffer: ") { return "coffer: " }
    return nil
  }

  /// Stdout the same in every locale, the status too, and stderr line for line behind the
  /// same prefixes.
  func expectTheSame(_ outcomes: [(String, Outcome)], _ what: String) {
    let (_, english) = outcomes[0]
    let englishLines = english.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    for (locale, outcome) in outcomes.dropFirst() {
      #expect(
        outcome.stdout == english.stdout, "\(what) under \(locale): stdout differs\n\(outcome)\n--- C\n\(english)")
      #expect(outcome.status == english.status, "\(what) under \(locale): status \(outcome.status)")
      let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == englishLines.count, "\(what) under \(locale): stderr\n\(outcome.stderr)")
      for (line, englishLine) in zip(lines, englishLines) {
        #expect(
          Self.prefix(of: line) == Self.prefix(of: englishLine),
          "\(what) under \(locale): '\(line)' for '\(englishLine)'")
      }
    }
  }

  /// Each example, its listings in each format programs read. The line sheet it may show
  /// and `print` are the same too; the examples' table output is not (its headings and
  /// totals are for people, and translated).
  @Test(arguments: examples, ["plain", "csv", "json"])
  func examplesPrintTheSameInEveryLocale(example: String, format: String) throws {
    let path = CofferProcess.examples + "/" + example
    let source = try String(contentsOfFile: path, encoding: .utf8)
    // The sheet's views are for people: a script that opens one is compared by its
    // messages' prefixes only.
    let showsSheet = source.split(separator: "\n").contains { $0.hasPrefix("open ") || $0 == "open" }
    let outcomes = try runInEveryLocale(["--db", ":memory:", "--format", format, path])
    #expect(outcomes[0].1.status == 0, "\(example): \(outcomes[0].1)")
    if showsSheet {
      let prefixesOnly = outcomes.map { ($0.0, Outcome(stdout: "", stderr: $0.1.stderr, status: $0.1.status)) }
      expectTheSame(prefixesOnly, "\(example) --format \(format)")
    } else {
      expectTheSame(outcomes, "\(example) --format \(format)")
    }
  }

  /// A store with history, places, a unit, manual rates and a peg, then what programs
  /// read of it.
  static let setUp = """
    local CNY
    set USD 1200 at 2026-10-31
    set USD 1500
    set EUR@wise 300.25
    set EUR@"Bank of China" 40
    set HKD 800
    set JPY 48000
    units add PTS "Loyalty points" minor 0
    set PTS 100
    rates set PTS 0.01
    rates record at 2026-11-01 source "ECB" GBP 0.86 USD 1.1
    save

    """

  static let commands = [
    "holdings --format csv", "holdings --format json", "holdings --format plain",
    "total --format csv", "total --format json", "total --format plain",
    "total at 2026-11-01 --format json", "total in USD --format plain",
    "rates --format csv", "rates --format json", "rates --format plain",
    "places --format csv", "places --format json",
    "log --format csv", "log --format json",
    "total by month from 2026-10-01 --format csv",
    "print total() value(USD) rate(EUR) convert(100, USD, JPY) round(2.345, 2) count()",
    "print amount(EUR@wise) amount_at(USD, 2026-10-31)", "echo plain text $x",
    "dump", "holdings export", "holdings export --format beancount", "rates export",
    "rates export --format beancount", "rates export --format csv USD EUR",
  ]

  @Test(arguments: commands)
  func programOutputIsTheSameInEveryLocale(command: String) throws {
    let store = coffer.home + "/store.db"
    if !FileManager.default.fileExists(atPath: store) {
      let made = try coffer.run(["--db", store], stdin: Self.setUp)
      #expect(made.status == 0, "\(made)")
    }
    let outcomes = try runInEveryLocale(["--db", store, "-c", "let x = 5", "-c", command])
    expectTheSame(outcomes, command)
    #expect(!outcomes[0].1.stdout.isEmpty, "\(command): \(outcomes[0].1)")
  }

  /// Statements that fail, in a script: each error's `FILE:LINE:COL: error: ` stays,
  /// whatever the language of the text after it; what the run printed before is the same.
  @Test func failuresKeepTheirPrefixInEveryLocale() throws {
    let script = try coffer.write(
      "failing.coffer",
      """
      set USD 10
      print amount(USD)
      set UDS 1
      frobnicate
      print total(1)
      print round(1, 99)
      print 1 + "a"
      print $nowhere
      set USD 5 at 2099-01-01
      print value_at(USD, 2026-13-01)
      USD
      total --in EUR in USD
      open USD; open USD
      print amount(USD)

      """)
    let outcomes = try runInEveryLocale(["--db", ":memory:", "--keep-going", script])
    #expect(outcomes[0].1.stderr.split(separator: "\n").count >= 10, "\(outcomes[0].1)")
    expectTheSame(outcomes, "failing.coffer")
    // The text after the prefix is translated.
    #expect(outcomes[1].1.stderr.contains("未知货币 'UDS'"), "\(outcomes[1].1)")
    #expect(outcomes[2].1.stderr.contains("未知貨幣 'UDS'"), "\(outcomes[2].1)")
  }

  /// Messages of the command line and of the end of a run: `coffer: error: ` and
  /// `coffer: ` stay before their text.
  @Test func launchMessagesKeepTheirPrefixInEveryLocale() throws {
    for arguments in [
      ["--db", ":memory:", coffer.home + "/no-such-script.coffer"],
      ["--db", ":memory:", "--rates", coffer.home + "/no-such-rates.csv"],
      ["--db", ":memory:", "--atomic", "-c", "set USD 1", "-c", "set XXQ 1"],
    ] {
      expectTheSame(try runInEveryLocale(arguments), arguments.joined(separator: " "))
    }
  }

  /// `--help` in Chinese is Coffer's own, from the same definitions; in the C locale it
  /// is argument-parser's, as before.
  @Test func helpFollowsTheLocale() throws {
    let outcomes = try runInEveryLocale(["--help"])
    let (_, english) = outcomes[0]
    #expect(english.stdout.hasPrefix("OVERVIEW: A shell for multi-currency holdings"), "\(english)")
    #expect(english.stdout.contains("  -c, --command <cmds>    Run these commands"), "\(english)")
    let simplified = outcomes[1].1
    let traditional = outcomes[2].1
    #expect(simplified.status == 0 && traditional.status == 0)
    #expect(simplified.stdout.hasPrefix("概述：多币种持有管理工具"), "\(simplified)")
    #expect(simplified.stdout.contains("\n用法：coffer [--db <路径>] [--command <命令> ...]"), "\(simplified)")
    #expect(simplified.stdout.contains("\n选项：\n"), "\(simplified)")
    #expect(simplified.stdout.contains("  -h, --help              显示帮助信息。"), "\(simplified)")
    #expect(traditional.stdout.hasPrefix("概述：多幣種持有管理工具"), "\(traditional)")
    #expect(traditional.stdout.contains("\n選項：\n"), "\(traditional)")
    #expect(traditional.stdout.contains("（可選值："), "\(traditional)")
    #expect(traditional.stdout.contains("預設值：table）"), "\(traditional)")
    // -h is the same help; every line fits argument-parser's width, by display width.
    for (locale, outcome) in outcomes.dropFirst() {
      let short = try coffer.run(["-h"], extraEnvironment: ["LANG": locale])
      #expect(short == outcome, "\(locale)")
      let narrow = try coffer.run(["--help"], extraEnvironment: ["LANG": locale, "COLUMNS": "60"])
      // A word longer than a line stands alone on its line, as argument-parser's do.
      for line in narrow.stdout.split(separator: "\n") where !line.hasPrefix("用法：") {
        let oneWord = !line.drop(while: { $0 == " " }).contains(" ")
        #expect(Self.displayWidth(line) <= 60 || oneWord, "\(locale): '\(line)'")
      }
    }
  }

  /// argument-parser's usage errors, which it writes in English only, read in Chinese:
  /// each sentence Coffer's command line can cause, its labels and its pointer to
  /// `--help`; the status stays 2 and the `Error: ` before the sentence stays.
  @Test func usageErrorsFollowTheLocale() throws {
    let cases: [([String], simplified: String, traditional: String)] = [
      (["--bogus"], "Error: 未知选项 '--bogus'\n", "Error: 未知的選項 '--bogus'\n"),
      (["--formt", "csv"], "Error: 未知选项 '--formt'；是否想用 '--format'？\n", "是否要用 '--format'？"),
      (["--db"], "Error: '--db <路径>' 缺少值\n帮助：--db <路径>  数据库文件", "說明：--db <路徑>  資料庫檔案"),
      (
        ["--format", "xml"], "Error: '--format <格式>' 的值 'xml' 无效；可用的值：'table'、'plain'、'csv'、'json'\n",
        "的值 'xml' 無效；可用的值："
      ),
      (["--keep-going=1"], "Error: --keep-going 不接受值\n", "Error: --keep-going 不接受值\n"),
    ]
    for (arguments, simplified, traditional) in cases {
      let outcomes = try runInEveryLocale(arguments)
      #expect(outcomes[0].1.stderr.hasPrefix("Error: "), "\(outcomes[0].1)")
      #expect(outcomes[0].1.stderr.contains("See 'coffer --help' for more information."), "\(outcomes[0].1)")
      for (locale, outcome) in outcomes {
        #expect(outcome.status == 2 && outcome.stdout.isEmpty, "\(locale) \(arguments): \(outcome)")
      }
      #expect(outcomes[1].1.stderr.contains(simplified), "\(outcomes[1].1)")
      #expect(outcomes[2].1.stderr.contains(traditional), "\(outcomes[2].1)")
      for (_, outcome) in outcomes.dropFirst() {
        let lines = outcome.stderr.split(separator: "\n")
        // No English sentence is left: the usage line starts with its Chinese label, the
        // last line points to --help in Chinese.
        #expect(lines.contains { $0.hasPrefix("用法：coffer [--db <") }, "\(outcome)")
        #expect(lines.last?.hasSuffix("查看更多信息。") == true || lines.last?.hasSuffix("查看更多資訊。") == true)
        #expect(
          !outcome.stderr.contains("Usage") && !outcome.stderr.contains("Please") && !outcome.stderr.contains("Missing")
        )
      }
    }
  }

  /// Columns a line takes in a terminal: two for a CJK character or a full-width form.
  static func displayWidth(_ text: Substring) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
      let value = scalar.value
      let wide =
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
        || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
        || (0xFFE0...0xFFE6).contains(value)
      return width + (wide ? 2 : 1)
    }
  }
}

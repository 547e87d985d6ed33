import Testing

@testable import CofferText

@Suite struct NameLanguageTests {
  @Test(arguments: [
    ([:], NameLanguage.english), (["LANG": "zh_CN.UTF-8"], .simplifiedChinese),
    (["LANG": "zh_TW"], .traditionalChinese), (["LANG": "zh"], .simplifiedChinese),
    (["LANG": "zh_HK.UTF-8@stroke"], .traditionalChinese), (["LANG": "zu_ZA.UTF-8"], .english),
    (["LANG": "zhx"], .english), (["LANG": "C.UTF-8"], .english),
    // POSIX: LC_ALL wins over LC_MESSAGES, which wins over LANG; an empty one does not count.
    (["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"], .english),
    (["LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"], .simplifiedChinese),
    (["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "C"], .english),
    (["LANG": "C", "LC_MESSAGES": "zh_SG.UTF-8"], .simplifiedChinese),
    (["LC_MESSAGES": "zh_CN.UTF-8", "LC_ALL": "C"], .english),
    (["LANG": "zh_CN.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""], .simplifiedChinese),
    (["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"], .traditionalChinese),
    // GNU gettext's LANGUAGE list is not read.
    (["LANGUAGE": "zh_TW:zh_CN", "LANG": "en_US.UTF-8"], .english),
  ])
  func fromTheEnvironment(environment: [String: String], expected: NameLanguage) {
    #expect(NameLanguage.from(environment: environment) == expected, "\(environment)")
  }

  /// Taiwan, Hong Kong, Macau and a Hant script are Traditional; a Hans script wins over
  /// the place; every other Chinese locale is Simplified, installed or not.
  @Test(arguments: [
    ("zh_TW", NameLanguage.traditionalChinese), ("zh_HK.UTF-8", .traditionalChinese),
    ("zh_MO", .traditionalChinese), ("zh_Hant", .traditionalChinese), ("zh_Hant_TW", .traditionalChinese),
    ("zh-Hant", .traditionalChinese), ("zh-Hant-HK", .traditionalChinese), ("zh_TW.Big5", .traditionalChinese),
    ("zh_Hans_HK", .simplifiedChinese), ("zh-Hans", .simplifiedChinese), ("zh", .simplifiedChinese),
    ("zh_CN", .simplifiedChinese), ("zh_SG", .simplifiedChinese), ("zh_CN.UTF-8", .simplifiedChinese),
    ("zh@stroke", .simplifiedChinese), ("zh.GB18030", .simplifiedChinese),
    ("zhx", .english), ("en_TW", .english), ("C", .english), ("", .english), ("POSIX", .english),
  ])
  func localeNames(locale: String, expected: NameLanguage) {
    #expect(NameLanguage.named(locale) == expected, "\(locale)")
  }
}

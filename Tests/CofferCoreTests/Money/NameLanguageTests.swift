import CofferCore
import Testing

@Suite struct NameLanguageTests {
  @Test(arguments: [
    ([:], NameLanguage.english), (["LANG": "zh_CN.UTF-8"], .chinese), (["LANG": "zh_TW"], .chinese),
    (["LANG": "zh"], .chinese), (["LANG": "zh_HK.UTF-8@stroke"], .chinese), (["LANG": "zu_ZA.UTF-8"], .english),
    (["LANG": "zhx"], .english), (["LANG": "C.UTF-8"], .english),
    // POSIX: LC_ALL wins over LC_MESSAGES, which wins over LANG; an empty one does not count.
    (["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"], .english),
    (["LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"], .chinese),
    (["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "C"], .english),
    (["LANG": "C", "LC_MESSAGES": "zh_SG.UTF-8"], .chinese),
    (["LC_MESSAGES": "zh_CN.UTF-8", "LC_ALL": "C"], .english),
    (["LANG": "zh_CN.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""], .chinese),
  ])
  func fromTheEnvironment(environment: [String: String], expected: NameLanguage) {
    #expect(NameLanguage.from(environment: environment) == expected, "\(environment)")
  }

  @Test func namesFollowTheLanguage() {
    let hkd = Catalog.currency("HKD")!
    #expect(hkd.name(in: .english) == "Hong Kong Dollar")
    #expect(hkd.name(in: .chinese) == "港币")
  }

  @Test func aCurrencyIsFoundByCodeEnglishOrChineseName() {
    let chf = Catalog.currency("CHF")!
    for query in ["CHF", "ch", "chf", "Swiss", "franc", " swiss ", "瑞士", "法郎", "瑞士法郎"] {
      #expect(chf.matches(query), "\(query)")
    }
    for query in ["", "  ", "wiss", "dollar", "美元", "xyz"] {
      #expect(!chf.matches(query), "\(query)")
    }
  }
}

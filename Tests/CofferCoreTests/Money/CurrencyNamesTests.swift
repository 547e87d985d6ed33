import CofferText
import Testing

@testable import CofferCore

/// A currency's name in each language, and finding a currency by any of its names.
@Suite struct CurrencyNamesTests {
  @Test func namesFollowTheLanguage() {
    let hkd = Catalog.currency("HKD")!
    #expect(hkd.name(in: .english) == "Hong Kong Dollar")
    #expect(hkd.name(in: .simplifiedChinese) == "港币")
    #expect(hkd.name(in: .traditionalChinese) == "港幣")
    #expect(Catalog.currency("TWD")!.name(in: .traditionalChinese) == "新臺幣")
    #expect(Catalog.currency("MOP")!.name(in: .traditionalChinese) == "澳門元")
    #expect(Catalog.currency("JPY")!.name(in: .traditionalChinese) == "日圓")
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

  @Test func eitherScriptFindsACurrency() {
    let hkd = Catalog.currency("HKD")!
    for query in ["港币", "港幣", "港"] { #expect(hkd.matches(query), "\(query)") }
    #expect(Catalog.currency("NZD")!.matches("紐西蘭"))
  }
}

import Testing

@testable import CofferText

@Suite struct PlaceholdersTests {
  @Test func namesAreFoundOnceInOrder() {
    #expect(Placeholders.names(in: "{b} then {a_1} and {b} again") == ["b", "a_1"])
    #expect(Placeholders.names(in: "持有 {count} 种货币，合计 {total}") == ["count", "total"])
  }

  @Test func bracesAroundAnythingElseAreText() {
    #expect(Placeholders.names(in: "{} { a } {1x} {a-b} {é} {unclosed") == [])
    #expect(Placeholders.filling("json {} and {x}") { $0 == "x" ? "1" : nil } == "json {} and 1")
  }

  @Test func valuesGoWhereTheTranslationPutsThem() {
    let values = ["code": "HKD", "suggestion": "HKD"]
    #expect(Placeholders.filling("unknown currency '{code}'") { values[String($0)] } == "unknown currency 'HKD'")
    #expect(Placeholders.filling("{b}{a}") { $0 == "a" ? "1" : "2" } == "21")
  }

  /// A value is put in as it is: braces in it are not read as placeholders.
  @Test func valuesAreNotFilledAgain() {
    #expect(Placeholders.filling("{a}") { $0 == "a" ? "{b}" : "x" } == "{b}")
  }

  @Test func aPlaceholderWithNoValueStaysVisible() {
    #expect(Placeholders.filling("{a} {missing}") { $0 == "a" ? "1" : nil } == "1 {missing}")
  }
}

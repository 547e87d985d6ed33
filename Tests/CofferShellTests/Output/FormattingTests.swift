import CofferCore
import Foundation
import Testing

@testable import CofferShell

func plainOutput() -> Output {
  Output(out: fopen("/dev/null", "w")!, err: fopen("/dev/null", "w")!, color: false, isTerminal: false)
}

@Suite struct FormattingTests {
  @Test func moneyIsGroupedWithSymbolAndMinorUnits() throws {
    let output = plainOutput()
    let usd = try #require(Catalog.currency("USD"))
    let jpy = try #require(Catalog.currency("JPY"))
    let kwd = try #require(Catalog.currency("KWD"))
    #expect(
      MoneyText.format(try #require(try DecimalValue(parsing: "1234567.5")), usd, output: output) == "$1,234,567.50")
    #expect(MoneyText.format(try #require(try DecimalValue(parsing: "150000")), jpy, output: output) == "JP¥150,000")
    #expect(MoneyText.format(try #require(try DecimalValue(parsing: "0.0049")), usd, output: output) == "$0.00")
    #expect(MoneyText.format(try #require(try DecimalValue(parsing: "10.1255")), kwd, output: output) == "KD10.126")
    #expect(MoneyText.format(try #require(try DecimalValue(parsing: "-999.999")), usd, output: output) == "-$1,000.00")
  }

  @Test func fractionalPartIsDimmedWhenColoursAreOn() throws {
    let output = Output(out: fopen("/dev/null", "w")!, err: fopen("/dev/null", "w")!, color: true, isTerminal: true)
    let usd = try #require(Catalog.currency("USD"))
    #expect(MoneyText.format(.one, usd, output: output) == "$1\u{1B}[2m.00\u{1B}[0m")
  }

  @Test func tablesAlignByDisplayWidth() {
    var table = TextTable([.left, .right])
    table.add(["人民币", "1"])
    table.add(["USD", "1000"])
    #expect(table.lines() == ["人民币     1", "USD     1000"])
    #expect(TextTable.displayWidth("\u{1B}[2mab\u{1B}[0m") == 2)
  }

  @Test func tableLinesArePaddedBetweenColumnsAndEndWithoutBlanks() {
    var table = TextTable([.left, .right, .left])
    table.add(["date", "total", ""])
    table.add(["2026-10-31", "¥1,200.00", "partial: no rate for MOP"])
    table.add(["港币", "\u{1B}[1m9\u{1B}[0m", "x "])
    #expect(
      table.lines() == [
        "date            total", "2026-10-31  ¥1,200.00  partial: no rate for MOP",
        "港币                \u{1B}[1m9\u{1B}[0m  x",
      ])
    // An empty cell between two others keeps its column; padding wider than 64 blanks.
    var wide = TextTable([.left, .left, .right])
    wide.add([String(repeating: "w", count: 70), "", "1"])
    wide.add(["a", "b", "22"])
    #expect(
      wide.lines() == [
        String(repeating: "w", count: 70) + "      1", "a" + String(repeating: " ", count: 71) + "b  22",
      ])
  }

  @Test func csvAndJSONQuoteWhatTheyMust() {
    #expect(CSVText.row(["a", "b,c", "say \"hi\""]) == "a,\"b,c\",\"say \"\"hi\"\"\"")
    #expect(JSONText.string("a\"b\\c\n\u{01}") == "\"a\\\"b\\\\c\\n\\u0001\"")
  }

  @Test func suggestionsFindTheNearestNameOrNone() {
    #expect(Suggestions.nearest(to: "UDS", in: ["USD", "EUR", "AUD"]) == "USD")
    #expect(Suggestions.nearest(to: "totl", in: ["total", "holdings"]) == "total")
    #expect(Suggestions.nearest(to: "xyzzy", in: ["total", "holdings"]) == nil)
    #expect(Suggestions.editDistance(Array("ab"), Array("ba")) == 1)
  }
}

@Suite struct CommandWordTests {
  @Test func commandWordsAreLowercasedLikeLowercased() {
    for word in ["total", "TOTAL", "Rates", "sEt", "total_at", "x1", "", "ÉCHO", "Straße"] {
      #expect(word.lowercasedWord == word.lowercased(), "\(word)")
    }
  }
}

@Suite struct WrappingTests {
  @Test func wrapsAtWordsAndNeverBreaksOne() {
    #expect(
      Wrapping.wrap("the total of all holdings in the local currency", width: 20, indent: "  ")
        == ["  the total of all", "  holdings in the", "  local currency"])
    #expect(
      Wrapping.wrap("a supercalifragilistic word", width: 10, indent: "") == ["a", "supercalifragilistic", "word"])
    #expect(Wrapping.wrap("short", width: 80, indent: "    ") == ["    short"])
  }

  @Test func chineseBreaksBetweenCharactersButNotInsideACall() {
    // Prose may break between two Chinese characters; a call as it is typed only at its
    // blanks.
    #expect(Wrapping.wrap("将焦点移到某货币并设置其输入内容", width: 12, indent: "") == ["将焦点移到某", "货币并设置其", "输入内容"])
    let lines = Wrapping.wrap("函数：total() convert(金额, 原货币, 目标货币) value_at(货币, 日期)", width: 24, indent: "")
    #expect(lines == ["函数：total()", "convert(金额, 原货币,", "目标货币) value_at(货币,", "日期)"])
  }
}

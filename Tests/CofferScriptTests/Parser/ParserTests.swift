import Testing

@testable import CofferScript

func parse(_ text: String) throws(ScriptError) -> Expression {
  let line = LogicalLine(source: "test", line: 3, bytes: Array(text.utf8))
  let tokens = try Lexer.tokens(of: line, segment: .init(start: 0, end: line.bytes.count))
  var parser = Parser(line: line, tokens: tokens, endOffset: line.bytes.count)
  let expression = try parser.expression()
  try parser.expectEnd()
  return expression
}

func parseError(_ text: String) -> ScriptError? {
  do {
    _ = try parse(text)
    return nil
  } catch {
    return error
  }
}

@Suite struct ParserTests {
  @Test func precedenceAndAssociativity() throws {
    #expect(
      try parse("1 + 2 * 3")
        == .binary(
          .add, .number("1", at: 0), .binary(.multiply, .number("2", at: 4), .number("3", at: 8), at: 6), at: 2))
    #expect(
      try parse("8 - 2 - 1")
        == .binary(
          .subtract, .binary(.subtract, .number("8", at: 0), .number("2", at: 4), at: 2), .number("1", at: 8), at: 6))
    #expect(try parse("-(1)") == .negate(.number("1", at: 2), at: 0))
  }

  @Test func callsTakeWordsAndExpressions() throws {
    #expect(
      try parse("convert(10 * 2, USD, CNY)")
        == .call(
          "convert",
          arguments: [
            .binary(.multiply, .number("10", at: 8), .number("2", at: 13), at: 11), .word("USD", at: 16),
            .word("CNY", at: 21),
          ], at: 0))
    #expect(try parse("total()") == .call("total", arguments: [], at: 0))
    #expect(
      try parse("total_at(2020-03-16)")
        == .call("total_at", arguments: [.date(year: 2020, month: 3, day: 16, at: 9)], at: 0))
  }

  @Test func errorsNameThePlaceAndWhatWasExpected() {
    #expect(parseError("1 +")?.description == "test:3:4: error: expected a value")
    #expect(parseError("(1 + 2")?.description == "test:3:7: error: expected ')' to close the '(' at column 1")
    #expect(parseError("1 2")?.description == "test:3:3: error: unexpected number 2; expected the end of the statement")
    #expect(
      parseError("USD")?.message == "unexpected word 'USD'; expected a value (a number, $variable or function call)")
    #expect(parseError("amount(USD")?.message == "expected ',' or ')' in the call of amount")
  }

  @Test func nestingIsLimitedTo64() throws {
    let ok = String(repeating: "(", count: 64) + "1" + String(repeating: ")", count: 64)
    #expect(try parse(ok) == .number("1", at: 64))
    let deep = String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65)
    let error = parseError(deep)
    #expect(error?.message == "expression nested deeper than 64 levels")
    #expect(error?.location.column == 65)
    #expect(parseError(String(repeating: "-", count: 65) + "1")?.message == "expression nested deeper than 64 levels")
  }
}

import Testing

@testable import CofferScript

/// Lexes a whole line as one statement.
func lex(_ text: String) throws(ScriptError) -> [Token.Kind] {
  let line = LogicalLine(source: "test", line: 1, bytes: Array(text.utf8))
  return try Lexer.tokens(of: line, segment: .init(start: 0, end: line.bytes.count)).map(\.kind)
}

/// The error a line gives, as `column: message`.
func lexError(_ text: String) -> (column: Int, message: String)? {
  do {
    _ = try lex(text)
    return nil
  } catch {
    return (error.location.column, error.message)
  }
}

@Suite struct LexerTests {
  @Test func wordsNumbersAndSymbols() throws {
    #expect(
      try lex("set USD 1_200.50") == [.word("set"), .word("USD"), .number("1_200.50")])
    #expect(
      try lex(".5 + 3*(2-1)") == [
        .number(".5"), .symbol("+"), .number("3"), .symbol("*"), .symbol("("), .number("2"), .symbol("-"),
        .number("1"), .symbol(")"),
      ])
    #expect(
      try lex("a <= b != c == d >= e < f > g") == [
        .word("a"), .symbol("<="), .word("b"), .symbol("!="), .word("c"), .symbol("=="), .word("d"),
        .symbol(">="), .word("e"), .symbol("<"), .word("f"), .symbol(">"), .word("g"),
      ])
    #expect(try lex("holdings --format json") == [.word("holdings"), .option("format"), .word("json")])
    #expect(try lex("print $rent") == [.word("print"), .variable("rent")])
    #expect(try lex("source my-file.coffer") == [.word("source"), .word("my-file.coffer")])
  }

  @Test func datesAreOneToken() throws {
    #expect(try lex("2020-03-16") == [.date(year: 2020, month: 3, day: 16)])
    #expect(try lex("2024-02-29") == [.date(year: 2024, month: 2, day: 29)])
    #expect(lexError("x 2023-02-29")?.message == "invalid date '2023-02-29'")
    #expect(lexError("2026-13-01")?.column == 1)
  }

  @Test(arguments: [
    ("12abc", 1, "malformed number '12abc'"),
    ("1.2.3", 1, "malformed number '1.2.3'"),
    ("print 1,000", 7, "malformed number '1,000'; use _ to group digits"),
    ("5.", 1, "malformed number '5.'; expected digits after '.'"),
    ("1__0", 1, "malformed number '1__0'"),
    ("\"abc", 1, "unterminated string; expected a closing \""),
    ("'abc", 1, "unterminated string; expected a closing '"),
    ("\"a\\q\"", 3, "unknown escape '\\q' in string; use \\\" \\\\ \\n \\t or \\u{HEX}"),
    ("\"a\\u{110000}\"", 3, "\\u{…} takes 1 to 6 hex digits naming a Unicode scalar"),
    ("\"a\\u1b\"", 3, "expected '{' after \\u in a string (\\u{1b})"),
    ("$", 1, "expected a variable name after '$'"),
    ("a ! b", 3, "unexpected '!'; did you mean '!='?"),
    ("café ¥", 4, "unexpected character 'é'"),
  ])
  func malformedInputIsAnErrorAtItsPlace(text: String, column: Int, message: String) {
    let error = lexError(text)
    #expect(error?.column == column)
    #expect(error?.message == message)
  }

  @Test func commaSeparatesArgumentsInsideCalls() throws {
    #expect(
      try lex("round(1,000)") == [
        .word("round"), .symbol("("), .number("1"), .symbol(","), .number("000"), .symbol(")"),
      ])
  }

  @Test func stringsResolveEscapesAndRawStringsDoNot() throws {
    #expect(try lex(#""a\"b\\c\nd\te""#) == [.string("a\"b\\c\nd\te")])
    #expect(try lex(#"'a\nb'"#) == [.string(#"a\nb"#)])
    #expect(try lex("\"中文 ¥\"") == [.string("中文 ¥")])
    // Any scalar by its hex value, as messages and dumps write a control character.
    #expect(try lex(#""x\u{1b}]0;\u{7}y \u{263A}""#) == [.string("x\u{1B}]0;\u{7}y ☺")])
  }

  @Test func columnsCountCharactersNotBytes() {
    // 'é' and '¥' are two bytes each; the bad number starts at the 6th character.
    let error = lexError("\"é¥\" 3x")
    #expect(error?.column == 6)
    #expect(error?.message == "malformed number '3x'")
  }
}

import Testing

@testable import CofferScript

/// A grammar like `convert`'s: a value, two codes, an optional keyword and an optional
/// dated part, with a `--format` option; read back through its typed slots.
private let amount = TypedSlot.expression("X", "an amount to convert")
private let source = TypedSlot.currency("FROM")
private let target = TypedSlot.currency("TO")
private let date = TypedSlot.expression("DATE", "a date after 'at'")
private let convert = Grammar.sequence([
  .slot(amount), .slot(source), .optional(.keyword("to")), .slot(target),
  .optional(.sequence([.keyword("at"), .slot(date)])),
])
private enum Shape: String, CaseIterable, Sendable {
  case table, json
}
private let format = ValueOption<Shape>("format", valueError: "--format takes table or json")
private let force = Flag("force")
private let code = TypedSlot.currency()

private func statement(_ text: String) -> Parser {
  let line = LogicalLine(source: "t", line: 1, bytes: Array(text.utf8))
  var parser = Parser(line: line, segment: .init(start: 0, end: line.bytes.count))
  _ = parser.advance()
  return parser
}

private func read(_ text: String, _ grammar: Grammar, options: [OptionSpec] = []) throws(ScriptError) -> Arguments {
  try StatementReader.read(statement(text), command: "cmd", commandOffset: 0, grammar: grammar, options: options)
}

private func readError(_ text: String, _ grammar: Grammar, options: [OptionSpec] = []) -> String? {
  do {
    _ = try read(text, grammar, options: options)
    return nil
  } catch {
    return error.description
  }
}

@Suite struct StatementReaderTests {
  @Test func usageLinesComeFromTheGrammar() {
    #expect(convert.usage == "X FROM [to] TO [at DATE]")
    #expect(Grammar.repeated(.slot(code)).usage == "[C...]")
    #expect(Grammar.choice([.keyword("all"), .slot(code)]).usage == "all|C")
    #expect(Grammar.none.usage == "")
  }

  @Test func readsTypedArgumentsBySlot() throws {
    let arguments = try read(
      "convert 100 * 2 USD to CNY at 2024-01-02 --format json", convert, options: [format.spec])
    #expect(arguments[amount] == .binary(.multiply, .number("100", at: 8), .number("2", at: 14), at: 12))
    #expect(arguments[source] == Written("USD", at: 16))
    #expect(arguments[target] == Written("CNY", at: 23))
    #expect(arguments.has(keyword: "to"))
    #expect(arguments.offset(of: "at") == 27)
    #expect(arguments.text(of: amount) == "100 * 2")
    #expect(arguments[format] == Written(.json, at: 50))
    let short = try read("convert 1 USD CNY", convert)
    #expect(!short.has(keyword: "to") && short[date] == nil && short[format] == nil)
  }

  @Test func aRequiredSlotReadsOrFailsAsTheGrammarWould() throws {
    let arguments = try read("convert 1 USD CNY", convert)
    #expect(try arguments.required(target) == Written("CNY", at: 14))
    // A slot this statement did not read (of another grammar) is no value of it.
    #expect(throws: ScriptError.self) { try arguments.required(code) }
  }

  @Test func errorsSayWhatWasExpectedAndWhere() {
    #expect(readError("convert", convert) == "t:1:8: error: expected an amount to convert")
    #expect(readError("convert 1 USD to", convert) == "t:1:17: error: expected a currency code such as USD")
    #expect(
      readError("convert 1 USD CNY extra", convert)
        == "t:1:19: error: unexpected 'extra'; expected the end of the statement")
    #expect(readError("convert 12abc USD CNY", convert) == "t:1:9: error: malformed number '12abc'")
    #expect(
      readError("convert 1 USD CNY --colour", convert, options: [format.spec])
        == "t:1:19: error: unknown option --colour for cmd; expected --format")
    #expect(
      readError("convert 1 USD CNY --format xml", convert, options: [format.spec])
        == "t:1:28: error: --format takes table or json")
    #expect(readError("cmd all", .choice([.keyword("none"), .slot(code)])) == nil)
    #expect(
      readError("cmd 5", .choice([.keyword("all"), .slot(code)]))
        == "t:1:5: error: expected 'all' or a currency code such as USD, found number 5")
  }

  @Test func pathsAreTheRestAsWrittenOrOneQuotedString() throws {
    let file = TypedSlot.path("FILE", "a file")
    let path = Grammar.slot(file)
    #expect(try read("source /tmp/a-b.csv", path)[file] == Written("/tmp/a-b.csv", at: 7))
    #expect(try read("source http://host:8080/x.xml?a=1", path)[file] == Written("http://host:8080/x.xml?a=1", at: 7))
    #expect(try read("source \"my \\\"rates\\\"\\n.csv\"", path)[file] == Written("my \"rates\"\n.csv", at: 7))
    #expect(try read("source 'a b.csv'  ", path)[file] == Written("a b.csv", at: 7))
    #expect(readError("source", path) == "t:1:7: error: expected a file")
  }

  @Test func aFileIsOnePathUpToABlankAndOptionsMayFollowIt() throws {
    let slot = TypedSlot.file("FILE", "a file")
    let file = Grammar.slot(slot)
    let options = [force.spec]
    let plain = try read("backup /tmp/a-b.db --force", file, options: options)
    #expect(plain[slot] == Written("/tmp/a-b.db", at: 7))
    #expect(plain.has(force))
    #expect(
      try read("backup --force ~/x/2026-11-22.db", file, options: options)[slot] == Written("~/x/2026-11-22.db", at: 15)
    )
    #expect(
      try read("backup 'my backups/c.db' --force", file, options: options)[slot] == Written("my backups/c.db", at: 7))
    #expect(try read("backup ../c.db", file)[slot] == Written("../c.db", at: 7))
    #expect(try !read("backup ../c.db", file).has(force))
    #expect(readError("backup a b", file) == "t:1:10: error: unexpected 'b'; expected the end of the statement")
    #expect(readError("backup /tmp/\"a b\"", file) == "t:1:8: error: a path with blanks must be quoted whole (\"…\")")
    #expect(readError("backup", file) == "t:1:7: error: expected a file")
    // After a date, `/tmp/x` is the path that comes next, not a division.
    let dated = Grammar.sequence([.keyword("to"), .slot(date), .optional(file)])
    let arguments = try read("export to 2026-01-01 /tmp/x.ledger", dated)
    #expect(arguments[slot] == Written("/tmp/x.ledger", at: 21))
  }

  @Test func theSheetsDraftsAreKeptAsTyped() throws {
    let text = TypedSlot.text("DRAFT", "an amount")
    let draft = Grammar.sequence([.slot(code), .optional(.slot(text))])
    #expect(try read("focus USD 12abc ", draft)[text] == Written("12abc", at: 10))
    #expect(try read("focus USD", draft)[text] == nil)
  }

  @Test func expectationsListWhatMayComeNext() {
    func next(_ text: String) -> [String] {
      StatementReader.expectations(after: statement(text), grammar: convert).map(\.usage)
    }
    #expect(next("convert ") == ["X"])
    #expect(next("convert 5 ") == ["FROM"])
    #expect(next("convert 5 USD ") == ["to", "TO"])
    #expect(next("convert 5 USD to CNY ") == ["at"])
    #expect(next("convert 5 USD to CNY at ") == ["DATE"])
  }
}

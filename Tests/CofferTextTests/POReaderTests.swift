import Testing

@testable import CofferText

@Suite struct POReaderTests {
  private func entries(_ text: String) throws(POReader.Failure) -> [POEntry] {
    try POReader.entries(Array(text.utf8))
  }

  private func failure(_ text: String) -> POReader.Failure? {
    do {
      _ = try entries(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsEntriesWithCommentsHeaderAndContinuations() throws {
    let read = try entries(
      """
      # translator's comment
      msgid ""
      msgstr ""
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Plural-Forms: nplurals=1; plural=0;\\n"

      #. extracted comment
      #: Sources/a.swift:1
      msgid "total in {code}"
      msgstr "合计（{code}）"

      msgid ""
      "held "
      "{count} day"
      msgid_plural "held {count} days"
      msgstr[0] "持有 {count} 天"
      """)
    #expect(read.count == 3)
    #expect(read[0].isHeader)
    #expect(read[0].translations == ["Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=1; plural=0;\n"])
    #expect(read[1] == POEntry(id: "total in {code}", translations: ["合计（{code}）"], line: 9))
    #expect(read[2].id == "held {count} day")
    #expect(read[2].idPlural == "held {count} days")
    #expect(read[2].translations == ["持有 {count} 天"])
    #expect(read[2].line == 12)
  }

  @Test func undoesCEscapes() throws {
    let read = try entries(#"msgid "a \"b\" \\ c\n\td"  "# + "\n" + #"msgstr "x\\y\r\a\?""#)
    #expect(read.first?.id == "a \"b\" \\ c\n\td")
    #expect(read.first?.translations == ["x\\y\r\u{7}?"])
  }

  @Test func contextsTellApartTheSameMessage() throws {
    let read = try entries(
      """
      msgctxt "column"
      msgid "rate"
      msgstr "汇率"

      msgid "rate"
      msgstr "费率"
      """)
    #expect(read.map(\.key) == ["column\u{4}rate", "rate"])
    #expect(read.map(\.context) == ["column", nil])
  }

  @Test func fuzzyAndObsoleteEntriesAreNotUsed() throws {
    let read = try entries(
      """
      #, fuzzy, c-format
      msgid "guess"
      msgstr "猜"
      #~ msgid "gone"
      #~ msgstr "走了"
      msgid "sure"
      msgstr "确定"
      """)
    #expect(read.map(\.id) == ["guess", "sure"])
    #expect(read.map(\.isFuzzy) == [true, false])
    let catalog = MessageCatalog(read)
    #expect(catalog.translation("guess") == nil)
    #expect(catalog.translation("sure") == "确定")
  }

  @Test func windowsLineEndsAndIndentationAreRead() throws {
    let read = try entries("msgid \"a\"\r\n  msgstr \"b\"\r\n")
    #expect(read.first?.translations == ["b"])
  }

  @Test(arguments: [
    ("msgid \"a\"\n", 1, "msgid without a msgstr"),
    ("msgid \"a\"\nmsgstr \"b\"\nmsgid \"a\"\nmsgstr \"c\"\n", 3, "a second entry for the same msgid"),
    ("msgid \"a\nmsgstr \"b\"\n", 1, "a string with no closing quote"),
    ("msgid \"a\" x\nmsgstr \"b\"\n", 1, "text after the closing quote"),
    ("msgid \"a\\q\"\nmsgstr \"b\"\n", 1, "unknown escape '\\q'"),
    ("msgid a\nmsgstr \"b\"\n", 1, "'msgid' needs a string in double quotes"),
    ("\"a\"\n", 1, "a string that continues no keyword"),
    ("msgstr \"b\"\n", 1, "msgstr before any msgid"),
    ("msgid \"a\"\nmsgstr[0] \"b\"\n", 2, "msgstr[N] without msgid_plural"),
    ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"b\"\n", 3, "a plural message needs msgstr[N]"),
    ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[1] \"b\"\n", 3, "msgstr[0] expected here"),
    ("msgid \"a\"\nmsgstr \"b\"\nmsgid_plural \"as\"\n", 3, "msgid_plural must follow its msgid"),
    ("msgfoo \"a\"\n", 1, "unknown keyword 'msgfoo'"),
    ("msgctxt \"c\"\n", 2, "msgctxt without a msgid"),
  ])
  func malformedCatalogsAreRefusedWithTheirLine(text: String, line: Int, message: String) {
    #expect(failure(text) == POReader.Failure(line: line, message: message))
  }

  @Test func textThatIsNotUTF8IsRefused() {
    #expect(throws: POReader.Failure.self) {
      try POReader.entries(Array("msgid \"a\"\nmsgstr \"".utf8) + [0xFF] + Array("\"\n".utf8))
    }
  }
}

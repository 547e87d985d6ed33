import Testing

/// The scanner the catalog tests stand on: it must find each call the compiler sees, read
/// its literals as Swift does, and see through comments and other strings.
@Suite struct MessageCallScannerTests {
  private func scan(_ source: String) -> MessageCallScanner { MessageCallScanner(source, file: "a.swift") }

  @Test func callsWithValuesAndPlurals() {
    let scanner = scan(
      #"""
      let a = tr("unknown currency '{code}'", ["code": code])
      let b = tr(
        "{count} change", "{count} changes",
        count: changes.count(where: { $0 > 1 }), ["place": name, "x": f(["no": 1])])
      let c = tr("plain")
      """#)
    #expect(scanner.problems == [])
    #expect(scanner.calls.map(\.id) == ["unknown currency '{code}'", "{count} change", "plain"])
    #expect(scanner.calls.map(\.plural) == [nil, "{count} changes", nil])
    #expect(scanner.calls.map(\.keys) == [["code"], ["place", "x"], []])
    #expect(scanner.calls.map(\.line) == [1, 2, 5])
  }

  @Test func commentsStringsDefinitionsAndMembersAreNoCalls() {
    let scanner = scan(
      #"""
      /// Writes tr("in a doc comment").
      // tr("in a comment")
      /* tr("in a /* nested */ block") */
      let s = "tr(\"in a string\")"
      let r = #"tr("in a raw string")"#
      package func tr(_ message: StaticString) -> String { "" }
      let m = x.tr("a member")
      let attr = str("not tr") + attr("either")
      """#)
    #expect(scanner.calls.isEmpty)
    #expect(scanner.problems.isEmpty)
  }

  @Test func literalsAreDecodedAsSwiftDoes() {
    let scanner = scan(
      #"""
      tr("a \"quoted\" \\ tab\tline\n\u{4E2D}")
        tr("""
          first line
            indented \
          joined
          """)
      """#)
    #expect(scanner.calls.map(\.id) == ["a \"quoted\" \\ tab\tline\n中", "first line\n  indented joined"])
  }

  @Test func aCallInsideValuesIsFound() {
    let scanner = scan(#"tr("outer {inner}", ["inner": tr("inner")])"#)
    #expect(scanner.calls.map(\.id) == ["outer {inner}", "inner"])
  }

  /// A message that is not a literal cannot be checked against the catalogs: a problem.
  @Test func aMessageThatIsNotALiteralIsAProblem() {
    let scanner = scan("let m = tr(message)\nlet n = tr(#\"raw\"#)")
    #expect(scanner.calls.isEmpty)
    #expect(scanner.problems.count == 2)
    #expect(scanner.problems.first?.hasPrefix("a.swift:1:") == true)
  }

  /// Values that are not a dictionary literal are not read (nil), not taken for none.
  @Test func valuesNotWrittenOutAreUnknown() {
    #expect(scan(#"tr("a {x}", values)"#).calls.first?.keys == nil)
  }
}

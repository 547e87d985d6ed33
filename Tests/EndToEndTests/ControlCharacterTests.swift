import Foundation
import Testing

/// Text that comes from a file or a person (a rates file's name kept as the source, a
/// source's URL) is shown with its control characters escaped, in every format: a
/// listing never retitles the window or colours the terminal for whoever named a file.
@Suite struct ControlCharacterTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/escapes.db"
  }

  func run(_ commands: String) throws -> Outcome {
    try coffer.run(["--db", database, "-c", commands])
  }

  @Test func aFileNameKeptAsTheSourceIsEscapedInEveryFormat() throws {
    let name = "x\u{1B}]0;PWNED\u{7}.csv"
    try coffer.write(name, "date,code,rate\n2026-11-01,USD,1.1\n2026-11-01,CNY,8\n")
    let script = try coffer.write("import.coffer", "rates import \"\(name)\"\nset USD 1\n")
    #expect(
      try coffer.run(["--db", database, script])
        == Outcome(
          stdout: "imported 2 rates for 2 currencies over 1 day (CSV; 2 new or changed)\n", stderr: "", status: 0))
    let shown = #"x\u{1b}]0;PWNED\u{7}.csv"#
    #expect(
      try run("rates USD; rates USD --format csv; holdings; holdings --format plain")
        == Outcome(
          stdout: """
            1 USD = 7.2727272727 CNY  2026-11-01  \(shown)  stale
            code,rate,local,date,source,stale
            USD,7.2727272727,CNY,2026-11-01,\(shown),true
            code  name       amount          rate  value (CNY)  as of
            USD   US Dollar   $1.00  7.2727272727        ¥7.27  2026-11-01 \(shown)
            total ¥7.27 CNY (1 holding)
            USD 1

            """,
          // The rate, of 2026-11-01, is older than max-age before today (2026-11-22).
          stderr: String(repeating: "note: rates as old as 2026-11-01 (21 days) for CNY, USD\n", count: 2), status: 0))
    // JSON escapes as JSON does: the value is the file's name exactly.
    let json = try run("rates USD --format json; holdings --format json")
    #expect(json.status == 0)
    #expect(
      json.stdout
        == """
        {"local":"CNY","rates":[{"code":"USD","rate":"7.2727272727","date":"2026-11-01","source":"x\\u001b]0;PWNED\\u0007.csv","stale":true}]}
        {"local":"CNY","holdings":[{"code":"USD","place":"","amount":"1","rate":"7.2727272727","value":"7.27","date":"2026-11-01","source":"x\\u001b]0;PWNED\\u0007.csv"}],"total":"7.27","missing":[],"oldest_rate":{"date":"2026-11-01","days":21,"currencies":["CNY","USD"]}}

        """)
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
    let rates = try #require(parsed["rates"] as? [[String: Any]])
    #expect(rates.first?["source"] as? String == name)
  }

  @Test func c1AndBidirectionalControlsAreEscapedToo() throws {
    // U+009B is a CSI to a terminal in UTF-8 mode; U+202E reverses what follows.
    let name = "a\u{9B}31m\u{202E}b.csv"
    try coffer.write(name, "date,code,rate\n2026-11-01,USD,1.1\n2026-11-01,CNY,8\n")
    let script = try coffer.write("import.coffer", "rates import '\(name)'\n")
    #expect(try coffer.run(["--db", database, script]).status == 0)
    let outcome = try run("rates USD --format csv; rates USD --format json")
    #expect(
      outcome.stdout
        == """
        code,rate,local,date,source,stale
        USD,7.2727272727,CNY,2026-11-01,a\\u{9b}31m\\u{202e}b.csv,true
        {"local":"CNY","rates":[{"code":"USD","rate":"7.2727272727","date":"2026-11-01","source":"a\\u009b31m\\u202eb.csv","stale":true}]}

        """)
  }

  @Test func aSourceURLWithAControlCharacterIsRefusedAtItsPlaceAndOneInTheStoreIsEscaped() throws {
    let script = try coffer.write(
      "sources.coffer",
      """
      rates sources add bad "https://example.org/\u{1B}[31mred"
      rates sources add bad https://example.org/\u{9B}x
      rates fetch "https://example.org/\u{7}"

      """)
    #expect(
      try coffer.run(["--db", database, "--keep-going", script])
        == Outcome(
          stdout: "",
          stderr: """
            \(script):1:44: error: a URL cannot hold a control character (\\u{1b})
            \(script):2:43: error: a URL cannot hold a control character (\\u{9b})
            \(script):3:34: error: a URL cannot hold a control character (\\u{7})

            """, status: 1))
    // One that got into the store some other way (an older Coffer, another program).
    let sqlite = try coffer.run(
      [
        "sqlite3", database,
        "INSERT INTO rate_source (position, name, url, currencies) VALUES (9, 'old', 'https://example.org/' || char(27) || ']0;PWNED' || char(7), '')",
      ], binary: "/usr/bin/env")
    #expect(sqlite.status == 0, "\(sqlite)")
    // Coffer never writes such a row: it is damage, named (escaped) by every command
    // that reads the sources and by `check`, never printed raw.
    let listed = try run("rates sources")
    #expect(listed.status == 3)
    #expect(listed.stdout == "")
    #expect(
      listed.stderr.contains(#"rate_source row 9 (name 'old'): url 'https://example.org/\u{1b}]0;PWNED\u{7}'"#),
      "\(listed)")
    let check = try run("check")
    #expect(check.status == 3)
    #expect(
      check.stdout.contains(#"damaged: rate_source row 9 (name 'old'): url 'https://example.org/\u{1b}]0;PWNED\u{7}'"#))
    #expect(!listed.stderr.contains("\u{1B}") && !check.stdout.contains("\u{1B}"))
  }
}

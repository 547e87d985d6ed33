import Foundation
import Testing

/// Files that name places and added units (SPEC §11) through the binary: `holdings
/// import` with a `place` column, the file `holdings --format csv` writes read back, the
/// write rule of a bare code for rows without a place, bad rows named by FILE:LINE:COL,
/// and rates files whose rows for a unit added with `units add` are imported (skipped, as
/// any unknown code, before it exists).
///
/// Rates: 1 EUR = 8 CNY; 1 EUR = 1.25 USD from 2025-01-01, 2 from 2025-06-01 (so 1 USD is
/// 4 CNY today, 2026-11-22): every value here is worked out by hand.
@Suite struct PlacesImportTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/places-import.db" }

  init() throws {
    let rates = try coffer.write(
      "rates.csv",
      """
      date,code,rate
      2025-01-01,CNY,8
      2025-01-01,USD,1.25
      2025-06-01,USD,2
      2025-06-01,CNY,8

      """)
    // These rates alone, not the compiled-in ones a new store starts with.
    let outcome = try coffer.run(["--db", database, "-c", "rates clear --yes; rates import \(rates)"])
    #expect(outcome.status == 0, "\(outcome)")
  }

  func run(_ script: String, database: String? = nil) throws -> Outcome {
    try coffer.run(["--db", database ?? self.database, "-c", script])
  }

  /// The log's rows as `effective,code,place,old,new` (without when they were entered).
  func log() throws -> [String] {
    try run("log --format csv").stdout.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
    }
  }

  // MARK: - holdings import with places

  @Test func aPlaceColumnPutsEachRowAtItsPlaceMatchedAsSetMatchesIt() throws {
    // Wise is listed as first written; the file's `wise` and `WISE` are that place.
    #expect(try run("set USD@Wise 1 at 2024-12-01").status == 0)
    let file = try coffer.write(
      "places.csv",
      """
      date,code,amount,place
      2025-01-31,USD,100,wise
      2025-02-28,usd,120,WISE
      2025-01-31,USD,5,
      2025-01-31,EUR,7,"N26 joint"
      2025-01-31,CNY,1000,招商银行
      2025-01-31,JPY,300,Caf\u{65}\u{301}

      """)
    let outcome = try run("holdings import \(file)")
    #expect(
      outcome
        == Outcome(
          stdout: "imported 6 balances of 4 currencies over 2 days (6 new; 0 already recorded)\n", stderr: "",
          status: 0))
    // An empty cell is the unnamed place; é written as e and a combining accent is NFC é.
    let read = try run(
      #"print amount(USD@wise) amount(USD@"") amount(USD) amount(EUR@"N26 joint") amount(CNY@招商银行) amount(JPY@Caf\#u{e9})"#
    )
    #expect(read.stdout == "120\n5\n125\n7\n1000\n300\n", "\(read)")
    #expect(
      try log() == [
        // Latest first; of one day, the last written first (written by code, then place, in
        // the order of SQLite's text: the journal's index by holding).
        "effective,code,place,old,new", "2025-02-28,USD,Wise,100,120", "2025-01-31,USD,Wise,1,100",
        "2025-01-31,USD,,0,5", "2025-01-31,JPY,Café,0,300", "2025-01-31,EUR,N26 joint,0,7",
        "2025-01-31,CNY,招商银行,0,1000", "2024-12-01,USD,Wise,0,1",
      ])
    let places = try run("places --format csv")
    #expect(places.stdout.contains("\nCafé,JPY,300,"), "\(places)")
    #expect(places.stdout.contains("\nN26 joint,EUR,7,56,CNY\n"), "\(places)")
    // Importing the same file again writes nothing new.
    #expect(try run("holdings import \(file)").stdout.contains("(0 new; 6 already recorded)"))
  }

  @Test func whatHoldingsWritesAsCSVImportsBackIntoAnotherStore() throws {
    #expect(try run(#"set USD 5; set USD@wise 100; set EUR@"N26 joint" 7.5; set CNY@招商银行 1000"#).status == 0)
    let listed = try run("holdings --format csv")
    #expect(
      listed.stdout
        == """
        code,place,amount,value,local
        CNY,招商银行,1000,1000,CNY
        USD,,5,20,CNY
        USD,wise,100,400,CNY
        EUR,N26 joint,7.5,60,CNY

        """, "\(listed)")
    let file = try coffer.write("holdings.csv", listed.stdout)
    let other = coffer.home + "/other.db"
    #expect(try run("rates clear --yes; local CNY", database: other).status == 0)
    let imported = try run("holdings import \(file)", database: other)
    #expect(imported.stdout == "imported 4 balances of 3 currencies over 1 day (4 new; 0 already recorded)\n")
    // The same holdings, as today's amounts (a listing has no date).
    let again = try run(
      #"print amount(USD@wise) amount(USD@"") amount(EUR@"n26 JOINT") amount(CNY); log --format csv"#, database: other)
    #expect(again.stdout.hasPrefix("100\n5\n7.5\n1000\n"), "\(again)")
    #expect(again.stdout.contains("\n2026-11-22,USD,wise,0,100,"), "\(again)")
  }

  @Test func aRowWithoutAPlaceFollowsTheWriteRuleOfABareCode() throws {
    // USD is held at wise alone on 2025-03-01: a bare USD row goes there, as `set` would.
    #expect(try run("set USD@wise 50 at 2025-01-01").status == 0)
    let file = try coffer.write("bare.csv", "date,code,amount\n2025-03-01,USD,60\n2025-03-01,EUR,1\n")
    #expect(try run("holdings import \(file)").status == 0)
    #expect(try run(#"print amount(USD@wise) amount(USD@"") amount(EUR@"")"#).stdout == "60\n0\n1\n")
    // Held at two places on that day, a bare row is refused naming them, and its cell.
    #expect(try run("set USD@cash 1 at 2025-02-01").status == 0)
    let second = try coffer.write("bare2.csv", "date,code,amount\n2025-01-15,EUR,2\n2025-03-02,USD,70\n")
    let refused = try run("holdings import \(second)")
    #expect(
      refused.stderr
        == "<command>:1:17: error: bare2.csv:3:12: USD is held at 2 places (cash, wise): say which, e.g. USD@cash; "
        + "nothing imported\n", "\(refused)")
    #expect(try run("print amount_at(EUR, 2025-01-15)").stdout == "0\n", "nothing of the file was written")
  }

  @Test(arguments: [
    (
      "date,code,amount,place\n2025-01-01,USD,1,\"a\tb\"\n",
      "2:18: 'a\\u{9}b' cannot name a place: a place name cannot hold control characters"
    ),
    ("date,code,amount,place\n2025-01-01,USD,1,a@b\n", "2:18: 'a@b' cannot name a place: a place name cannot hold '@'"),
    (
      "date,code,amount,place\n2025-01-01,USD,1,\"  \"\n",
      "2:18: '  ' cannot name a place: a place name cannot be only blanks"
    ),
    (
      "date,code,amount,place\n2025-01-01,USD,1,wise\n2025-01-01,XAU,1,招商银行\n",
      "3:12: 'XAU' is not a currency Coffer knows (nor a unit added with 'units add')"
    ),
    (
      "date,code,amount,place\n2025-01-01,BTC,0.123456789,wallet\n",
      "2:16: BTC 0.123456789: BTC allows 8 decimal places; 0.123456789 has 9"
    ),
    (
      "date,code,amount,place\n2025-01-01,USD,1,wise\n2025-01-01,USD,2,WISE\n",
      "line 3: USD@wise on 2025-01-01 is given twice (lines 2 and 3)"
    ),
    ("date,code,amount,place\n2025-01-01,USD,1\n", "line 2: 3 cells where the header has 4"),
    (
      "date,code,amount,shop\n2025-01-01,USD,1,x\n",
      "line 1: 'shop' is not a column holdings import reads (the header is date,code,amount and, if any, place)"
    ),
  ])
  func aBadRowIsNamedByFileLineAndColumnAndNothingIsImported(contents: String, problem: String) throws {
    #expect(try run(#"units add BTC "Bitcoin" minor 8; set GBP 1"#).status == 0)
    let file = try coffer.write("bad.csv", contents)
    let outcome = try run("holdings import \(file)")
    #expect(outcome.status == 1)
    let location = problem.hasPrefix("line ") ? "bad.csv: " : "bad.csv:"
    #expect(outcome.stderr == "<command>:1:17: error: \(location)\(problem); nothing imported\n")
    #expect(try log().count == 2, "only GBP's entry")
  }

  @Test func codesOfAddedUnitsAreImportedWithTheirMinorUnits() throws {
    let file = try coffer.write("gold.csv", "date,code,amount,place\n2025-01-01,xau,1.125,vault\n2025-02-01,BTC,0.5,\n")
    let before = try run("holdings import \(file)")
    #expect(before.stderr.contains("gold.csv:2:12: 'xau' is not a currency Coffer knows"), "\(before)")
    #expect(try run(#"units add XAU "Gold ounce" minor 3; units add BTC "Bitcoin" minor 8"#).status == 0)
    #expect(try run("holdings import \(file)").status == 0)
    #expect(try run("print amount(XAU@vault) amount(BTC)").stdout == "1.125\n0.5\n")
  }

  // MARK: - Rates files naming an added unit

  /// One rates file per format Coffer reads, each giving XAU (and an unknown QQQ) on
  /// 2025-01-02: 0.0004 XAU to the euro, so an ounce is 2,500 EUR, 20,000 CNY.
  static let ratesFiles: [(name: String, contents: String, format: String)] = [
    ("long.csv", "date,code,rate\n2025-01-02,XAU,0.0004\n2025-01-02,QQQ,3\n", "CSV"),
    ("wide.csv", "Date,XAU,QQQ,\n2025-01-02,0.0004,3,\n", "ECB CSV"),
    ("snapshot.json", #"{"base": "EUR", "date": "2025-01-02", "rates": {"XAU": 0.0004, "QQQ": 3}}"#, "JSON"),
    (
      "usd-based.csv",
      "date,code,rate,base\n2025-01-02,EUR,0.8,USD\n2025-01-02,XAU,0.00032,USD\n2025-01-02,QQQ,3,USD\n", "CSV"
    ),
  ]

  @Test(arguments: ratesFiles)
  func aRatesFileNamingAnAddedUnitIsSkippedBeforeUnitsAddAndImportedAfter(
    name: String, contents: String, format: String
  ) throws {
    let file = try coffer.write(name, contents)
    // Before `units add`: XAU is a code like any unknown one, skipped.
    let before = try run("rates import \(file)")
    #expect(before.status == 0, "\(before)")
    #expect(before.stdout.contains("skipped 2 unknown currencies"), "\(before)")
    #expect(try run(#"units add XAU "Gold ounce" minor 3; set XAU 1"#).status == 0)
    #expect(try run("print value(XAU)").status == 1, "no rate yet")
    // After: its row is imported, and `rates` and `value` use it.
    let after = try run("rates import \(file)")
    #expect(after.stdout.contains("(\(format); "), "\(after)")
    #expect(after.stdout.contains("skipped 1 unknown currency"), "\(after)")
    #expect(!after.stdout.contains("imported 0 rates"), "\(after)")
    #expect(try run("print value(XAU)").stdout == "20000\n")
    let listed = try run("rates --format csv")
    #expect(listed.stdout.contains("\nXAU,20000,"), "\(listed)")
  }

  @Test func anECBXMLFileNamingAnAddedUnitIsImportedAfterUnitsAdd() throws {
    let xml = try coffer.write(
      "daily.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        <Cube><Cube time='2025-01-02'><Cube currency='USD' rate='1.25'/><Cube currency='XAU' rate='0.0004'/></Cube></Cube>
      </gesmes:Envelope>

      """)
    let before = try run("rates import \(xml)")
    #expect(
      before.stdout.contains("imported 1 rates") && before.stdout.contains("skipped 1 unknown currency"), "\(before)")
    #expect(try run(#"units add XAU "Gold ounce" minor 3; rates import \#(xml)"#).stdout.contains("imported 2 rates"))
    #expect(try run("set XAU@vault 2; print value(XAU)").stdout == "40000\n")
  }
}

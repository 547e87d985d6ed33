import Foundation
import Synchronization
import Testing

/// Places and units beyond the catalog (SPEC §11) through the binary: `C@PLACE` in every
/// command that names a holding, the write rule for a bare code, `move`, the lists of
/// places and units, the outputs programs read, `dump` round trips, and bad input.
///
/// Rates: 1 EUR = 8 CNY; 1 EUR = 1.25 USD from 2025-01-01, 2 from 2025-06-01 (so 1 USD is
/// 6.4 CNY, then 4 CNY): every value here is worked out by hand.
@Suite struct PlacesTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/places.db" }

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

  func run(_ script: String, _ options: [String] = []) throws -> Outcome {
    try coffer.run(["--db", database] + options + ["-c", script])
  }

  // MARK: - Naming a place

  /// Another session renames a place this session has an unsaved balance at: the
  /// balance is a conflict, not written to a new place of the old name beside the renamed
  /// one (whose total would then count both); `save --force` writes it there all the same.
  /// Renamed in letter case alone, it is the same place, and the balance is written as
  /// the place is now spelt.
  @Test func aPlaceAnotherSessionRenamesUnderAnUnsavedBalance() throws {
    #expect(try run("set USD@wise 100 at 2026-01-01; set EUR@cash 7 at 2026-01-01").status == 0)
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD@wise 50 at 2026-03-01; set EUR@cash 9 at 2026-03-01; print amount(USD@wise)")
    #expect(live.waitFor("the edits") { $0.stdout == "50\n" })
    #expect(try run("places rename wise bank; places rename cash Cash").status == 0)
    live.send("save")
    #expect(live.waitFor("the conflict") { $0.stderr.contains("its place was renamed or removed") }, "\(live.stderr)")
    #expect(live.stderr.contains("USD@wise on 2026-03-01: its place was renamed or removed (yours: 50)"))
    live.send("print amount(USD@wise)")
    #expect(live.waitFor("the edit kept") { $0.stdout == "50\n50\n" }, "\(live.stdout)")
    let after = try run("print amount(USD@bank) amount(EUR@cash) total(); places; check")
    #expect(after.status == 0, "\(after)")
    #expect(after.stdout.hasPrefix("100\n9\n"), "\(after)")
    #expect(!after.stdout.contains("wise"), "\(after)")
    let spellings = try coffer.run(
      [database, "SELECT DISTINCT place FROM journal ORDER BY 1"], binary: "/usr/bin/sqlite3")
    #expect(spellings.stdout == "Cash\nbank\n", "\(spellings)")
    // Forced, the balance goes where it was written: a place called wise again.
    live.send("save --force; print amount(USD@wise)")
    #expect(live.waitFor("the forced save") { $0.stdout == "50\n50\n50\n" }, "\(live.stdout)")
    #expect(live.finish() == 1, "the save that met the conflict failed")
    #expect(try run("print amount(USD@wise) amount(USD@bank); check").stdout.hasPrefix("50\n100\n"))
  }

  /// A place renamed in letter case alone is listed with its new spelling at once, by the
  /// session that renamed it and by one that saw another session rename it.
  @Test func aPlaceRenamedInLetterCaseIsListedSoAtOnce() throws {
    #expect(try run("set USD@wise 5; set EUR@Ås 2").status == 0)
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("print amount(USD@WISE)")
    #expect(live.waitFor("the start") { $0.stdout == "5\n" })
    let renamed = try run("places rename wise WISE; holdings by place --format csv; holdings; places --format csv")
    #expect(renamed.status == 0, "\(renamed)")
    #expect(renamed.stdout.contains(",USD,5,") && !renamed.stdout.contains("wise"), "\(renamed)")
    #expect(renamed.stdout.contains("WISE,USD,5,20,CNY") && renamed.stdout.contains("  @WISE"), "\(renamed)")
    let ownRename = try run("places rename Ås ÅS; holdings by place --format csv")
    #expect(ownRename.stdout.contains("ÅS,EUR,2,") && !ownRename.stdout.contains("Ås"), "\(ownRename)")
    live.send("holdings by place --format csv")
    #expect(live.waitFor("the other session's listing") { $0.stdout.contains("ÅS,EUR,2,") }, "\(live.stdout)")
    #expect(!live.stdout.contains("wise,") && !live.stdout.contains("Ås,"), "\(live.stdout)")
    #expect(live.finish() == 0)
  }

  @Test func aBareCodeReadsEveryPlaceSummedAndAPlaceReadsItsOwn() throws {
    #expect(try run("set USD 100; set USD@wise 50; set USD@\"N26 joint\" 25").status == 0)
    let read = try run(#"print amount(USD) amount(USD@wise) amount(USD@"N26 joint") amount(USD@"") value(USD@wise)"#)
    #expect(read == Outcome(stdout: "175\n50\n25\n100\n200\n", stderr: "", status: 0))
    #expect(try run("print total()").stdout == "700\n", "175 USD at 4 CNY")
  }

  @Test func placesAreMatchedByCaseFoldingAndShownAsFirstWritten() throws {
    #expect(try run("set EUR@Wise 10").status == 0)
    #expect(try run("set EUR@WISE 12; print amount(eur@wise)").stdout == "12\n")
    let places = try run("places --format csv")
    #expect(places.stdout == "place,code,amount,value,local\nWise,EUR,12,96,CNY\n", "\(places)")
    // Letters of any script, one token, normalised to NFC: é written two ways is one place.
    #expect(try run("set CNY@招商银行 1000; set USD@Caf\u{65}\u{301} 1; print amount(USD@Caf\u{e9})").stdout == "1\n")
    let log = try run("log --format csv")
    #expect(log.stdout.contains(",CNY,招商银行,0,1000,"), "\(log)")
  }

  @Test func aBareCodeInAWriteGoesToTheOnePlaceHoldingItOrIsRefusedNamingThem() throws {
    #expect(try run("set USD@wise 50; set USD 60; print amount(USD@wise) amount(USD@\"\")").stdout == "60\n0\n")
    #expect(try run("set USD@\"\" 5").status == 0)
    let refused = try run("set USD 70")
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "<command>:1:5: error: USD is held at 2 places ((no place), wise): say which, e.g. USD@wise\n",
      "\(refused)")
    #expect(try run("print amount(USD@wise) amount(USD@\"\")").stdout == "60\n5\n", "nothing changed")
    // The example in the message can be typed back as it is.
    #expect(try run(#"set USD@"N26 joint" 1; clear USD@""; set USD 2"#).stderr.contains(#"e.g. USD@"N26 joint""#))
    // A currency held nowhere goes to the unnamed place.
    #expect(try run("set GBP 3; print amount(GBP@\"\")").stdout == "3\n")
  }

  @Test func aDatedWriteFollowsWhereTheCurrencyWasHeldOnThatDay() throws {
    #expect(try run("set USD@wise 50 at 2025-02-01; set USD@cash 10 at 2025-03-01").status == 0)
    // On 2025-02-15 only wise held USD: a bare dated write goes there.
    #expect(try run("set USD 55 at 2025-02-15; print amount_at(USD@wise, 2025-02-15)").stdout == "55\n")
    #expect(try run("set USD 1 at 2025-04-01").status == 1, "two places held USD then")
    #expect(try run("print amount_at(USD, 2025-03-05) amount_at(USD@cash, 2025-02-20)").stdout == "65\n0\n")
  }

  @Test func badPlaceNamesAndUnknownPlacesAreRefusedAtTheirPlace() throws {
    let fullWidth = try run("set USD＠wise 5")
    #expect(fullWidth.status == 1)
    #expect(fullWidth.stderr == "<command>:1:8: error: '＠' is a full-width at sign: type @\n", "\(fullWidth)")
    let control = try run(#"set USD@"a\tb" 5"#)
    #expect(control.stderr.contains("cannot name a place: a place name cannot hold control characters"), "\(control)")
    // Names that would look like another: blanks at an end, direction marks.
    let blankEnd = try run(#"set USD@" lead" 5"#)
    #expect(blankEnd.stderr.contains("a place name cannot begin or end with a blank"), "\(blankEnd)")
    let override = try run(#"set USD@"\u{202e}evil" 5"#)
    #expect(override.stderr.contains("a place name cannot hold direction marks"), "\(override)")
    let unknown = try run("print amount(USD@nowhere)")
    #expect(unknown.stderr == "<command>:1:14: error: no place is called 'nowhere' ('places' lists them)\n")
    let empty = try run("set USD@ 5")
    #expect(empty.stderr.contains("expected a place after '@'"), "\(empty)")
    #expect(try run("log --format csv").stdout == "effective,code,place,old,new,entered\n", "nothing was written")
  }

  // MARK: - Moves

  @Test func aMoveIsTwoEntriesSavedTogetherAndNeitherEditsNorRates() throws {
    #expect(try run("set USD@wise 100 at 2025-02-01").status == 0)
    #expect(try run("move 30 USD from wise to cash at 2025-03-01").status == 0)
    #expect(try run("print amount(USD@wise) amount(USD@cash) amount(USD)").stdout == "70\n30\n100\n")
    let log = try run("log").stdout.split(separator: "\n")
    #expect(log.count == 3)
    #expect(log[0].hasPrefix("2025-03-01  USD@cash  0 → 30  (move)"), "\(log)")
    #expect(log[1].hasPrefix("2025-03-01  USD@wise  100 → 70  (move)"), "\(log)")
    // The total did not move in March: the move is neither an edit nor a rate change.
    let change = try run("holdings from 2025-02-15 to 2025-03-15 --format csv")
    #expect(change.status == 0, "\(change)")
    let split = try run("total by month from 2025-02-28 to 2025-03-31 --format csv")
    #expect(split.status == 0, "\(split)")
    let march = split.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(march.hasPrefix("2025-03-31,640,"), "\(split)")
  }

  @Test func aMoveIsRefusedChangingNothing() throws {
    #expect(try run("set USD@wise 100 at 2025-02-01; set USD@wise 120 at 2025-05-01").status == 0)
    let cases: [(String, String)] = [
      ("move 10 USD from wise to wise", "a move goes from one place to another, not from wise to itself"),
      ("move 500 USD from wise to cash", "USD@wise holds 120 on 2026-11-22, less than the 500 to move"),
      ("move 10 USD from wise to cash at 2025-03-01", "USD@wise has an entry after 2025-03-01"),
      ("move 10 USD from nowhere", "no place is called 'nowhere'"),
      ("move 0 USD from wise", "a move takes an amount above 0"),
      ("move 1.001 USD from wise", "USD allows 2 decimal places"),
    ]
    for (script, message) in cases {
      let outcome = try run(script)
      #expect(outcome.status == 1, "\(script): \(outcome)")
      #expect(outcome.stderr.contains(message), "\(script): \(outcome)")
    }
    #expect(try run("print amount(USD@wise) amount(USD)").stdout == "120\n120\n")
    #expect(try run("log --format csv").stdout.split(separator: "\n").count == 3, "two entries, the header")
  }

  // MARK: - A place named in log and open

  @Test func logOfAPlaceShowsItsEntriesAlone() throws {
    #expect(try run("set USD@wise 100 at 2025-02-01; set USD@cash 20 at 2025-02-01; set EUR@wise 3").status == 0)
    #expect(try run("set USD@wise 110; set USD@cash 25").status == 0)
    let log = try run("log USD@wise")
    #expect(log.status == 0 && log.stderr.isEmpty, "\(log)")
    let lines = log.stdout.split(separator: "\n")
    #expect(lines.count == 2, "wise's two entries, no other place's: \(log)")
    #expect(lines.first == "2026-11-22  USD@wise  100 → 110", "\(log)")
    // A balance written down for a past day says when it was entered.
    #expect(lines.last?.hasPrefix("2025-02-01  USD@wise  0 → 100  (entered ") == true, "\(log)")
    #expect(try run("log USD@wise 1").stdout == "2026-11-22  USD@wise  100 → 110\n", "the last N of that place")
    #expect(try run("log USD --format csv").stdout.split(separator: "\n").count == 5, "a bare code: every place")
    let unknown = try run("log USD@nowhere")
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no place is called 'nowhere'"), "\(unknown)")
  }

  @Test func openOfAPlaceFocusesItsRowAndEditsThatPlace() throws {
    #expect(try run("set USD@wise 100; set USD@cash 20").status == 0)
    let opened = try run("open USD@wise; show; 150; next; show; dismiss")
    #expect(opened.status == 0, "\(opened)")
    let focused = opened.stdout.split(separator: "\n").filter { $0.hasPrefix(">") }
    #expect(focused.count == 2, "\(opened.stdout)")
    #expect(focused.first?.hasPrefix(">   @wise ") == true, "open USD@wise focuses @wise: \(opened.stdout)")
    #expect(focused.first?.contains("[100]") == true, "its field holds wise's amount: \(opened.stdout)")
    #expect(focused.last?.hasPrefix("> EUR ") == true, "next passes on from the last place: \(opened.stdout)")
    #expect(opened.stdout.contains("\n  USD  US Dollar  "), "the USD row is their sum, not focused")
    #expect(try run("print amount(USD@wise) amount(USD@cash) amount(USD)").stdout == "150\n20\n170\n")
    let cash = try run("open USD@cash; show; 5; dismiss")
    #expect(cash.stdout.split(separator: "\n").first { $0.hasPrefix(">") }?.hasPrefix(">   @cash ") == true, "\(cash)")
    #expect(try run("print amount(USD@wise) amount(USD@cash)").stdout == "150\n5\n")
    let unknown = try run("open USD@nowhere")
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no place is called 'nowhere'"), "\(unknown)")
  }

  /// A bare code typed in the sheet for a currency whose place rows hold 0 or only a
  /// draft: the row is their sum, and the error names those places (it crashed, naming
  /// the places holding a non-zero amount, of which there were none) and changes nothing
  /// (the draft went to the place row that had the focus, and was saved at the end).
  @Test func aBareCodeForASumOfPlacesHoldingNothingYetIsRefusedNamingThem() throws {
    let draftOnly = try run("open; set GBP@cash 5; set GBP 7")
    #expect(draftOnly.status == 1, "\(draftOnly)")
    #expect(
      draftOnly.stderr
        == "<command>:1:27: error: GBP is held at 1 place (cash): its row is their sum; say which, e.g. GBP@cash\n",
      "\(draftOnly)")
    #expect(try run("print amount(GBP@cash)").stdout == "5\n", "the draft typed before, kept; not the refused 7")
    #expect(try run("set EUR@wise 0 at 2025-06-26").status == 0)
    let zero = try run("open at 2025-07-01; EUR 3")
    #expect(zero.status == 1, "\(zero)")
    #expect(zero.stderr.contains("EUR is held at 1 place (wise): its row is their sum"), "\(zero)")
    #expect(try run("print amount(EUR@wise)").stdout == "0\n", "nothing was written")
  }

  /// A place another session spells anew (in letter case alone) while this one has
  /// unsaved balances there: those balances are listed as the latest one written spells
  /// it, as the store does.
  @Test func unsavedBalancesAtAPlaceRespeltElsewhereAreListedAsLastWritten() throws {
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD@wise 1 at 2026-11-01; print amount(USD@wise)")
    #expect(live.waitFor("the first balance") { $0.stdout == "1\n" })
    #expect(try run("set EUR@WISE 5 at 2026-11-02").status == 0)
    live.send("set USD@wise 2 at 2026-11-03; holdings at 2026-11-03 --format csv")
    #expect(live.waitFor("the listing") { $0.stdout.contains("EUR,") }, "\(live.stdout)")
    #expect(live.stdout.contains("USD,WISE,2,") && !live.stdout.contains("wise"), "\(live.stdout)")
    #expect(live.finish() == 0)
  }

  /// Another session's balance at a place it spelt anew in letter case alone is met as a
  /// conflict, not overwritten: a save reads the entries there as the store spells the
  /// place (it asked for this session's spelling, found none, and wrote over the 9).
  @Test func anotherSessionsBalanceAtARespeltPlaceIsAConflictNotOverwritten() throws {
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD@wise 1 at 2026-01-01; print amount(USD@wise)")
    #expect(live.waitFor("the first balance") { $0.stdout == "1\n" })
    #expect(try run("set EUR@WISE 5 at 2026-01-02").status == 0)
    live.send("set USD@wise 3 at 2026-01-05; print amount(USD@wise)")
    #expect(live.waitFor("the second balance") { $0.stdout == "1\n3\n" })
    #expect(try run("set USD@wise 9 at 2026-01-05").status == 0)
    live.send("save")
    #expect(live.waitFor("the conflict") { $0.stderr.contains("conflict") }, "\(live.stderr)")
    #expect(live.stderr.contains("another session saved USD@WISE on 2026-01-05 = 9 (yours: 3)"), "\(live.stderr)")
    #expect(live.finish() == 3, "the edit met as a conflict is left unsaved")
    let after = try run("print amount(USD@wise); log USD@wise")
    #expect(after.stdout.hasPrefix("9\n"), "\(after)")
    #expect(!after.stdout.contains("→ 3"), "\(after)")
  }

  /// Today's clear after a dated balance, at a place another session renamed in letter
  /// case alone: the save reads today's amount there as the store spells the place (it
  /// found none under this session's spelling, took the 0 as stored already, and lost it).
  @Test func aClearAtAPlaceRespeltElsewhereIsSaved() throws {
    #expect(try run("set USD@wise 10 at 2026-01-01").status == 0)
    let live = try coffer.start(["--db", database, "--keep-going"])
    live.send("set USD@wise 5 at 2026-05-01; set USD@wise 0; print amount(USD@wise)")
    #expect(live.waitFor("the edits") { $0.stdout == "0\n" })
    #expect(try run("places rename wise WISE").status == 0)
    live.send("save; print amount(USD@wise)")
    #expect(live.waitFor("the save") { $0.stdout == "0\n0\n" }, "\(live.stdout)")
    #expect(live.finish() == 0, "\(live.stderr)")
    let after = try run("print amount(USD@WISE); log USD@WISE")
    #expect(after.stdout.hasPrefix("0\n"), "\(after)")
    #expect(after.stdout.contains("USD@WISE  5 → 0"), "\(after)")
  }

  // MARK: - Lists

  @Test func placesHoldingsByPlaceAndHoldingsShowWhereEverythingIs() throws {
    #expect(try run("set USD@wise 50; set USD 10 at 2025-01-01; set USD@cash 25; set EUR@wise 1").status == 0)
    let places = try run("places")
    #expect(
      places.stdout == """
        place       holds          value (CNY)
        (no place)  $10.00              ¥40.00
        cash        $25.00             ¥100.00
        wise        $50.00, €1.00      ¥208.00

        """, "\(places)")
    let byPlace = try run("holdings by place --format csv")
    #expect(
      byPlace.stdout
        == "place,code,amount,value,local\n,USD,10,40,CNY\ncash,USD,25,100,CNY\nwise,USD,50,200,CNY\nwise,EUR,1,8,CNY\n",
      "\(byPlace)")
    let holdings = try run("holdings")
    #expect(holdings.stdout.contains("  @cash"), "\(holdings)")
    #expect(holdings.stdout.contains("  @(no place)"), "\(holdings)")
    #expect(try run("places rename wise Wise; print amount(USD@WISE)").stdout == "50\n")
    #expect(try run("log USD@Wise --format csv").stdout.contains(",USD,Wise,0,50,"))
    let cashBefore = try run("print amount_at(USD@cash, 2026-11-21)")
    #expect(cashBefore.status == 0, "\(cashBefore)")
    let notEmpty = try run("places remove cash")
    #expect(notEmpty.stderr.contains("cash still holds USD@cash"), "\(notEmpty)")
    #expect(
      try run("clear USD@cash; places remove cash").stderr.contains("cash has edits not yet saved: save them first"))
    #expect(try run("places remove cash; places --format csv").stdout.contains("cash") == false)
    // No longer listed, but its history stays (SPEC §11).
    #expect(try run("print amount_at(USD@cash, 2026-11-21)").stdout == cashBefore.stdout)
  }

  // MARK: - Units

  @Test func anAddedUnitIsHeldValuedAndListedLikeAnyOther() throws {
    #expect(try run(#"units add BTC "Bitcoin" minor 8 symbol ₿"#).status == 0)
    #expect(try run("units --format csv").stdout == "code,name,minor,symbol\nBTC,Bitcoin,8,₿\n")
    #expect(try run("set BTC@ledger 0.12345678; rates set BTC 500000").status == 0)
    #expect(try run("print amount(BTC) value(BTC) total()").stdout == "0.12345678\n61728.39\n61728.39\n")
    let tooFine = try run("set BTC 0.123456789")
    #expect(tooFine.stderr.contains("BTC allows 8 decimal places"), "\(tooFine)")
    let inUse = try run("units remove BTC")
    #expect(inUse.status == 1)
    #expect(inUse.stderr.contains("BTC cannot be removed"), "\(inUse)")
  }

  @Test func aUnitCodeMustBeNewAndNoWordOfTheLanguage() throws {
    let cases: [(String, String)] = [
      (#"units add USD "Dollar""#, "USD is a currency of the catalog already"),
      (#"units add ALL "All""#, "'ALL' is a word of the language"),
      // Words a statement begins with, in the sheet too: `NEXT 5` there must stay `next`.
      (#"units add NEXT "Next""#, "'NEXT' is a word of the language"),
      (#"units add done "Done""#, "'done' is a word of the language"),
      (#"units add AMOUNT "Amount""#, "'AMOUNT' is a word of the language"),
      (#"units add 1X "One""#, "malformed number '1X'"),
      (#"units add X_1 "One""#, "a unit's code is 2 to 10 letters or digits, starting with a letter"),
      (#"units add X "Ex""#, "a unit's code is 2 to 10 letters or digits"),
      (#"units add XAU "Gold" minor 9"#, "minor is the unit's decimal places, a whole number from 0 to 8"),
    ]
    for (script, message) in cases {
      let outcome = try run(script)
      #expect(outcome.status == 1, "\(script): \(outcome)")
      #expect(outcome.stderr.contains(message), "\(script): \(outcome)")
    }
    #expect(try run("units --format csv").stdout == "code,name,minor,symbol\n", "nothing was added")
    #expect(try run(#"units add XAU "Gold" minor 3; units add XAU "Gold""#).stderr.contains("XAU is a unit already"))
    #expect(try run("units remove XAU; units --format csv").stdout == "code,name,minor,symbol\n")
  }

  /// A unit removed keeps its rates in the store, passed over when read: `dump` and
  /// `check rates` run on (a rate given in another base named the unit, and `dump`
  /// refused the sound store as damaged), and the rates come back with the unit.
  @Test func aRemovedUnitsRatesAsGivenArePassedOverAndComeBackWithIt() throws {
    let file = coffer.home + "/in-usd.csv"
    try "date,code,rate,base\n2026-10-27,USD,1,USD\n2026-10-27,EUR,0.92,USD\n2026-10-27,KZT,480,USD\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(try run(#"units add KZT "Tenge""#).status == 0)
    #expect(try run("rates import \(file) --accept").status == 0)
    #expect(try run("units remove KZT").status == 0)
    let dump = try run("dump")
    #expect(dump.status == 0, "\(dump)")
    #expect(!dump.stdout.contains("KZT"), "\(dump)")
    #expect(try run("check rates").status == 0)
    let back = try run(#"units add KZT "Tenge"; dump"#)
    #expect(back.stdout.contains("base USD KZT 480"), "\(back)")
  }

  @Test func aRemovedPlaceKeepsItsHistory() throws {
    #expect(try run("set USD@wise 5 at 2025-02-01; save; clear USD@wise; save; places remove wise").status == 0)
    #expect(try run("places --format csv").stdout == "place,code,amount,value,local\n")
    #expect(try run("print amount_at(USD@wise, 2025-06-01) amount_at(USD@Wise, 2025-01-01)").stdout == "5\n0\n")
    #expect(try run("log USD@wise --format csv").stdout.split(separator: "\n").count == 3, "the header and two entries")
    #expect(try run("print amount(USD@nowhere)").stderr.contains("no place is called 'nowhere'"))
  }

  // MARK: - Round trips

  @Test func aDumpGivesBackPlacesUnitsAndMovesByteForByte() throws {
    #expect(
      try run(
        #"units add XAU "Gold (troy ounce)" minor 3; set XAU@vault 2.5 at 2025-02-01; set USD@wise 100 at 2025-02-01; "#
          + #"set USD@"" 7; move 30 USD from wise to "N26 joint" at 2025-03-01; set CNY@招商银行 10; "#
          + "set EUR@old 5; save; clear EUR@old; save; places remove old"
      ).status == 0)
    let dump = try run("dump")
    #expect(dump.status == 0, "\(dump)")
    #expect(dump.stdout.contains(#"units add XAU "Gold (troy ounce)" minor 3"#), "\(dump.stdout)")
    #expect(dump.stdout.contains(#"move 30 USD from wise to "N26 joint" at 2025-03-01"#), "\(dump.stdout)")
    #expect(dump.stdout.contains(#"set USD@"" 7 at 2026-11-22"#), "\(dump.stdout)")
    let script = try coffer.write("dump.coffer", dump.stdout)
    let copy = coffer.home + "/copy.db"
    let replay = try coffer.run(["--db", copy, script])
    #expect(replay.status == 0, "\(replay)")
    #expect(try coffer.run(["--db", copy, "-c", "dump"]).stdout == dump.stdout)
    let question = "places --format csv; units --format csv; holdings --format csv"
    #expect(try coffer.run(["--db", copy, "-c", question]).stdout == (try run(question)).stdout)
  }

  @Test func aStoreOfSchemaElevenIsUpgradedWithItsMovesAndItsCounter() throws {
    #expect(
      try run(
        "set USD@wise 100 at 2025-02-01; move 30 USD from wise to bank at 2025-03-01; set EUR 3; save; "
          + "set JPY 5; save"
      ).status == 0)
    // The last entry removed leaves the journal's counter past its last id, which the
    // upgrade keeps.
    let sql = { (statement: String) in try self.coffer.run([self.database, statement], binary: "/usr/bin/sqlite3") }
    #expect(try sql("DELETE FROM journal WHERE code = 'JPY'").status == 0)
    let counter = try sql("SELECT seq FROM sqlite_sequence WHERE name = 'journal'").stdout
    let question = "dump; holdings --all --format csv; print total() amount_at(USD, 2025-03-01)"
    let before = try run(question)
    #expect(before.status == 0 && before.stdout.contains("move 30 USD from wise to bank at 2025-03-01"), "\(before)")
    // Schema 11 checked `move` with IN.
    let downgrade = try sql(
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(sql, 'move BETWEEN 0 AND 2', 'move IN (0, 1, 2)') WHERE name = 'journal';
      PRAGMA user_version = 11;
      """)
    #expect(downgrade.status == 0, "\(downgrade)")
    let after = try run(question)
    #expect(after.stdout == before.stdout, "\(after)")
    #expect(after.stderr.contains("a copy as it was is kept in \(database).before-v12"), "\(after)")
    #expect(
      try sql("SELECT sql FROM sqlite_schema WHERE name = 'journal'").stdout.contains("CHECK (move BETWEEN 0 AND 2)"))
    #expect(try sql("SELECT seq FROM sqlite_sequence WHERE name = 'journal'").stdout == counter)
    #expect(try run("check").status == 0)
  }

  /// Six processes open one store of schema 11 at once: the copy is taken under the write
  /// lock, so one of them copies and upgrades it, the others find it upgraded, and there
  /// is one copy (each used to make its own, `.before-v12.2` and on), whole (written
  /// under another name and renamed), and no partial one left.
  @Test func processesOpeningAnOldStoreTogetherKeepOneCopyOfIt() throws {
    #expect(try run("set USD@wise 100 at 2025-02-01; set EUR 3; save").status == 0)
    let downgrade = try coffer.run(
      [
        database,
        """
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, 'move BETWEEN 0 AND 2', 'move IN (0, 1, 2)') WHERE name = 'journal';
        PRAGMA user_version = 11;
        """,
      ], binary: "/usr/bin/sqlite3")
    #expect(downgrade.status == 0, "\(downgrade)")
    let outcomes = Mutex<[Outcome]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      let outcome =
        (try? coffer.run(["--db", database, "-c", "print amount(USD@wise)"]))
        ?? Outcome(
          stdout: "", stderr: "did not run", status: -1)
      outcomes.withLock { $0.append(outcome) }
    }
    let all = outcomes.withLock { $0 }
    #expect(all.allSatisfy { $0.status == 0 && $0.stdout == "100\n" }, "\(all)")
    #expect(all.filter { $0.stderr.contains("a copy as it was is kept in \(database).before-v12\n") }.count == 1)
    let copies = try FileManager.default.contentsOfDirectory(atPath: coffer.home).filter { $0.contains(".before-") }
    #expect(copies == [(database as NSString).lastPathComponent + ".before-v12"], "\(copies)")
    let copy = try coffer.run([database + ".before-v12", "PRAGMA user_version"], binary: "/usr/bin/sqlite3")
    #expect(copy.stdout == "11\n")
  }

  /// A store of schema 11 the upgrade cannot take as it is (an entry another program
  /// wrote with the checks off; another program's trigger) is refused naming why, left as
  /// it was, and no copy of it is left behind for a try that changed nothing.
  @Test func aStoreOfSchemaElevenThatCannotBeUpgradedIsNamedAndLeftAsItWas() throws {
    #expect(try run("set USD@wise 100 at 2025-02-01; set EUR 3").status == 0)
    let sql = { (statement: String) in try self.coffer.run([self.database, statement], binary: "/usr/bin/sqlite3") }
    let downgrade = """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(sql, 'move BETWEEN 0 AND 2', 'move IN (0, 1, 2)') WHERE name = 'journal';
      PRAGMA user_version = 11;
      """
    #expect(try sql(downgrade).status == 0)
    let badRow = try sql(
      """
      PRAGMA ignore_check_constraints = ON;
      INSERT INTO journal (entered, utc_offset, effective, code, place, old, new, move)
        VALUES ('2026-11-22T10:00:00Z', 0, 20779, 'GBP', '', '0', '1', 5);
      SELECT max(id) FROM journal;
      """)
    let row = badRow.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let before = try sql(".dump").stdout
    for _ in 0..<2 {
      let refused = try run("total")
      #expect(refused.status == 3, "\(refused)")
      #expect(refused.stderr.contains("journal row \(row): an entry is not as Coffer writes one"), "\(refused)")
    }
    #expect(try sql(".dump").stdout == before)
    #expect(!FileManager.default.fileExists(atPath: database + ".before-v12"))
    // Without that row, but with another program's trigger: refused as a store of schema
    // 11 always was, its trigger named.
    #expect(
      try sql(
        "DELETE FROM journal WHERE id = \(row); CREATE TRIGGER spy AFTER INSERT ON journal BEGIN SELECT 1; END"
      ).status == 0)
    let others = try run("total")
    #expect(others.status == 3, "\(others)")
    #expect(others.stderr.contains("trigger spy: not Coffer's"), "\(others)")
    #expect(try sql("PRAGMA user_version").stdout == "11\n")
    #expect(!FileManager.default.fileExists(atPath: database + ".before-v12"))
    #expect(try sql("DROP TRIGGER spy").status == 0)
    #expect(try run("print amount(USD) amount(EUR)").stdout == "100\n3\n")
    #expect(FileManager.default.fileExists(atPath: database + ".before-v12"))
  }

  @Test func aStoreOfSchemaNineIsUpgradedToTheUnnamedPlaceAndAnswersAsBefore() throws {
    #expect(try run("set USD 100 at 2025-02-01; set USD 120; set EUR 3").status == 0)
    let before = try run("log --format csv; print total() amount_at(USD, 2025-03-01)")
    // The store as schema 9 had it: no move column, no tables of units and places.
    let downgrade = try coffer.run(
      [
        database,
        """
        DROP TRIGGER journal_inserted; DROP TRIGGER journal_not_replaced; DROP TRIGGER journal_keeps_ids;
        DROP TRIGGER journal_touched; DROP TRIGGER journal_deleted; DROP TRIGGER journal_changed;
        DROP VIEW journal_touch; DROP TABLE unit; DROP TABLE place;
        ALTER TABLE journal DROP COLUMN move; PRAGMA user_version = 9;
        """,
      ], binary: "/usr/bin/sqlite3")
    #expect(downgrade.status == 0, "\(downgrade)")
    let after = try run("log --format csv; print total() amount_at(USD, 2025-03-01)")
    #expect(after.stdout == before.stdout)
    #expect(after.stderr.contains("a copy as it was is kept in \(database).before-v12"), "\(after)")
    #expect(try run("check").status == 0)
    #expect(try run("set USD@wise 1; print amount(USD)").stdout == "121\n")
  }
}

import CofferCore
import Foundation
import LineEditing
import Testing

@testable import CofferShell

@Suite struct CompleterTests {
  let temporary = TemporaryFolder()

  func completer(sheetOpen: Bool = false) throws -> Completer {
    let harness = try Harness()
    _ = harness.run("let rent = 1; let rate_eur = 2")
    if sheetOpen { _ = harness.run("open") }
    return Completer(interpreter: harness.interpreter)
  }

  @Test func firstWordCompletesCommands() throws {
    let completion = try completer().complete("hol")
    #expect(completion.candidates == ["holdings"])
    #expect(completion.replacing == 3)
    #expect(try completer().complete("s").candidates == ["set", "save", "stats", "source"])
  }

  @Test func currencyCodesCompleteInAnyCaseWithTheirNames() throws {
    let completion = try completer().complete("set us")
    #expect(completion.candidates == ["USD"])
    let several = try completer().complete("convert 5 S")
    #expect(several.candidates == ["SGD", "SEK", "SAR"])
    #expect(several.descriptions["SGD"] == "Singapore Dollar 新加坡元")
    #expect(try completer().complete("print amount(j").candidates == ["JPY"])
    #expect(try completer().complete("print convert(1, USD, e").candidates == ["EUR"])
  }

  /// The statement completed is the one the line would run: a `;` inside a string does
  /// not end a statement, one outside does.
  @Test func aSemicolonInsideAStringDoesNotStartAStatement() throws {
    #expect(try completer().complete("echo \"a;b\" ; set us").candidates == ["USD"])
    #expect(try completer().complete("echo 'x;set us").candidates == [])
    #expect(try completer().complete("echo \"a\\\";\" ; hol").candidates == ["holdings"])
    #expect(try completer().complete("echo \"a;b\" ; hol").replacing == 3)
  }

  @Test func keywordsComeBeforeCurrencies() throws {
    #expect(try completer().complete("clear a").candidates == ["all", "AUD", "AED"])
    #expect(try completer().complete("convert 5 USD t").candidates == ["to", "TWD", "TRY", "THB"])
  }

  @Test func variablesCompleteAfterDollar() throws {
    #expect(try completer().complete("print $r").candidates == ["$rate_eur", "$rent"])
    #expect(try completer().complete("print $re").replacing == 3)
  }

  @Test func sheetAddsItsInputsAndCurrencyCodes() throws {
    let completion = try completer(sheetOpen: true).complete("n")
    #expect(completion.candidates.contains("next"))
    #expect(completion.candidates.contains("NZD"))
    #expect(!(try completer(sheetOpen: true).complete("o").candidates.contains("open")))
  }

  @Test func pathsCompleteAfterSource() throws {
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/scripts", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: folder + "/scripts/monthly.coffer", contents: Data())
    _ = FileManager.default.createFile(atPath: folder + "/scripts/trip.coffer", contents: Data())
    let completion = try completer().complete("source \(folder)/scr")
    #expect(completion.candidates == ["\(folder)/scripts/"])
    let files = try completer().complete("source \(folder)/scripts/")
    #expect(files.candidates == ["\(folder)/scripts/monthly.coffer", "\(folder)/scripts/trip.coffer"])
    #expect(files.replacing == "\(folder)/scripts/".count)
  }

  @Test func aFileOptionsAndTheExportsFormatsComplete() throws {
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: folder + "/coffer-1.db", contents: Data())
    #expect(try completer().complete("backup \(folder)/cof").candidates == ["\(folder)/coffer-1.db"])
    #expect(try completer().complete("backup --force \(folder)/c").candidates == ["\(folder)/coffer-1.db"])
    #expect(try completer().complete("backup x.db --").candidates == ["--force"])
    #expect(try completer().complete("restore \(folder)/").candidates == ["\(folder)/coffer-1.db"])
    #expect(try completer().complete("rates export --format ").candidates == ["ledger", "beancount", "csv"])
    let export = try completer().complete("rates export US").candidates
    #expect(export == ["USD"])
    let afterCode = try completer().complete("rates export USD f").candidates
    #expect(afterCode == ["from"], "\(afterCode)")
    #expect(try completer().complete("rates export \(folder)/c").candidates == ["\(folder)/coffer-1.db"])
  }

  @Test func onlyWhatTheGrammarTakesThereIsOffered() throws {
    #expect(try completer().complete("holdings --format ").candidates == ["table", "plain", "csv", "json"])
    #expect(try completer().complete("total --format j").candidates == ["json"])
    #expect(try completer().complete("holdings --").candidates == ["--format", "--all", "--in", "--why"])
    #expect(try completer().complete("holdings --all --").candidates == ["--format", "--in", "--why"])
    #expect(try completer().complete("holdings --in e").candidates == ["EUR"])
    #expect(try completer().complete("total ").candidates == ["at", "valued", "by", "in"])
    #expect(try completer().complete("total in us").candidates == ["USD"])
    #expect(try completer().complete("chart t").candidates == ["total", "TWD", "TRY", "THB"])
    #expect(try completer().complete("chart total ").candidates == ["valued", "from", "to"])
    let rates = try completer().complete("rates ").candidates
    #expect(
      rates.prefix(13) == [
        "set", "import", "fetch", "sources", "record", "quote", "peg", "pegs", "max-age", "max-jump", "why", "clear",
        "export",
      ]
        && rates.contains("USD") && rates.contains("at") && rates.count == 13 + 42 + 1, "\(rates)")
    let rateSet = try completer().complete("rates set ").candidates
    #expect(rateSet.count == 42 && rateSet.contains("USD"))
    #expect(try completer().complete("convert 5 USD to CNY ").candidates == ["at"])
    // After a complete statement nothing fits; a value is not a currency code.
    #expect(try completer().complete("stats ").candidates.isEmpty)
    #expect(try completer().complete("set USD ").candidates.isEmpty)
    #expect(try completer().complete("help ra").candidates == ["rates"])
  }

  @Test func theSheetOffersNoFieldForTheLocalCurrency() throws {
    let codes = try completer(sheetOpen: true).complete("C").candidates
    #expect(codes.contains("CHF") && !codes.contains("CNY"))
  }

  @Test func onlyTheStatementBeingTypedCounts() throws {
    #expect(try completer().complete("print 1; hol").candidates == ["holdings"])
  }

  @Test func currenciesCompleteFromTheirEnglishOrChineseNamesWhenNoCodeFits() throws {
    #expect(try completer().complete("set swiss").candidates == ["CHF"])
    #expect(try completer().complete("set Swe").candidates == ["SEK"])
    #expect(try completer().complete("set yen").candidates == ["JPY"])
    #expect(try completer().complete("set 瑞士").candidates == ["CHF"])
    #expect(try completer().complete("set 美").candidates == ["USD"])
    #expect(try completer().complete("set 美").replacing == 1)
    #expect(try completer().complete("set 克朗").candidates == ["SEK", "NOK", "DKK", "CZK"])
    // A code that fits comes first, alone: `ch` is CHF, not Chinese Yuan too.
    #expect(try completer().complete("set ch").candidates == ["CHF"])
    #expect(try completer().complete("set chi").candidates == ["CNY"])
  }

  @Test func aChineseLocaleDescribesCurrenciesByTheirChineseNameFirst() {
    let chinese = Completer(
      sheetOpen: false, variables: [], local: Catalog.cny, folder: "/", names: .simplifiedChinese)
    #expect(chinese.complete("set S").descriptions["SGD"] == "新加坡元 Singapore Dollar")
    let traditional = Completer(
      sheetOpen: false, variables: [], local: Catalog.cny, folder: "/", names: .traditionalChinese)
    #expect(traditional.complete("set HK").descriptions["HKD"] == "港幣 Hong Kong Dollar")
    let english = Completer(
      sheetOpen: false, variables: [], local: Catalog.cny, folder: "/", names: .english)
    #expect(english.complete("set S").descriptions["SGD"] == "Singapore Dollar 新加坡元")
  }

  @Test func placesCompleteAfterACodeAndAddedUnitsAsCodes() throws {
    let harness = try Harness()
    _ = harness.run(#"units add XAU "Gold" minor 3; set USD@wise 1; set USD@"N26 joint" 2; set EUR@Wallet 3; save"#)
    let completer = Completer(interpreter: harness.interpreter)
    #expect(completer.complete("set usd@w").candidates == ["USD@Wallet", "USD@wise"])
    #expect(completer.complete("set USD@n").candidates == [#"USD@"N26 joint""#])
    #expect(completer.complete("print amount(EUR@wa").candidates == ["EUR@Wallet"])
    #expect(completer.complete("set XYZ@w").candidates.isEmpty, "no such unit")
    #expect(completer.complete("set xa").candidates == ["XAU"])
  }

  @Test func commandLineCompletionGivesTheWholeTextCompleted() {
    #expect(CommandLineCompletion.commands(completing: "to") == ["total"])
    #expect(CommandLineCompletion.commands(completing: "set us") == ["set USD"])
    #expect(CommandLineCompletion.commands(completing: "print 1; hol") == ["print 1; holdings"])
    #expect(CommandLineCompletion.commands(completing: "").contains("watch"))
  }
}

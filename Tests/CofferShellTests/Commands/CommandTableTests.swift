import Testing

@testable import CofferShell

/// Dispatch looks a statement's first word up in `CommandTable.byFirstWord`, built from
/// the table: every name and alias finds its entries, in the table's order.
@Suite struct CommandTableTests {
  @Test func everyNameAndAliasFindsItsEntriesInOrder() {
    for entry in CommandTable.typed {
      for word in [entry.words[0]] + entry.aliases {
        let found = CommandTable.byFirstWord[word] ?? []
        #expect(found.contains { $0 === entry }, "\(word)")
        let order = found.map { entry in CommandTable.entries.firstIndex { $0 === entry } ?? -1 }
        #expect(order == order.sorted(), "\(word)")
      }
    }
  }

  @Test func theTableIsKeyedInLowerCase() {
    #expect(CommandTable.byFirstWord.keys.allSatisfy { $0 == $0.lowercased() })
  }

  @Test func noOtherWordFindsAnEntry() {
    let words = ["", "sett", "rate", "ratesx", "exit!!", "expr", "EXPR", "quit?", "dismis", "hold"]
    for word in words {
      #expect(CommandTable.byName(word) == nil, "\(word)")
    }
    #expect(CommandTable.byName("Set")?.map(\.name) == ["set", "set"])
  }

  @Test(arguments: [
    ("set", false, "set"), ("set", true, "set"), ("rates", false, "rates"), ("done", true, "dismiss"),
    ("EXIT", false, "quit"), ("quit!", false, "quit!"),
  ])
  func aStatementsWordsNameOneEntry(word: String, sheetOpen: Bool, name: String) {
    let entry = CommandTable.entry(named: word, then: nil, sheetOpen: sheetOpen)
    #expect(entry?.name == name)
    #expect(entry.map { CommandTable.fits($0, sheetOpen: sheetOpen) } == true)
  }

  @Test func setIsTheSheetsOwnWhileTheSheetIsOpen() {
    #expect(CommandTable.entry(named: "set", then: "USD", sheetOpen: false) === SetCommand.entry)
    #expect(CommandTable.entry(named: "set", then: "USD", sheetOpen: true) === SheetSetCommand.entry)
  }

  @Test func aSubcommandIsNamedByItsSecondWord() {
    #expect(CommandTable.entry(named: "Rates", then: "SET", sheetOpen: false)?.name == "rates set")
    #expect(CommandTable.entry(named: "rates", then: "USD", sheetOpen: false)?.name == "rates")
  }
}

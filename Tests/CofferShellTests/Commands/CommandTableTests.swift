import Testing

@testable import CofferShell

/// Dispatch finds a command through `CommandTable.entries(firstWord:)`, written out so
/// that a run builds only the entries it names: it must say what the table says.
@Suite struct CommandTableTests {
  @Test func everyWordOfTheTableFindsItsEntriesInOrder() {
    let table = CommandTable.entriesByFirstWord()
    for (word, entries) in table {
      let found = CommandTable.entries(firstWord: word)
      #expect(found?.map(\.name) == entries.map(\.name), "\(word)")
      // The same entries, not equal copies: the static ones the table lists.
      #expect(found.map { zip($0, entries).allSatisfy { $0 === $1 } } == true, "\(word)")
    }
  }

  @Test func noOtherWordFindsAnEntry() {
    let table = CommandTable.entriesByFirstWord()
    let words = ["", "sett", "Set", "rate", "ratesx", "exit!!", "expr", "quit?", "dismis", "hold"]
    for word in words where table[word] == nil {
      #expect(CommandTable.entries(firstWord: word) == nil, "\(word)")
    }
  }

  @Test func theWordsWithSubcommandsAreThoseOfTwoWordEntries() {
    let fromTable = Set(CommandTable.entries.filter { $0.words.count == 2 }.map { $0.words[0] })
    #expect(CommandTable.wordsWithSubcommands == fromTable)
  }
}

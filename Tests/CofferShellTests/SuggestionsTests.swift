import Testing

@testable import CofferShell

/// "Did you mean": the same answer whatever order the candidates come in (a dictionary's
/// keys, a set's members change order from run to run).
@Suite struct SuggestionsTests {
  @Test func equallyCloseCandidatesGiveTheSameAnswerInEveryOrder() {
    let candidates = ["rate", "rent", "rant", "runt", "tent"]
    var answers: Set<String?> = []
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      answers.insert(Suggestions.nearest(to: "rxnt", in: candidates.shuffled(using: &generator)))
    }
    #expect(answers == ["rant"])
    #expect(Suggestions.nearest(to: "USF", in: Set(["USD", "UAH", "USX"])) == "USD")
  }

  @Test func theClosestWinsAndAFarOneIsNone() {
    #expect(Suggestions.nearest(to: "UDS", in: ["GBP", "USD", "UDT"]) == "UDT")
    #expect(Suggestions.nearest(to: "total", in: ["holdings", "rates"]) == nil)
  }

  /// A name that begins candidates is their start: the shortest of them, whatever is
  /// fewer edits away.
  @Test func theStartOfANameSuggestsTheShortestItBegins() {
    let commands = ["done", "convert", "converts", "dump", "holdings", "help"]
    #expect(Suggestions.nearest(to: "conv", in: commands) == "convert")
    #expect(Suggestions.nearest(to: "conv", in: commands.reversed()) == "convert")
    #expect(Suggestions.nearest(to: "HOLD", in: commands) == "holdings")
    // One character begins too much to say; a whole name is not its own start.
    #expect(Suggestions.nearest(to: "d", in: commands) == nil)
    #expect(Suggestions.nearest(to: "help", in: ["help", "helps"]) == "helps")
  }
}

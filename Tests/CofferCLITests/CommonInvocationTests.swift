import ArgumentParser
import CofferCLI
import CofferShell
import Testing

/// The common command lines read without argument-parser must be read exactly as
/// argument-parser reads them; everything else must be left to it.
@Suite struct CommonInvocationTests {
  /// Deterministic draws (SplitMix64), so a failure names a seed that reproduces it.
  struct Draws: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Tokens of the common grammar and tokens just outside it.
  static let tokens = [
    "--db", "-c", "--command", "--version", "store.db", "a.coffer", "print total()", "set USD 1; save", "x y",
    ":memory:", "", "-", "--", "-i", "--interactive", "--keep-going", "--atomic", "--format", "json", "--color",
    "never", "--rates", "--db=s.db", "-cprint 1", "-x", "--help", "-h", "-1", "--version=1", "help",
    "-X", "--no-rc", "-Xc",
  ]

  private func parsed(_ arguments: [String]) -> CommonInvocation? {
    do {
      let command = try CofferCommand.parse(arguments)
      return .run(command.launchOptions)
    } catch {
      if CofferCommand.exitCode(for: error) == .success,
        CofferCommand.fullMessage(for: error) == CofferCommand.configuration.version
      {
        return .version
      }
      return nil
    }
  }

  @Test func commonLinesAreReadAsArgumentParserReadsThem() {
    let lines: [[String]] = [
      [], ["--version"], ["--db", "s.db", "-c", "print total()"], ["-c", "print 1", "--command", "print 2"],
      ["a.coffer", "--db", "s.db", "b.coffer"], ["--db", ":memory:"], ["-c", "set USD 1; save", "a.coffer"],
      ["-X"], ["--no-rc", "--db", "s.db"], ["-c", "print 1", "-X", "a.coffer"],
    ]
    for line in lines {
      let quick = CommonInvocation.read(line)
      #expect(quick != nil, "\(line) is common")
      #expect(quick == parsed(line), "\(line)")
    }
  }

  @Test func anyLineIsReadAlikeOrLeftToArgumentParser() {
    var draws = Draws(state: 20_261_123)
    var taken = 0
    for _ in 0..<2000 {
      let length = Int.random(in: 0...6, using: &draws)
      let line = (0..<length).map { _ in Self.tokens.randomElement(using: &draws)! }
      guard let quick = CommonInvocation.read(line) else { continue }
      taken += 1
      #expect(quick == parsed(line), "\(line)")
    }
    // The draw reaches the common grammar often enough for the check to mean something.
    #expect(taken > 80, "common lines drawn: \(taken)")
  }

  @Test func linesOutsideTheGrammarAreLeftToArgumentParser() {
    for line in [
      ["--db", "a", "--db", "b"], ["--db=s.db"], ["-c"], ["-c", "-1"], ["--", "a"], ["-i"], ["--format", "json"],
      ["--help"], ["--version", "-c", "print 1"], ["-"], [""], ["--db", ""], ["-X", "-X"], ["-Xi"],
    ] {
      #expect(CommonInvocation.read(line) == nil, "\(line)")
    }
  }
}

import CofferCore
import Testing

@testable import CofferShell

/// A sheet's draft is checked at every keystroke. Plain digits take a short way round the
/// language; whatever the way, the answer must be the one the language gives.
@Suite struct DraftEvaluationTests {
  private let currencies = ["USD", "JPY", "KWD"].map { Catalog.currency($0)! }

  @Test func plainDigitsTakeTheShortWay() {
    for text in ["0", "7", "1250", "99.5", "0.001", "000123.4500"] {
      #expect(CommandContext.plainNumber(text) != nil, "\(text)")
    }
    // Too many digits for a literal: the language's way says so.
    let tooMany = String(repeating: "9", count: 40)
    for text in ["", ".5", "5.", "1.2.3", "1_000", "1,000", " 5", "5 ", "-5", "1e3", "2+3", "1٣", "１２", tooMany] {
      #expect(CommandContext.plainNumber(text) == nil, "\(text)")
    }
  }

  @Test func theShortWayAnswersAsTheLanguageDoes() throws {
    let context = try Harness().interpreter.context
    var texts = [
      "0", "12.50", "12.505", "1.234", "0.0001", "5.", ".5", "1__0", "1_0", "00", "0.0",
      String(repeating: "9", count: 38), String(repeating: "9", count: 39), "1." + String(repeating: "0", count: 30),
      "123456789012345678901234567890", "1e5", "1,5", "3*4",
    ]
    // Short strings over the characters a number is made of and what sits next to one.
    var generator = SplitMix(seed: 0x5EED)
    // Every other one of digits and points alone, so that many take the short way.
    let alphabets = [Array("0123456789.._,- e+*"), Array("0000123456789.")]
    for round in 0..<3000 {
      let alphabet = alphabets[round % 2]
      let length = Int(generator.next() % 24) + 1
      texts.append(String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
    }
    for text in texts {
      for currency in currencies {
        let short = context.evaluateDraft(text, currency)
        let language = context.evaluateDraftAsStatement(text, currency)
        #expect(short == language, "\(text) in \(currency.code)")
        // Equal values may be written differently (5 and 5.00); the draft keeps how it
        // was typed, so the written form must agree too.
        if case .success(let shortValue) = short, case .success(let languageValue) = language {
          #expect(shortValue.description == languageValue.description, "\(text) in \(currency.code)")
          #expect(shortValue.scale == languageValue.scale, "\(text) in \(currency.code)")
        }
      }
    }
  }
}

/// A small seeded generator, so that a failure is the same on every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

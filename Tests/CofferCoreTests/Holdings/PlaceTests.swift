import Foundation
import Testing

@testable import CofferCore

@Suite struct PlaceTests {
  /// What Foundation makes of a name: NFC, and the key its case folding (in NFC).
  private func byFoundation(_ name: String) -> (name: String, key: String) {
    let normalized = name.precomposedStringWithCanonicalMapping
    return (
      normalized, normalized.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    )
  }

  @Test func anASCIINameIsNamedAndKeyedAsFoundationWouldMakeIt() {
    // Every printable ASCII character, alone and within a name (a place is made once per
    // name, so each name here is new).
    for byte in UInt8(0x20)...UInt8(0x7E) {
      let character = String(UnicodeScalar(byte))
      for name in [character, "Wise " + character + " Joint"] {
        let place = Place(checkedName: name)
        let expected = byFoundation(name)
        #expect(place.name == expected.name && place.key == expected.key, "\(name)")
      }
    }
  }

  @Test func otherNamesAreNormalizedAndFoldedByFoundation() {
    // A decomposed é is stored composed; ß and the Kelvin sign fold as Unicode says.
    for name in ["Caf\u{65}\u{301} Ü", "招商银行", "Straße", "\u{212A}elvin", "ＷＩＳＥ"] {
      let place = Place(checkedName: name)
      let expected = byFoundation(name)
      #expect(place.name == expected.name && place.key == expected.key, "\(name)")
    }
  }

  @Test func namesThatDifferInCaseAreOnePlace() {
    #expect(Place(checkedName: "WISE") == Place(checkedName: "wise"))
    #expect(Place(checkedName: "Wise").name == "Wise")
    #expect(Place(checkedName: "Caf\u{C9}") == Place(checkedName: "caf\u{65}\u{301}"))
    #expect(Place(checkedName: "N26 Joint") != Place(checkedName: "N26 joint!"))
    #expect(Place.unnamed.isUnnamed && Place.unnamed.key.isEmpty)
  }

  /// The byte-by-byte check of an ASCII name finds what the check by Unicode properties
  /// finds: every ASCII character alone, at either end, inside a word, doubled, and names
  /// at and past the longest.
  @Test func anASCIINameIsCheckedAsByItsUnicodeProperties() {
    var names = ["", "wise", "N26 joint", String(repeating: "a", count: 64), String(repeating: "a", count: 65), "\r\n"]
    for byte in UInt8(0)..<0x80 {
      let character = String(decoding: [byte], as: UTF8.self)
      names += [character, character + "x", "x" + character, "a" + character + "b", character + character]
    }
    for name in names {
      #expect(Place.asciiProblem(with: name) == Place.unicodeProblem(with: name), "\(Array(name.utf8))")
    }
    #expect(
      Place.problem(with: " wise") != nil && Place.problem(with: "a@b") != nil && Place.problem(with: "wise") == nil)
  }
}

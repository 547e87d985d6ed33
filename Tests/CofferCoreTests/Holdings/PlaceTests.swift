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
}

import CofferCore
import Foundation
import RateFiles
import Testing

/// The account of each place in `holdings export`: names ledger, hledger and beancount
/// read as one account each, distinct for distinct places.
@Suite struct PlaceAccountsTests {
  private func places(_ names: [String]) -> [Place] { names.map { Place(checkedName: $0) } }

  private func accounts(_ names: [String], _ style: PlaceAccounts.Style) -> [String: String] {
    let accounts = PlaceAccounts(places(names), style: style)
    return Dictionary(uniqueKeysWithValues: accounts.accounts.map { ($0.place.name, $0.account) })
  }

  @Test func ledgerKeepsANameAsWrittenWhereTheToolsReadItSo() {
    let ledger = accounts(["", "wise", "N26 joint", "招商银行", "Ärzte Kasse", "x;y (old) #1", "it's \"ok\""], .ledger)
    #expect(
      ledger == [
        "": "Assets:Coffer", "wise": "Assets:Coffer:wise", "N26 joint": "Assets:Coffer:N26 joint",
        "招商银行": "Assets:Coffer:招商银行", "Ärzte Kasse": "Assets:Coffer:Ärzte Kasse",
        "x;y (old) #1": "Assets:Coffer:x;y (old) #1", "it's \"ok\"": "Assets:Coffer:it's \"ok\"",
      ])
  }

  @Test func ledgerBlanksAreOnePlainSpaceAndAColonIsNoSubAccount() {
    // Two blanks end an account name; hledger reads a no-break or ideographic space as a
    // plain one; a colon would make a sub-account.
    let ledger = accounts(["x  y", " lead ", "a\u{00A0}b", "c\u{3000}\u{2003}d", "e:f", "g\u{2028}h"], .ledger)
    #expect(
      ledger == [
        "x  y": "Assets:Coffer:x y", " lead ": "Assets:Coffer:lead", "a\u{00A0}b": "Assets:Coffer:a b",
        "c\u{3000}\u{2003}d": "Assets:Coffer:c d", "e:f": "Assets:Coffer:e-f", "g\u{2028}h": "Assets:Coffer:g h",
      ])
    for account in ledger.values {
      #expect(!account.contains("  ") && !account.hasSuffix(" "))
      #expect(account.unicodeScalars.split(separator: ":").count <= 3)
    }
  }

  @Test func ledgerCollisionsGetASuffix() {
    // `a-b` comes first in place order (`-` before `:`), so it keeps the name.
    let ledger = accounts(["a:b", "a-b", "x y", "x  y"], .ledger)
    #expect(ledger["a-b"] == "Assets:Coffer:a-b")
    #expect(ledger["a:b"] == "Assets:Coffer:a-b-2")
    #expect(ledger["x  y"] == "Assets:Coffer:x y")
    #expect(ledger["x y"] == "Assets:Coffer:x y-2")
  }

  @Test func beancountCapitalisesAndTurnsOtherCharactersIntoDashes() {
    let beancount = accounts(
      ["", "wise", "N26 joint", "招商银行", "ärzte kasse", "_cash!", "a & b", "!!!", "हिन्दी", "Ⅻ²x", "1st"],
      .beancount)
    #expect(
      beancount == [
        "": "Assets:Coffer:Unnamed", "wise": "Assets:Coffer:Wise", "N26 joint": "Assets:Coffer:N26-joint",
        "招商银行": "Assets:Coffer:招商银行", "ärzte kasse": "Assets:Coffer:Ärzte-kasse", "_cash!": "Assets:Coffer:Cash",
        "a & b": "Assets:Coffer:A-b", "!!!": "Assets:Coffer:Place", "हिन्दी": "Assets:Coffer:हिन्दी",
        "Ⅻ²x": "Assets:Coffer:X", "1st": "Assets:Coffer:1st",
      ])
  }

  @Test func beancountCollisionsGetASuffixCheckedAgainstEveryNameSoFar() {
    // In place order: "a b", "a b 2", "a_b". The third's `A-b-2` is the second's own name.
    let beancount = accounts(["a_b", "a b 2", "a b", "unnamed", "", "N26 joint", "n26-Joint"], .beancount)
    #expect(beancount["a b"] == "Assets:Coffer:A-b")
    #expect(beancount["a b 2"] == "Assets:Coffer:A-b-2")
    #expect(beancount["a_b"] == "Assets:Coffer:A-b-3")
    // The unnamed place comes first and keeps `Unnamed`.
    #expect(beancount[""] == "Assets:Coffer:Unnamed")
    #expect(beancount["unnamed"] == "Assets:Coffer:Unnamed-2")
    #expect(beancount["N26 joint"] == "Assets:Coffer:N26-joint")
    #expect(beancount["n26-Joint"] == "Assets:Coffer:N26-Joint")
    #expect(Set(beancount.values).count == beancount.count)
  }

  /// beancount's lexer: a component starts with `[A-Z0-9]` or any non-ASCII character, and
  /// goes on with `[A-Za-z0-9-]` or non-ASCII ones.
  private func isBeancountComponent(_ component: String) -> Bool {
    guard let first = component.unicodeScalars.first else { return false }
    let isASCIIUpperOrDigit = { (s: Unicode.Scalar) in ("A"..."Z").contains(s) || ("0"..."9").contains(s) }
    guard !first.isASCII || isASCIIUpperOrDigit(first) else { return false }
    return component.unicodeScalars.allSatisfy {
      !$0.isASCII || isASCIIUpperOrDigit($0) || ("a"..."z").contains($0) || $0 == "-"
    }
  }

  @Test func everyNameGivesAnAccountEachToolReads() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aZ09 _-:;.!\"'()[]{}#*&@é招\u{00A0}\u{3000}\u{0301}²")
    for _ in 0..<200 {
      let names = (0..<6).map { _ in
        String((0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      }
      let valid = names.filter { Place.problem(with: $0) == nil }
      let beancount = PlaceAccounts(places(valid), style: .beancount)
      let ledger = PlaceAccounts(places(valid), style: .ledger)
      #expect(Set(beancount.accounts.map(\.account)).count == beancount.accounts.count)
      #expect(Set(ledger.accounts.map(\.account)).count == ledger.accounts.count)
      // Split as the tools read: by code point (a name may start with a combining mark,
      // which makes one Character of it and the colon before it).
      for (_, account) in beancount.accounts {
        let components = account.unicodeScalars.split(separator: ":").map { String(String.UnicodeScalarView($0)) }
        #expect(components.count == 3 && isBeancountComponent(components[2]), "\(account)")
      }
      for (_, account) in ledger.accounts {
        #expect(account.unicodeScalars.split(separator: ":").count == 3, "\(account)")
        #expect(!account.contains("  ") && !account.hasSuffix(" ") && !account.contains("\u{00A0}"), "\(account)")
      }
    }
  }
}

import CofferCore

/// The account each place's holdings are written to in a holdings journal
/// (`holdings export`): one account per place, distinct places always distinct accounts,
/// each a name the format's tools read as that one account.
///
/// A place name may hold almost anything (`Place.problem(with:)`: no control characters,
/// no `@`), and each format reads less:
///
/// - **ledger and hledger**: `Assets:Coffer` for the unnamed place, `Assets:Coffer:NAME`
///   for the others, the name kept as written except where the tools would read it
///   otherwise. Two blanks (or a tab) end an account name in both, and hledger takes any
///   Unicode space (no-break, ideographic) as a blank and turns it into a plain one in the
///   name, where ledger keeps it; so every blank becomes one plain space, runs of them one,
///   and blanks at either end go. A `:` would start a sub-account, under another place's
///   account when the part before it is another place's name: it becomes `-`.
/// - **beancount**: a component starts with a capital letter or a digit and holds letters,
///   digits and `-` only (its lexer also takes any non-ASCII character; its own check,
///   `account.is_valid`, letters and digits of any script): `Assets:Coffer:Unnamed` for
///   the unnamed place, and for the others the name with letters (and the marks on them)
///   and digits kept, every other character turned into `-` (a run of them one `-`, none
///   at either end, `Place` if nothing is left) and the first letter capitalised:
///   `N26 joint` is `Assets:Coffer:N26-joint`, `wise` is `Assets:Coffer:Wise`.
///
/// Both can give two places one account (`N26 joint` and `N26-joint` in beancount, `a:b`
/// and `a-b` in ledger): the first place, in `Place` order (the unnamed one first), keeps
/// it and the next gets `-2`, then `-3`, each checked against every name given so far.
package struct PlaceAccounts: Sendable {
  /// The format's account names, as they follow `Assets:Coffer`.
  package enum Style: Sendable {
    case ledger
    case beancount
  }

  /// Each place with its account, the unnamed place first, then in `Place` order: what
  /// the journal's header lists.
  package let accounts: [(place: Place, account: String)]
  package let style: Style
  private let byPlace: [Place: String]

  /// The parent account of every place's.
  package static let root = "Assets:Coffer"

  /// The accounts of `places` (in any order, each once; the unnamed place may be among
  /// them or not).
  package init(_ places: some Sequence<Place>, style: Style) {
    var taken: Set<String> = []
    var accounts: [(place: Place, account: String)] = []
    for place in Set(places).sorted() {
      let base = Self.account(of: place, style: style)
      var account = base
      var suffix = 2
      while taken.contains(account) {
        account = base + "-\(suffix)"
        suffix += 1
      }
      taken.insert(account)
      accounts.append((place, account))
    }
    self.accounts = accounts
    self.style = style
    byPlace = Dictionary(uniqueKeysWithValues: accounts.map { ($0.place, $0.account) })
  }

  /// The account of a place given to `init`; for any other, its account before collisions.
  package func account(for place: Place) -> String {
    byPlace[place] ?? Self.account(of: place, style: style)
  }

  /// A place's account before collisions are resolved.
  static func account(of place: Place, style: Style) -> String {
    switch style {
    case .ledger: place.isUnnamed ? root : root + ":" + ledgerComponent(place.name)
    case .beancount: root + ":" + (place.isUnnamed ? "Unnamed" : beancountComponent(place.name))
    }
  }

  /// A place name as ledger and hledger read it as one account component (see the type).
  static func ledgerComponent(_ name: String) -> String {
    var component = String.UnicodeScalarView()
    var pendingBlank = false
    for scalar in name.unicodeScalars {
      if scalar.properties.isWhitespace {
        // Kept back until something follows it: no blank at the end, and one for a run.
        pendingBlank = !component.isEmpty
        continue
      }
      if pendingBlank { component.append(" ") }
      pendingBlank = false
      component.append(scalar == ":" ? "-" : scalar)
    }
    return String(component)
  }

  /// A place name as a beancount account component (see the type).
  static func beancountComponent(_ name: String) -> String {
    var component = String.UnicodeScalarView()
    var pendingDash = false
    for scalar in name.unicodeScalars {
      let kept: Bool
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
        kept = true
      case .nonspacingMark, .spacingMark, .enclosingMark:
        // A mark belongs to the letter before it (a vowel sign in Devanagari, a tone
        // mark NFC does not compose); one with no letter before it is not kept.
        kept = !component.isEmpty && !pendingDash
      default:
        kept = false
      }
      guard kept else {
        // Kept back until something follows it: no `-` at either end, and one for a run.
        pendingDash = !component.isEmpty
        continue
      }
      if pendingDash { component.append("-") }
      pendingDash = false
      component.append(scalar)
    }
    guard let first = String(component).first else { return "Place" }
    return first.uppercased() + String(component).dropFirst()
  }
}

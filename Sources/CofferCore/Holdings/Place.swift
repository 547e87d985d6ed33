import CofferText
import Foundation
import Synchronization

/// Where an amount is held: a bank, a wallet, cash (SPEC §11). Every holding that does
/// not name one is at the unnamed place, `Place.unnamed`.
///
/// A place is shown as first written (in NFC) and matched by Unicode case folding:
/// `Wise`, `wise` and `WISE` are one place.
package struct Place: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The name as first written, in NFC; "" for the unnamed place.
  package let name: String
  /// What names are matched by: the name case-folded (and in NFC).
  package let key: String
  /// A hash of `key`'s bytes, worked out once. Holdings key the dictionaries a dated
  /// answer builds for every holding and date, and Swift hashes a `String` that is not
  /// ASCII by normalizing it each time; `key` is NFC already, so its bytes decide.
  private let keyHash: UInt64

  /// The place holdings are at unless they name one.
  package static let unnamed = Place(checkedName: "")

  /// Places made so far, by the name they were made from. Normalizing and folding go
  /// through Foundation, which costs microseconds a name, and a store names its few
  /// places on many rows (a start reads every holding row, a listing every entry).
  private static let made = Mutex<[String: Place]>([:])
  private static let mostRemembered = 1024

  /// A place from a name already checked (`problem(with:)`), made NFC and folded here.
  package init(checkedName name: String) {
    if let known = Self.made.withLock({ $0[name] }) {
      self = known
      return
    }
    self.init(normalizing: name)
    let place = self
    Self.made.withLock { made in
      if made.count < Self.mostRemembered { made[name] = place }
    }
  }

  private init(normalizing name: String) {
    let key: String
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII is its own NFC and folds to its lower case, without Foundation, whose first
      // normalizing loads ICU's tables: a start at the unnamed place ("") paid 0.8 M
      // instructions and their page faults for it.
      self.name = name
      key = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    } else {
      let normalized = name.precomposedStringWithCanonicalMapping
      self.name = normalized
      key = normalized.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }
    self.key = key
    // FNV-1a: short, and the same on every run (the hash itself is seeded by `Hasher`).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    self.keyHash = hash
  }

  /// A place named by text a person typed or a file held; throws saying what is wrong.
  package init(named name: String) throws(PlaceNameError) {
    if let problem = Self.problem(with: name) { throw PlaceNameError(name: name, problem: problem) }
    self.init(checkedName: name)
  }

  package var isUnnamed: Bool { key.isEmpty }

  package var description: String { name }

  /// How listings and messages show it: its name, or `(no place)` for the unnamed one.
  package var shown: String { isUnnamed ? tr("(no place)") : name }

  /// Both keys are NFC, so String's equality (canonical equivalence) is equality of
  /// their bytes; it compares two short keys (the unnamed place's, most) by their bits at
  /// once, where comparing the UTF-8 views walked them a byte at a time.
  package static func == (lhs: Place, rhs: Place) -> Bool {
    lhs.keyHash == rhs.keyHash && lhs.key == rhs.key
  }
  package func hash(into hasher: inout Hasher) { hasher.combine(keyHash) }
  /// The unnamed place first, then by folded name (byte order: the same on every machine).
  package static func < (lhs: Place, rhs: Place) -> Bool {
    // The views compared in place: an array of either's bytes cost an allocation for
    // each comparison of a sort.
    lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
  }

  /// The place as typed after `@` in a message's example: quoted unless it is letters,
  /// digits, `_`, `.` and `-` alone (the language's own rule is `PlaceWord`'s).
  package static func typed(_ place: Place) -> String {
    let plain = !place.name.isEmpty && place.name.allSatisfy { $0.isLetter || $0.isNumber || "_.-".contains($0) }
    return plain ? place.name : "\"" + place.name + "\""
  }

  /// Direction marks and overrides: they make a name read otherwise than it is stored.
  /// (Ranges, not a set: a set's first use cost more than the rest of a start's reading
  /// of places.)
  private static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The longest name a place may have, in characters.
  package static let maximumLength = 64

  /// Why `name` cannot name a place, or nil. The unnamed place is "" (`C@""`).
  package static func problem(with name: String) -> String? {
    name.utf8.allSatisfy({ $0 < 0x80 }) ? asciiProblem(with: name) : unicodeProblem(with: name)
  }

  /// `problem(with:)` for any name, by the characters' Unicode properties.
  static func unicodeProblem(with name: String) -> String? {
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return tr("a place name cannot hold control characters")
    }
    if name.count > maximumLength {
      return tr("a place name has at most {limit} characters", ["limit": String(maximumLength)])
    }
    if name.unicodeScalars.contains("＠") || name.unicodeScalars.contains("@") {
      return tr("a place name cannot hold '@'")
    }
    if !name.isEmpty && name.allSatisfy({ $0.isWhitespace }) { return tr("a place name cannot be only blanks") }
    // Blanks at either end would make two places look like one (and a CSV cell trims them).
    if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
      return tr("a place name cannot begin or end with a blank")
    }
    if name.unicodeScalars.contains(where: isDirectionMark) {
      return tr("a place name cannot hold direction marks (U+200E, U+202A to U+202E, U+2066 to U+2069)")
    }
    return nil
  }
}

extension Place {
  /// `problem(with:)` for a name in ASCII, byte by byte: what a start asks of every
  /// holding's place, most of them "" or a plain word, and what the Unicode properties
  /// cost several times over. In ASCII the controls are 0x00–0x1F and 0x7F; a character is
  /// a byte (CR LF, the one pair that is one character, is a control); the one blank that
  /// is no control is the space; and there is no direction mark.
  static func asciiProblem(with name: String) -> String? {
    let bytes = name.utf8
    if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return tr("a place name cannot hold control characters") }
    if bytes.count > maximumLength {
      return tr("a place name has at most {limit} characters", ["limit": String(maximumLength)])
    }
    if bytes.contains(UInt8(ascii: "@")) { return tr("a place name cannot hold '@'") }
    if !bytes.isEmpty && bytes.allSatisfy({ $0 == 0x20 }) { return tr("a place name cannot be only blanks") }
    if bytes.first == 0x20 || bytes.last == 0x20 { return tr("a place name cannot begin or end with a blank") }
    return nil
  }
}

/// A place name that cannot be one, with why.
package struct PlaceNameError: Error, Sendable, Equatable {
  package let name: String
  package let problem: String
}

/// An amount's whereabouts: a unit at a place. What the journal, the pending batch and a
/// conflict are keyed by.
package struct Holding: Sendable, Hashable, CustomStringConvertible {
  package let currency: Currency
  package let place: Place

  package init(_ currency: Currency, at place: Place = .unnamed) {
    self.currency = currency
    self.place = place
  }

  /// `USD`, `USD@wise`, `EUR@N26 joint`: the code, and the place's name after `@` (the
  /// unnamed place with the code alone). A script writes it as `PlaceWord.holding` does.
  package var description: String { place.isUnnamed ? currency.code : currency.code + "@" + place.name }

  /// How a message about a stored row names the holding: `code 'USD'`, or
  /// `code 'USD', place 'wise'`.
  package var storedKey: String {
    "code '\(currency.code)'" + (place.isUnnamed ? "" : ", place '\(place.name)'")
  }

  /// Catalog order, then the unnamed place first, then places by name.
  package static func precedes(_ lhs: Holding, _ rhs: Holding) -> Bool {
    lhs.currency.index != rhs.currency.index ? lhs.currency.index < rhs.currency.index : lhs.place < rhs.place
  }
}

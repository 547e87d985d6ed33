import CofferCore
import CofferScript

extension Holding {
  /// The holding as a script names it: `USD`, `USD@wise`, `EUR@"N26 joint"`; the unnamed
  /// place as `USD@""` when `explicit` (a currency held at named places too, where a bare
  /// `USD` would name all of them, or be refused in a write).
  func written(explicit: Bool = false) -> String {
    PlaceWord.holding(code: currency.code, place: place.name, bare: !explicit)
  }
}

extension Place {
  /// The place standing alone as a script names it (`move … from wise`): a word, or
  /// quoted; `""` for the unnamed place.
  var written: String { PlaceWord.written(name) }
}

import CofferScript

/// What a command's statements may change. A command is taken to write unless its entry
/// says otherwise.
enum Access: Sendable {
  /// It only reads (the holdings, the rates, the store): `total`, `holdings`, `log`.
  case reads
  /// It changes the holdings, the rates, the store or the session (`set`, `let`, `save`).
  case writes
  /// It reads, unless one of these slots (or keywords) is given: `local` shows the local
  /// currency, `local C` changes it; `rates sources clear` removes them all.
  case readsWithout([Slot], keywords: [String] = [])

  /// Whether the statement read into `arguments` only reads.
  func onlyReads(_ arguments: Arguments) -> Bool {
    switch self {
    case .reads: true
    case .writes: false
    case .readsWithout(let slots, let keywords):
      !arguments.values.contains { read in slots.contains { $0 === read.slot } }
        && !keywords.contains { arguments.has(keyword: $0) }
    }
  }
}

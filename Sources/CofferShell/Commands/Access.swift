import CofferScript

/// What a command's statements may change. A command is taken to write unless its entry
/// says otherwise.
enum Access: Sendable {
  /// It only reads (the holdings, the rates, the store): `total`, `holdings`, `log`.
  case reads
  /// It changes the holdings, the rates, the store or the session (`set`, `let`, `save`).
  case writes
  /// It reads, unless this slot (or this keyword) is given: `local` shows the local
  /// currency, `local C` changes it; `rates sources clear` removes them all.
  case readsWithout(String, keyword: String? = nil)

  /// Whether the statement read into `arguments` only reads.
  func onlyReads(_ arguments: Arguments) -> Bool {
    switch self {
    case .reads: true
    case .writes: false
    case .readsWithout(let slot, let keyword):
      arguments[slot] == nil && !(keyword.map { arguments.has(keyword: $0) } ?? false)
    }
  }
}

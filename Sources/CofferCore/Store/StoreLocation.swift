import Foundation

/// Where the store lives.
package enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
  /// A path the person chose (`--db`, `$COFFER_DB`): its folder must exist.
  case file(String)
  /// The default location, whose folders are created (0700) when missing.
  case standard(String)
  case memory

  /// `--db PATH`, else `$COFFER_DB`, else `$XDG_DATA_HOME/coffer/coffer.db`
  /// (`~/.local/share/coffer/coffer.db`). `:memory:` is a fresh in-memory store.
  package static func resolve(option: String?, environment: [String: String]) -> StoreLocation {
    let chosen = option ?? environment["COFFER_DB"].flatMap { $0.isEmpty ? nil : $0 }
    if let chosen {
      return chosen == ":memory:" ? .memory : .file(chosen)
    }
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    return .standard(dataHome + "/coffer/coffer.db")
  }

  package var description: String {
    switch self {
    case .file(let path), .standard(let path): path
    case .memory: ":memory:"
    }
  }

  /// Whether opening the store creates its missing folders.
  package var createsFolders: Bool {
    if case .standard = self { return true }
    return false
  }
}

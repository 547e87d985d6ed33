#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variables Coffer reads, each asked for with `getenv`.
/// `ProcessInfo.processInfo.environment` sets up `ProcessInfo` and copies every variable
/// into a dictionary: 0.3 M instructions at every start, for the few names read here.
package enum ProcessEnvironment {
  /// Every variable the launcher hands on: colour, today, the store's location, the
  /// names' language, the startup and history files.
  package static let names = [
    "NO_COLOR", "COFFER_TODAY", "COFFER_DB", "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
    "LC_ALL", "LC_MESSAGES", "LANG",
  ]

  /// The variables of `names` that are set, by name.
  package static func variables(_ names: [String] = names) -> [String: String] {
    var variables: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }
}

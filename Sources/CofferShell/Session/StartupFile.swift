import CofferCore
import Foundation

/// The startup file, `$XDG_CONFIG_HOME/coffer/rc` (`~/.config/coffer/rc`), run before an
/// interactive session's first prompt, as psql runs `~/.psqlrc`; `-X` / `--no-rc` skips it.
///
/// It is a script like any other: its errors are reported with their place
/// (`~/.config/coffer/rc:3:5: error: …`) and stop the file there, its edits are saved
/// when it ends, and relative `source` paths in it are read from its folder. Whatever
/// goes wrong in it, the session still starts; only `quit` (or SIGTERM, SIGHUP) in it
/// ends the run.
package enum StartupFile {
  /// Where the startup file is looked for. A relative `XDG_CONFIG_HOME` is ignored, as
  /// the XDG base directory specification asks.
  package static func path(environment: [String: String]) -> String {
    let configHome =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.config"
    return configHome + "/coffer/rc"
  }
}

extension Session {
  /// Runs the startup file at `path`, if there is one. Returns `.proceed` unless it asked
  /// to end the run (`quit`, a signal): a failed statement in it was reported, and the
  /// session starts all the same.
  func runStartupFile(at path: String) -> Flow {
    guard FileManager.default.fileExists(atPath: path) else { return .proceed }
    switch LineReader.open(path: path, source: path) {
    case .failure(let error):
      output.diagnostic("\(path): error: \(error.message)".escapingControlCharacters)
      return .proceed
    case .success(let reader):
      let flow = runScript(reader, folder: (path as NSString).deletingLastPathComponent)
      switch flow {
      case .stop(.quit), .stop(.signal): return flow
      default: return .proceed
      }
    }
  }
}

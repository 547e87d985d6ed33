/// What the command line asked for.
package struct LaunchOptions: Sendable, Equatable {
  package var database: String?
  package var commands: [String] = []
  package var scripts: [String] = []
  package var interactive = false
  package var keepGoing = false
  package var atomic = false
  package var format: OutputFormat = .table
  package var color: ColorMode = .auto
  package var ratesFile: String?
  /// `-X` / `--no-rc`: the startup file is not run.
  package var skipStartupFile = false

  package init() {}
}

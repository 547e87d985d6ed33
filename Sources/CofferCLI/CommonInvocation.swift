import CofferShell

/// The command lines nearly every run has, read without argument-parser: `--version`
/// alone, or any mix of `--db PATH`, `-c CMDS` / `--command CMDS` (repeatable), `-X` /
/// `--no-rc` and script paths.
///
/// argument-parser finds a command's options by reflection, and in a binary that holds
/// Foundation and GRDB every reflective type check scans thousands of conformance
/// records: about 10 million instructions, two thirds of `coffer -c 'print total()'`.
/// Anything outside this small grammar (help, flags, `--format`, `--`, `--db=PATH`, an
/// option given twice, a value that looks like an option) is left to argument-parser,
/// which stays the one definition of the command line; `CommonInvocationTests` checks
/// that both read every line of this grammar alike.
package enum CommonInvocation: Equatable {
  case version
  case run(LaunchOptions)

  /// The invocation `arguments` (without the program's name) ask for, or nil when it is
  /// argument-parser's to read.
  package static func read(_ arguments: [String]) -> CommonInvocation? {
    if arguments == ["--version"] { return .version }
    var launch = LaunchOptions()
    var index = 0
    // A value is taken only when argument-parser would surely take it as one too.
    func value(after option: Int) -> String? {
      guard option + 1 < arguments.count else { return nil }
      let value = arguments[option + 1]
      return value.isEmpty || value.hasPrefix("-") ? nil : value
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--db":
        guard launch.database == nil, let path = value(after: index) else { return nil }
        launch.database = path
        index += 2
      case "-X", "--no-rc":
        guard !launch.skipStartupFile else { return nil }
        launch.skipStartupFile = true
        index += 1
      case "-c", "--command":
        guard let commands = value(after: index) else { return nil }
        launch.commands.append(commands)
        index += 2
      default:
        guard !argument.isEmpty, !argument.hasPrefix("-") else { return nil }
        launch.scripts.append(argument)
        index += 1
      }
    }
    return .run(launch)
  }
}

import ArgumentParser
import CSQLiteSetup
import CofferShell
import Foundation

/// `coffer [OPTIONS] [SCRIPT ...]`: the command line's one definition (options, help,
/// usage errors), handing over to the shell.
package struct CofferCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "coffer",
    abstract: "A shell for multi-currency holdings: amounts per currency, converted and totalled.",
    discussion: """
      With no script and a terminal on stdin, starts the interactive shell; with stdin not \
      a terminal, runs it as a script. Exit status: 0 success, 1 a statement or assert \
      failed, 2 usage error, 3 the store cannot be opened or written.
      """,
    version: "0.1.0")

  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The store (default $COFFER_DB, else $XDG_DATA_HOME/coffer/coffer.db); :memory: for a fresh one.",
      valueName: "path"),
    completion: .file())
  var database: String?

  @Option(
    name: [.customShort("c"), .customLong("command")],
    help: ArgumentHelp("Run these commands, then exit (repeatable; before any script).", valueName: "cmds"),
    completion: .custom { _, _, typed in CommandLineCompletion.commands(completing: typed) })
  var commands: [String] = []

  @Flag(name: [.customShort("i"), .long], help: "Stay interactive after -c commands and scripts.")
  var interactive = false

  @Flag(
    name: [.customShort("X"), .customLong("no-rc")],
    help: "Do not run the startup file ($XDG_CONFIG_HOME/coffer/rc) before the first prompt.")
  var noStartupFile = false

  @Flag(help: "Report a failed statement and go on with the next.")
  var keepGoing = false

  @Flag(help: "Make the whole run one batch: on an error nothing is saved.")
  var atomic = false

  // argument-parser lists the values (from `OutputFormat`) and the default itself.
  @Option(help: ArgumentHelp("Default format of listings.", valueName: "format"))
  var format: OutputFormat = .table

  @Option(help: ArgumentHelp("When to use colours (auto: stdout a terminal and NO_COLOR unset).", valueName: "when"))
  var color: ColorMode = .auto

  @Option(help: ArgumentHelp("Import a rates file before running anything.", valueName: "file"), completion: .file())
  var rates: String?

  @Argument(help: ArgumentHelp("Script files to run, in order.", valueName: "script"), completion: .file())
  var scripts: [String] = []

  package init() {}

  /// Runs the process: the common command lines read at once (`CommonInvocation`),
  /// every other through argument-parser; exits with the run's status.
  package static func runProcess() -> Never {
    // Before any connection opens, as SQLite requires (see the function's header).
    _ = coffer_sqlite_take_pages_one_by_one()
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch CommonInvocation.read(arguments) {
    case .version:
      print(configuration.version)
      Foundation.exit(0)
    case .run(let launch):
      Foundation.exit(ExitStatus.of(Launcher.run(launch)))
    case nil:
      Foundation.exit(ExitStatus.of(Launcher.run(parseOrExit(arguments))))
    }
  }

  /// The launch options argument-parser reads from `arguments`; help, the version and
  /// usage errors end the process here.
  static func parseOrExit(_ arguments: [String]) -> LaunchOptions {
    // argument-parser reads `--help=x` as `--help`; a value given to a flag is a
    // mistake worth naming.
    var remaining = arguments.prefix(while: { $0 != "--" }).makeIterator()
    while let argument = remaining.next() {
      // The value of an option that takes one is not a flag, whatever it says.
      if ["-c", "--command", "--db", "--format", "--color", "--rates"].contains(argument) {
        _ = remaining.next()
        continue
      }
      for flag in ["--help", "-h", "--version"] where argument.hasPrefix(flag + "=") {
        FileHandle.standardError.write(Data("Error: \(flag) takes no value\n\(usageString())\n".utf8))
        Foundation.exit(2)
      }
    }
    do {
      return try parse(arguments).launchOptions
    } catch {
      // Help and version go to stdout with status 0; every other problem is a usage
      // error (status 2), not argument-parser's default 64.
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      Foundation.exit(2)
    }
  }

  /// What the parsed command line asks of the shell.
  package var launchOptions: LaunchOptions {
    var launch = LaunchOptions()
    launch.database = database
    launch.commands = commands
    launch.scripts = scripts
    launch.interactive = interactive
    launch.keepGoing = keepGoing
    launch.atomic = atomic
    launch.format = format
    launch.color = color
    launch.ratesFile = rates
    launch.skipStartupFile = noStartupFile
    return launch
  }
}

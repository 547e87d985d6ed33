import ArgumentParser
import CSQLiteSetup
import CofferCore
import CofferShell
import CofferText
import Foundation

/// `coffer [OPTIONS] [SCRIPT ...]`: the command line's one definition (options, help,
/// usage errors), handing over to the shell.
package struct CofferCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "coffer",
    // The texts go through `tr`: in the language the process chose before anything reads
    // them (English for coffer-docs, which never chooses: the manual page stays English).
    abstract: tr("A shell for multi-currency holdings: amounts per currency, converted and totalled."),
    discussion: tr(
      """
      With no script and a terminal on stdin, starts the interactive shell; with stdin not \
      a terminal, runs it as a script. Exit status: 0 success, 1 a statement or assert \
      failed, 2 usage error, 3 the store cannot be opened or written.
      """),
    version: "0.1.0")

  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      tr("The store (default $COFFER_DB, else $XDG_DATA_HOME/coffer/coffer.db); :memory: for a fresh one."),
      valueName: tr("path")),
    completion: .file())
  var database: String?

  @Option(
    name: [.customShort("c"), .customLong("command")],
    help: ArgumentHelp(tr("Run these commands, then exit (repeatable; before any script)."), valueName: tr("cmds")),
    completion: .custom { _, _, typed in CommandLineCompletion.commands(completing: typed) })
  var commands: [String] = []

  @Flag(name: [.customShort("i"), .long], help: ArgumentHelp(tr("Stay interactive after -c commands and scripts.")))
  var interactive = false

  @Flag(
    name: [.customShort("X"), .customLong("no-rc")],
    help: ArgumentHelp(tr("Do not run the startup file ($XDG_CONFIG_HOME/coffer/rc) before the first prompt.")))
  var noStartupFile = false

  @Flag(help: ArgumentHelp(tr("Report a failed statement and go on with the next.")))
  var keepGoing = false

  @Flag(help: ArgumentHelp(tr("Make the whole run one batch: on an error nothing is saved.")))
  var atomic = false

  // argument-parser lists the values (from `OutputFormat`) and the default itself.
  @Option(help: ArgumentHelp(tr("Default format of listings."), valueName: tr("format")))
  var format: OutputFormat = .table

  @Option(
    help: ArgumentHelp(tr("When to use colours (auto: stdout a terminal and NO_COLOR unset)."), valueName: tr("when")))
  var color: ColorMode = .auto

  @Option(
    help: ArgumentHelp(tr("Import a rates file before running anything."), valueName: tr("file")), completion: .file())
  var rates: String?

  @Argument(help: ArgumentHelp(tr("Script files to run, in order."), valueName: tr("script")), completion: .file())
  var scripts: [String] = []

  package init() {}

  /// Runs the process: the common command lines read at once (`CommonInvocation`),
  /// every other through argument-parser; exits with the run's status.
  package static func runProcess() -> Never {
    // Before any connection opens, as SQLite requires (see the function's header).
    _ = coffer_sqlite_take_pages_one_by_one()
    // The language of every message, chosen once, before anything is parsed or said
    // (help, usage errors, the commands' descriptions). Only `coffer` chooses:
    // coffer-docs writes the manual page and the completion scripts in English.
    Messages.choose(NameLanguage.from(environment: ProcessEnvironment.variables(["LC_ALL", "LC_MESSAGES", "LANG"])))
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

  /// The options that take a value: the word after one is its value, whatever it says.
  static let optionsWithValues: Set<String> = ["-c", "--command", "--db", "--format", "--color", "--rates"]

  /// The launch options argument-parser reads from `arguments`; help, the version and
  /// usage errors end the process here.
  static func parseOrExit(_ arguments: [String]) -> LaunchOptions {
    // argument-parser reads `--help=x` as `--help`; a value given to a flag is a
    // mistake worth naming.
    var remaining = arguments.prefix(while: { $0 != "--" }).makeIterator()
    while let argument = remaining.next() {
      // The value of an option that takes one is not a flag, whatever it says.
      if optionsWithValues.contains(argument) {
        _ = remaining.next()
        continue
      }
      for flag in ["--help", "-h", "--version"] where argument.hasPrefix(flag + "=") {
        let message = "Error: " + tr("{flag} takes no value", ["flag": flag])
        FileHandle.standardError.write(Data("\(message)\n\(usageString())\n".utf8))
        Foundation.exit(2)
      }
    }
    // argument-parser's help is English only: in another language Coffer prints it
    // itself, from the same definitions (`TranslatedHelp`).
    if Messages.language != .english && TranslatedHelp.isAsked(in: arguments) {
      print(TranslatedHelp.text(for: Self.self, width: TranslatedHelp.terminalWidth()), terminator: "")
      Foundation.exit(0)
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
      // argument-parser writes its usage errors in English only.
      let message =
        Messages.language == .english ? fullMessage(for: error) : TranslatedUsageError.text(of: fullMessage(for: error))
      FileHandle.standardError.write(Data((message + "\n").utf8))
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

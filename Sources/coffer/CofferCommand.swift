import ArgumentParser
import CofferShell
import Foundation

/// `coffer [OPTIONS] [SCRIPT ...]`: parses the command line and hands over to the shell.
@main
struct CofferCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
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
      valueName: "path"))
  var database: String?

  @Option(
    name: [.customShort("c"), .customLong("command")],
    help: ArgumentHelp("Run these commands, then exit (repeatable; before any script).", valueName: "cmds"))
  var commands: [String] = []

  @Flag(name: [.customShort("i"), .long], help: "Stay interactive after -c commands and scripts.")
  var interactive = false

  @Flag(help: "Report a failed statement and go on with the next.")
  var keepGoing = false

  @Flag(help: "Make the whole run one batch: on an error nothing is saved.")
  var atomic = false

  @Option(help: ArgumentHelp("Default format of listings: table, plain, csv or json.", valueName: "format"))
  var format: String = "table"

  @Option(help: ArgumentHelp("Colours: auto, always or never.", valueName: "when"))
  var color: String = "auto"

  @Option(help: ArgumentHelp("Import a rates file before running anything.", valueName: "file"))
  var rates: String?

  @Argument(help: ArgumentHelp("Script files to run, in order.", valueName: "script"))
  var scripts: [String] = []

  func validate() throws {
    guard OutputFormat(rawValue: format) != nil else {
      throw ValidationError("--format must be table, plain, csv or json, not '\(format)'")
    }
    guard ColorMode(rawValue: color) != nil else {
      throw ValidationError("--color must be auto, always or never, not '\(color)'")
    }
  }

  static func main() {
    // argument-parser reads `--help=x` as `--help`; a value given to a flag is a
    // mistake worth naming.
    var arguments = CommandLine.arguments.dropFirst().prefix(while: { $0 != "--" }).makeIterator()
    while let argument = arguments.next() {
      // The value of an option that takes one is not a flag, whatever it says.
      if ["-c", "--command", "--db", "--format", "--color", "--rates"].contains(argument) {
        _ = arguments.next()
        continue
      }
      for flag in ["--help", "-h", "--version"] where argument.hasPrefix(flag + "=") {
        FileHandle.standardError.write(Data("Error: \(flag) takes no value\n\(usageString())\n".utf8))
        Foundation.exit(2)
      }
    }
    let command: CofferCommand
    do {
      command = try parse()
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
    var launch = LaunchOptions()
    launch.database = command.database
    launch.commands = command.commands
    launch.scripts = command.scripts
    launch.interactive = command.interactive
    launch.keepGoing = command.keepGoing
    launch.atomic = command.atomic
    launch.format = OutputFormat(rawValue: command.format) ?? .table
    launch.color = ColorMode(rawValue: command.color) ?? .auto
    launch.ratesFile = command.rates
    Foundation.exit(ExitStatus.of(Launcher.run(launch)))
  }
}

import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing
import RateFiles

/// Runs Coffer as the command line asked: `-c` commands, then script files, then stdin
/// or the interactive shell, and says how the run ended.
package enum Launcher {
  package static func run(_ launch: LaunchOptions) -> RunEnding {
    let environment = ProcessEnvironment.variables()
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    let stdinIsTerminal = isatty(STDIN_FILENO) == 1
    let color: Bool
    switch launch.color {
    case .always: color = true
    case .never: color = false
    case .auto: color = stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
    guard let output = Output.standard(color: color, isTerminal: stdoutIsTerminal) else {
      return .stopped(.usage)
    }
    // Names follow the locale as messages do: the process chose the messages' language
    // at its start (`CofferCommand.runProcess`), from the same variables.
    output.names = Messages.language
    func fail(_ message: String, _ reason: StopReason) -> RunEnding {
      output.diagnostic("coffer: error: \(message)".escapingControlCharacters)
      return .stopped(reason)
    }
    // A fixed "today" that is no date would otherwise be ignored without a word.
    if let fixed = environment["COFFER_TODAY"], CalendarDate(fixed) == nil {
      return fail(tr("COFFER_TODAY='{value}' is not a valid date (YYYY-MM-DD)", ["value": fixed]), .usage)
    }
    // Open every script before anything runs: an unreadable one is a usage error and
    // nothing has changed yet.
    var readers: [(LineReader, String)] = []
    for path in launch.scripts {
      switch LineReader.open(path: path, source: path) {
      case .success(let reader):
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        readers.append((reader, (absolute as NSString).deletingLastPathComponent))
      case .failure(let error):
        return fail(error.message, .usage)
      }
    }
    var ratesData: [UInt8]?
    if let path = launch.ratesFile {
      do {
        ratesData = try RatesFileLoader.read(path)
      } catch {
        return fail(tr("cannot read rates file {path}: {reason}", ["path": path, "reason": error.reason]), .usage)
      }
    }
    let location = StoreLocation.resolve(option: launch.database, environment: environment)
    let ledger: Ledger
    do {
      ledger = try Ledger(location: location)
    } catch {
      return fail(error.description, .storeFailed)
    }
    var options = RunOptions()
    options.keepGoing = launch.keepGoing
    options.atomic = launch.atomic
    options.format = launch.format
    if let copy = ledger.copyBeforeMigration {
      output.diagnostic(
        ("coffer: "
          + tr(
            "the store {store} was upgraded to this Coffer's schema; a copy as it was is kept in {copy}",
            ["store": "\(location)", "copy": "\(copy)"])).escapingControlCharacters)
    }
    if launch.atomic {
      // The whole run is one transaction: its end commits it, or rolls all of it back.
      do {
        try ledger.beginRunTransaction()
      } catch {
        return fail(error.description, .storeFailed)
      }
    }
    let interpreter = Interpreter(ledger: ledger, output: output, options: options)
    // SIGTERM and SIGHUP save the pending batch before leaving (checked between
    // statements); the interactive shell catches SIGINT too.
    Signals.install(catchInterrupt: false)
    let session = Session(interpreter: interpreter, output: output)

    var flow = Flow.proceed
    if let ratesData, let path = launch.ratesFile {
      // --rates FILE is `rates import FILE` before anything else runs.
      flow = interpreter.importRates(ratesData, name: (path as NSString).lastPathComponent)
    }
    for command in launch.commands where flow == .proceed {
      flow = session.runScript(LineReader.text(command, source: "<command>"), folder: nil)
    }
    for (reader, folder) in readers where flow == .proceed {
      flow = session.runScript(reader, folder: folder)
    }
    let ranSomething = !launch.commands.isEmpty || !launch.scripts.isEmpty
    if flow == .proceed && (!ranSomething || launch.interactive) {
      if stdinIsTerminal {
        // An --atomic run's transaction covers what ran before the prompt: it ends here.
        if launch.atomic { flow = session.endAtomicRun() }
        if flow == .proceed && !launch.skipStartupFile {
          flow = session.runStartupFile(at: StartupFile.path(environment: environment))
        }
        if flow == .proceed { flow = session.runInteractive(environment: environment) }
      } else if let reader = LineReader.standardInput(source: "<stdin>", beforeRead: { output.flush() }) {
        flow = session.runScript(reader, folder: nil)
      }
    }
    let ending = session.finish(flow)
    output.flush()
    // Everything is saved: close the store. The executable ends the process at once:
    // releasing the objects on the way out would be work for nothing, and disposing of
    // GRDB's dispatch queue starts a thread just before the process ends.
    ledger.close()
    _ = Unmanaged.passRetained(ledger)
    return ending
  }
}

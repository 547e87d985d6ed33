import CofferCore
import CofferText
import Foundation
import LineEditing

/// `watch`: the interpreter runs the watched statement, as often as the watch says, and
/// prints its output again when it changed.
extension Interpreter {
  /// Looks, then looks again every SECONDS while the count allows, printing the watched
  /// statement's output when it changed. Looking costs one `data_version` check: when no
  /// session saved in between, the statement is not run again at all, so nothing is
  /// recomputed and nothing else is read (`stats` shows it). Returns `.proceed` once the
  /// count is reached or Ctrl-C stopped it, or the stop SIGTERM or SIGHUP asks for.
  func watch(_ watch: WatchCommand) throws(StatementFailure) -> Flow {
    let format = watch.format(default: options.format)
    /// The watched statement run once, its output captured.
    func look() throws(StatementFailure) -> String {
      try output.capturing { captured throws(StatementFailure) in
        _ = try perform(try watch.watched.run(watch.arguments, context), format: format, to: captured)
      }
    }
    var shown = try look()
    show(shown, of: watch, first: true)
    // A confined run (the fuzzing harness) never waits: it looks once.
    if options.confined { return .proceed }
    var looks = 1
    var reloads = ledger.reloads
    while watch.count.map({ looks < $0 }) ?? true {
      switch Self.wait(seconds: watch.seconds) {
      case .interrupted:
        // The terminal echoed ^C: the prompt goes on the next line.
        if output.isTerminal { output.line("") }
        return .proceed
      case .stopped(let signal):
        return .stop(.signal(signal))
      case .timeUp:
        break
      }
      looks += 1
      do {
        try ledger.refresh()
      } catch {
        throw context.failure(error, at: watch.arguments.commandOffset)
      }
      // Nothing saved elsewhere: the output cannot have changed, and nothing is run.
      guard ledger.reloads != reloads else { continue }
      reloads = ledger.reloads
      let text = try look()
      if text != shown {
        show(text, of: watch, first: false)
        shown = text
      }
    }
    return .proceed
  }

  /// Prints an output: on a terminal under a dim line saying what is watched and when it
  /// changed; otherwise as it is, so a program reads one listing per change.
  private func show(_ printed: String, of watch: WatchCommand, first: Bool) {
    if output.isTerminal {
      if !first { output.line("") }
      let seconds = watch.seconds
      let every = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
      output.line(
        output.styled(
          tr(
            "every {seconds} s · {command} · {time} (Ctrl-C stops)",
            ["seconds": every, "command": watch.text, "time": Self.clock()]), "2"))
    }
    var lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    for line in lines { output.line(String(line)) }
    output.flush()
  }

  /// How a wait between looks ended.
  private enum Wait {
    case timeUp
    /// Ctrl-C: watching stops, the shell goes on.
    case interrupted
    /// SIGTERM or SIGHUP: the run stops (the session saves and leaves).
    case stopped(Int32)
  }

  /// Waits `seconds`, looking at signals every 50 ms.
  private static func wait(seconds: Double) -> Wait {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let deadline = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
    while true {
      if let signal = Signals.pendingStop { return .stopped(signal) }
      if Signals.takeInterrupt() { return .interrupted }
      clock_gettime(CLOCK_MONOTONIC, &now)
      let left = deadline - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
      guard left > 0 else { return .timeUp }
      usleep(useconds_t(min(left, 0.05) * 1e6))
    }
  }

  /// The time of day, `14:03:07`.
  private static func clock() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
  }
}

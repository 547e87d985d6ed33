import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing
import RateFiles

/// What `rates import`, `rates fetch` and `--rates` share: the import itself, its
/// progress bar, and how a stop by a signal is told.
enum RateImporting {
  /// Whether a signal asks to stop (Ctrl-C in the interactive shell, SIGTERM, SIGHUP):
  /// a running coffer-rates helper is then killed and an import rolled back.
  static let stopRequested: @Sendable () -> Bool = { Signals.stopPending || Signals.interruptPending }

  /// Imports bytes already read; returns the report line. `what` names the command in
  /// the message of an interruption ("import", "fetch").
  static func importRates(
    _ data: [UInt8], name: String, only: [Currency] = [], accept: Bool = false, _ context: CommandContext,
    at offset: Int, doing what: String
  ) throws(StatementFailure) -> String {
    let bar = ProgressBar(output: context.output, label: tr("importing {name}", ["name": name]))
    defer { bar.finish() }
    do {
      return try context.ledger.importRates(
        from: data, name: name, xmlAndZip: RatesHelper(shouldStop: stopRequested), only: only, accept: accept,
        shouldStop: stopRequested,
        progress: bar.update
      ).description.escapingControlCharacters
    } catch {
      switch error {
      case .file(let problem):
        throw context.failure(
          tr("{name}: {problem}; nothing imported", ["name": name, "problem": problem.description]), at: offset)
      case .store(let problem):
        throw context.failure(problem, at: offset)
      case .interrupted:
        throw interruption(what, context, at: offset)
      case .refused(let findings):
        throw refusal(findings, of: name, context, at: offset)
      }
    }
  }

  /// `--accept`: what `rates import`, `rates fetch`, `rates set`, `rates quote` and `rates
  /// record` take to store rates the rules find suspicious (SPEC §12).
  static let accept = Flag("accept")

  /// `--keep-findings` (`rates record`, `rates quote`): what a dump writes on rates its
  /// store had findings on and had not accepted (a rate recorded before the peg it falls
  /// outside, a store older than the rules). They are taken as they were, neither judged
  /// nor accepted, so that `check rates` reports them in the new store as in the old.
  static let keepFindings = Flag("keep-findings")

  /// The findings that hold rates back, each on a line of its own on stderr, and the
  /// failure that follows them.
  static func refusal(
    _ findings: [RateFinding], of what: String, _ context: CommandContext, at offset: Int
  ) -> StatementFailure {
    for finding in findings.prefix(RateFinding.shownAtMost) {
      context.output.diagnostic(("  " + finding.description).escapingControlCharacters)
    }
    if findings.count > RateFinding.shownAtMost {
      context.output.diagnostic(tr("  … and {count} more", ["count": String(findings.count - RateFinding.shownAtMost)]))
    }
    return context.failure(
      tr("{what}: {refusal}", ["what": what, "refusal": RateFinding.refusal(findings)]), at: offset)
  }

  /// Judges rates a command is about to record (`rates set`, `rates quote`, `rates
  /// record`) against the stored ones: with findings, refuses them, unless `accept`,
  /// which remembers the findings' rows and the command's own, found or not: a rate a
  /// person (or a dump) says to take stays taken whatever the rules become (a dump's
  /// accepted rate may raise nothing under the rules it is replayed with, which are the
  /// store's last, and is remembered all the same).
  static func judge(
    _ rows: [RateChecker.Observation], accept: Bool, _ what: String, _ context: CommandContext, at offset: Int
  ) throws(StatementFailure) {
    let findings: [RateFinding]
    do {
      findings = try context.ledger.findings(recording: rows)
      if accept { try context.ledger.accept(findings.map(\.row) + rows.map(\.row)) }
    } catch {
      throw context.failure(error, at: offset)
    }
    if !accept && !findings.isEmpty { throw refusal(findings, of: what, context, at: offset) }
  }

  /// A rates command stopped by a signal. Ctrl-C stops the line and the shell lives on;
  /// SIGTERM and SIGHUP end the run (which saves, then exits 128 + the signal).
  static func interruption(_ what: String, _ context: CommandContext, at offset: Int) -> StatementFailure {
    let reason: StopReason = Signals.pendingStop.map { .signal($0) } ?? .statementFailed
    return context.failure(tr("{what} interrupted; rates unchanged", ["what": what]), at: offset, reason: reason)
  }
}

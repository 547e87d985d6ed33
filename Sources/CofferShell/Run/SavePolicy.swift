import CofferCore
import CofferScript
import CofferText

/// When edits are saved, decided here and nowhere else (the manual's §5): at `save` and
/// Done (`dismiss` and the form's); after each interactive line that committed something
/// while the sheet is closed; at the end of each script file (with `--atomic`, only at the
/// end of the run, and only if nothing failed); when the run ends (EOF, `quit`, SIGTERM,
/// SIGHUP); and at Ctrl-C on an empty prompt. Every save of a run is made by `save(at:)`,
/// which the interpreter calls: for a command's `Effect.save`, at Done, and at the
/// session's own points. A failed save keeps the batch in memory and is reported once;
/// what could not be saved is listed as lines to type again.
///
/// A value the interpreter keeps, handed the context it saves from: the ledger (whose
/// pending batch says what there is to save), the open sheet, the run's options and the
/// output failures are reported on.
struct SavePolicy {
  /// The moments a save may happen.
  enum Point {
    /// `save`, `save --force`; and before `backup` and `dump`.
    case saveCommand(force: Bool)
    /// Done (forced: Done again after a conflict was shown).
    case dismiss(force: Bool)
    /// A line typed at the prompt ended; `before` is the pending batch as the line found
    /// it. The line committed something if the batch now holds a commit it did not.
    case interactiveLine(before: PendingBatch)
    /// A script file ended: `-c`, a script given on the command line, a `source`d file.
    case scriptEnded
    /// Ctrl-C at an empty prompt.
    case interruptAtEmptyPrompt
    /// The run ends: EOF, `quit`, SIGTERM, SIGHUP. `afterError`: a statement of the run
    /// failed (an --atomic run then saves nothing).
    case runEnding(afterError: Bool)
  }

  /// How a save went.
  enum Outcome {
    /// Nothing was due: nothing pending, or no save at this point.
    case notDue
    /// The batch was written: this many edits.
    case saved(Int)
    /// Nothing of the conflicting or failed part was written; the batch stays in memory.
    /// `message` says so, with how many edits were kept; `repeated` when the same
    /// failure was met with no save since (it was said already).
    case failed(StoreError, message: String, repeated: Bool)
  }

  private let context: CommandContext
  /// The last failure reported, with the count of saves then: the same failure met again
  /// with no save in between is not printed twice.
  private var lastReported: (message: String, saves: Int)?

  init(context: CommandContext) {
    self.context = context
  }

  private var ledger: Ledger { context.ledger }

  /// Whether the pending batch is written at this point.
  func applies(at point: Point) -> Bool {
    guard !ledger.pending.isEmpty else { return false }
    switch point {
    case .saveCommand, .dismiss, .interruptAtEmptyPrompt:
      return true
    case .interactiveLine(let before):
      // While the sheet is open its commits stay pending until dismiss or save.
      return context.sheet == nil && Self.holdsNewCommits(ledger.pending, since: before)
    case .scriptEnded:
      return !context.options.atomic && context.sheet == nil
    case .runEnding(let afterError):
      return !(context.options.atomic && afterError)
    }
  }

  /// Whether `batch` holds a commit `before` did not: a currency's amount, or its balance
  /// on a past date, that `before` did not have pending. (Rates, quotes and the local
  /// currency are no commits.)
  static func holdsNewCommits(_ batch: PendingBatch, since before: PendingBatch) -> Bool {
    batch.amounts.contains { before.amount(of: $0.holding) != $0.amount }
      || batch.dated.contains { before.dated($0.holding, on: $0.date) != $0 }
      || batch.moves.count > before.moves.count
  }

  /// Saves at `point` if the point calls for it: the one place a batch is written.
  mutating func save(at point: Point) -> Outcome {
    guard applies(at: point) else { return .notDue }
    let count = ledger.pending.count
    do {
      switch point {
      case .saveCommand(let force), .dismiss(let force): try ledger.save(force: force)
      default: try ledger.save()
      }
      return .saved(count)
    } catch {
      let message = Self.describe(error, kept: ledger.pending.count)
      let repeated = isRepeated(message)
      lastReported = (message, ledger.counters.saves)
      return .failed(error, message: message, repeated: repeated)
    }
  }

  /// A save a statement asked for: how many edits were written, or the failure of the
  /// statement.
  mutating func save(at point: Point, offset: Int) -> Result<Int, StatementFailure> {
    switch save(at: point) {
    case .notDue: return .success(0)
    case .saved(let count): return .success(count)
    case .failed(let error, let message, _):
      return .failure(
        context.failure(message, at: offset, reason: error.isStoreUnavailable ? .storeFailed : .statementFailed))
    }
  }

  /// A save made between statements. A failure is reported (once for the same failure)
  /// and its reason returned; the batch stays in memory.
  mutating func saveBetweenStatements(at point: Point, source: String, line: Int) -> StopReason? {
    guard case .failed(let error, let message, let repeated) = save(at: point) else { return nil }
    if !repeated { report(message, source: source, line: line) }
    return error.isStoreUnavailable ? .storeFailed : .statementFailed
  }

  /// The run is ending: the focused draft of an open sheet is committed (a typed value
  /// is not lost), then the batch saved unless the store already failed. Returns why the
  /// save failed, if it did.
  mutating func saveAtEnd(source: String, line: Int, storeFailed: Bool, afterError: Bool) -> StopReason? {
    if let refusal = context.sheet?.perform(.commit).refusal, !isRepeated(refusal.text) {
      report(refusal.text, source: source, line: line)
      lastReported = (refusal.text, ledger.counters.saves)
    }
    guard !storeFailed else { return nil }
    return saveBetweenStatements(at: .runEnding(afterError: afterError), source: source, line: line)
  }

  private func report(_ message: String, source: String, line: Int) {
    let output = context.output
    if context.options.interactive {
      output.diagnostic(output.styled("error:", "1;31") + " " + message.escapingControlCharacters)
    } else {
      output.diagnostic("\(source):\(line):1: error: \(message)".escapingControlCharacters)
    }
  }

  /// A failed save's message, with how many edits it left pending in memory.
  private static func describe(_ error: StoreError, kept: Int) -> String {
    tr(
      "{problem} ({count} unsaved edit kept in memory)", "{problem} ({count} unsaved edits kept in memory)",
      count: kept, ["problem": error.description])
  }

  private func isRepeated(_ message: String) -> Bool {
    lastReported?.message == message && lastReported?.saves == ledger.counters.saves
  }

  /// What leaving now would lose, as lines to paste back (see `UnsavedEdits`).
  var unsavedLines: [String] {
    UnsavedEdits.lines(of: ledger, sheet: context.sheet)
  }
}

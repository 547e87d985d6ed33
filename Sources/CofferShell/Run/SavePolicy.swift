import CofferCore
import CofferScript

/// When edits are saved, decided here and nowhere else (the manual's §5): at `save` and
/// `dismiss`; after each interactive line that committed something while the sheet is
/// closed; at the end of each script file (with `--atomic`, only at the end of the run,
/// and only if nothing failed); when the run ends (EOF, `quit`, SIGTERM, SIGHUP); and at
/// Ctrl-C on an empty prompt. A failed save keeps the batch in memory and is reported
/// once; what could not be saved is listed as lines to type again.
final class SavePolicy {
  /// The moments a save may happen.
  enum Point {
    /// `save`, `save --force`.
    case saveCommand(force: Bool)
    case dismiss
    /// A line typed at the prompt that committed something.
    case interactiveLine
    /// A script file ended: `-c`, a script given on the command line, a `source`d file.
    case scriptEnded
    /// Ctrl-C at an empty prompt.
    case interruptAtEmptyPrompt
    /// The run ends: EOF, `quit`, SIGTERM, SIGHUP.
    case runEnding
  }

  private unowned let context: CommandContext
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
    case .interactiveLine:
      // While the sheet is open its commits stay pending until dismiss or save.
      return context.sheet == nil
    case .scriptEnded:
      return !context.options.atomic && context.sheet == nil && context.quitStatus == nil
    case .runEnding:
      return !(context.options.atomic && context.hadError)
    }
  }

  /// A save a statement asked for (`save`, `dismiss`, the end of a `source`d file).
  /// Returns how many edits were written; a failure fails the statement.
  @discardableResult
  func save(at point: Point, offset: Int) throws(StatementFailure) -> Int {
    guard applies(at: point) else { return 0 }
    let count = ledger.pending.count
    do {
      try write(at: point)
    } catch {
      let message = remember(error)
      throw context.failure(message, at: offset, reason: error.isStoreUnavailable ? .storeFailed : .statementFailed)
    }
    return count
  }

  /// How a save from the form went.
  enum FormSave {
    case saved
    /// Another session saved these currencies meanwhile: nothing of them was written.
    case conflict([SaveConflict])
    case failed(String)
  }

  /// The form's Done: a save whose failure the form shows itself (it stays open).
  func saveFromForm(force: Bool) -> FormSave {
    guard applies(at: .dismiss) else { return .saved }
    do {
      try ledger.save(force: force)
      return .saved
    } catch {
      let message = remember(error)
      if case .conflict(let conflicts) = error { return .conflict(conflicts) }
      return .failed(message)
    }
  }

  /// A save the session makes by itself, between statements. A failure is reported (once
  /// for the same failure) and its reason returned; the batch stays in memory.
  func saveBetweenStatements(at point: Point, source: String, line: Int) -> StopReason? {
    guard applies(at: point) else { return nil }
    do {
      try write(at: point)
      return nil
    } catch {
      let repeated = isRepeated(Self.describe(error, kept: ledger.pending.count))
      let message = remember(error)
      if !repeated { report(message, source: source, line: line) }
      context.hadError = true
      return error.isStoreUnavailable ? .storeFailed : .statementFailed
    }
  }

  /// The run is ending: the focused draft of an open sheet is committed (a typed value
  /// is not lost), then the batch saved unless the store already failed.
  func saveAtEnd(source: String, line: Int, storeFailed: Bool) {
    if let error = context.commitFocusedDraft(), !isRepeated(error.message) {
      report(error.message, source: source, line: line)
      lastReported = (error.message, ledger.counters.saves)
    }
    if !storeFailed { _ = saveBetweenStatements(at: .runEnding, source: source, line: line) }
  }

  private func write(at point: Point) throws(StoreError) {
    if case .saveCommand(let force) = point {
      try ledger.save(force: force)
    } else {
      try ledger.save()
    }
  }

  private func report(_ message: String, source: String, line: Int) {
    let output = context.output
    if context.options.interactive {
      output.diagnostic(output.styled("error:", "1;31") + " " + message.escapingControlCharacters)
    } else {
      output.diagnostic("\(source):\(line):1: error: \(message)".escapingControlCharacters)
    }
  }

  /// A failed save's message, with how many edits it left pending in memory, remembered
  /// so the same failure met again is not repeated.
  private func remember(_ error: StoreError) -> String {
    let message = Self.describe(error, kept: ledger.pending.count)
    lastReported = (message, ledger.counters.saves)
    return message
  }

  private static func describe(_ error: StoreError, kept: Int) -> String {
    "\(error.description) (\(kept) unsaved \(kept == 1 ? "edit" : "edits") kept in memory)"
  }

  private func isRepeated(_ message: String) -> Bool {
    lastReported?.message == message && lastReported?.saves == ledger.counters.saves
  }

  // MARK: - What leaving would lose

  /// What leaving now would lose, as lines a person can paste back into Coffer: a `set`
  /// per unsaved amount, `local` for an unsaved local currency, a `rates set` per unsaved
  /// rate, and a comment for each invalid sheet draft. Empty when nothing would be lost.
  var unsavedLines: [String] {
    var lines = ledger.pending.dated.map { "set \($0.currency.code) \($0.amount) at \($0.date)" }
    lines += ledger.pending.amounts.map { "set \($0.currency.code) \($0.amount)" }
    // Each quote was set in the local currency of its moment: `local` lines go before
    // the quotes that need another than the current one, and the last names the local
    // currency to end with. (The store's local currency is known to be that one only
    // when it was not changed.)
    var replayLocal: Currency? = ledger.pending.local == nil ? ledger.portfolio.local : nil
    for quote in ledger.pending.quotes {
      if quote.quotedIn != replayLocal {
        lines.append("local \(quote.quotedIn.code)")
        replayLocal = quote.quotedIn
      }
      lines.append("rates set \(quote.currency.code) \(quote.value)")
    }
    if replayLocal != ledger.portfolio.local { lines.append("local \(ledger.portfolio.local.code)") }
    if let sheet = context.sheet {
      for currency in sheet.rows {
        if let invalid = sheet.invalid[currency] {
          lines.append("# \(currency.code) draft '\(invalid.text)' is not a valid amount (\(invalid.reason))")
        }
      }
    }
    return lines
  }
}

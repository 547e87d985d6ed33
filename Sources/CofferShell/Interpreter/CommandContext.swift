import CofferCore
import CofferScript
import Foundation
import LineEditing

/// What a command runs against: the ledger, the output, the variables, the open sheet,
/// the run's options, and where the statement being run stands. Commands read it, and
/// change the model through it (the ledger, the variables, the open sheet's fields); how
/// the run goes (leaving, saving, running a script, opening and closing the sheet) is
/// never set here: a command returns an `Effect` and the interpreter carries it out.
final class CommandContext {
  let ledger: Ledger
  let output: Output
  /// The run's options, as the command line and the session set them.
  var options: RunOptions
  var variables: [String: Value] = [:]
  /// The open sheet, if any. Opened and closed by the interpreter (`Effect.openSheet`,
  /// Done, `Effect.closeSheet`); commands act on it through its actions.
  private(set) var sheet: SheetController?
  /// What the line sheet last drew on a terminal.
  var liveSheet = LiveSheet()
  /// Folders of the scripts being run, innermost last, for relative `source` paths (kept
  /// by the interpreter as it enters and leaves them).
  var scriptFolders: [String] = []
  /// The statement being run: errors point into it.
  var line = LogicalLine(source: "", line: 0, bytes: [])
  /// The interactive session's line editor, whose entries `history` shows.
  var lineEditor: LineEditor?

  init(ledger: Ledger, output: Output, options: RunOptions) {
    self.ledger = ledger
    self.output = output
    self.options = options
  }

  /// The interpreter opens the sheet (`Effect.openSheet`)…
  func open(_ sheet: SheetController) {
    self.sheet = sheet
  }

  /// …and closes it (Done, `Effect.closeSheet`, the form's cancel).
  func closeSheet() {
    sheet = nil
    // Nothing looks at what the saves wrote on a sheet's date any more.
    ledger.gatherNews(for: nil)
  }

  /// A failure at a byte offset of the statement being run.
  func failure(_ message: String, at offset: Int, reason: StopReason = .statementFailed) -> StatementFailure {
    StatementFailure(message, at: line.location(ofOffset: offset), reason: reason)
  }

  func failure(_ error: StoreError, at offset: Int) -> StatementFailure {
    StatementFailure(error, at: line.location(ofOffset: offset))
  }

  /// A refused place or move, or the store's failure behind it.
  func failure(_ error: Ledger.PlaceFailure, at offset: Int) -> StatementFailure {
    switch error {
    case .place(let problem): failure(problem.description, at: offset)
    case .store(let error): failure(error, at: offset)
    }
  }

  /// The folder a relative path is resolved against: the running script's, else the
  /// working directory.
  var currentFolder: String {
    scriptFolders.last ?? FileManager.default.currentDirectoryPath
  }

  /// `$HOME`, else the account's home folder.
  static var homeFolder: String {
    ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }

  /// A path as typed, made absolute against the current folder; `~/` is the home folder,
  /// as completion offers it.
  func resolve(_ path: String) -> String {
    if path.hasPrefix("~/") { return Self.homeFolder + path.dropFirst(1) }
    return path.hasPrefix("/") ? path : (currentFolder as NSString).appendingPathComponent(path)
  }

  /// Fails, naming them, while rows of the holdings, settings or today's rates cannot be
  /// read: nothing that depends on them is answered from what could be.
  func requireSoundStore(at offset: Int) throws(StatementFailure) {
    do {
      try ledger.requireSound()
    } catch {
      throw failure(error, at: offset)
    }
  }

  /// Commits a balance for a past date (or today), reporting a store that cannot be read.
  func commit(_ amount: DecimalValue, of holding: Holding, on date: CalendarDate, at offset: Int)
    throws(StatementFailure)
  {
    do {
      try ledger.commit(amount, of: holding, on: date)
    } catch {
      throw failure(error, at: offset)
    }
  }

  // MARK: - Values

  /// A value that may be missing for want of a rate: nil then (a listing shows `no rate`).
  /// Anything else that stops it (an amount too large to value) fails the statement,
  /// naming it as `what`, rather than pass for a missing rate.
  func unlessNoRate<Value>(_ what: String, at offset: Int, _ body: () throws(PortfolioError) -> Value)
    throws(StatementFailure) -> Value?
  {
    do {
      return try body()
    } catch .noRate, .noLocalRate {
      return nil
    } catch {
      throw failure("\(what): \(error.description)", at: offset)
    }
  }

  /// Reads the total (counted), failing only on arithmetic overflow; a partial total is
  /// returned with what it left out.
  func readTotal(of portfolio: Portfolio? = nil, at offset: Int) throws(StatementFailure) -> Total {
    switch (portfolio ?? ledger.portfolio).total() {
    case .success(let total): return total
    case .failure(let error): throw failure("total: \(error.description)", at: offset)
    }
  }

  /// Today's amounts valued at the rates in use on `date`: the what-if of `valued at`,
  /// and what `convert … at` and `rates … at` read rates from. Its reads count apart from
  /// the live total's.
  func portfolio(valuedOn date: CalendarDate, at offset: Int) throws(StatementFailure) -> Portfolio {
    do {
      return try ledger.portfolio(valuedOn: date)
    } catch {
      throw failure(error, at: offset)
    }
  }

  /// The holdings as they stood on `date` (SPEC §8), valued at that date's rates.
  func portfolio(asHeldOn date: CalendarDate, at offset: Int) throws(StatementFailure) -> Portfolio {
    let date = try askable(date, at: offset)
    let portfolio: Portfolio
    do {
      portfolio = try ledger.portfolio(asHeldOn: date)
    } catch {
      throw failure(error, at: offset)
    }
    return portfolio
  }

}

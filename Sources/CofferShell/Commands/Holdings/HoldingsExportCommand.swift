import CofferCore
import CofferScript
import CofferText
import RateFiles

/// `holdings export [--format ledger|beancount] [FILE]`: the balance history as a journal
/// the plain-text accounting tools read (see `HoldingsJournal`), to FILE (written
/// atomically) or stdout. Pending edits are saved first: the journal is what is saved.
/// With `rates export` beside it, the tools value the holdings on a date as `total at`.
struct HoldingsExportCommand: Command, SavesFirst {
  /// `--format`: a journal's, not a listing's.
  static let format = ValueOption<HoldingsJournal.Format>(
    "format", values: HoldingsJournal.Format.allCases.map { $0.rawValue },
    valueError: tr(
      "--format takes {formats} here", ["formats": HoldingsJournal.Format.allCases.map(\.rawValue).alternatives])
  ) { HoldingsJournal.Format(rawValue: $0.lowercased()) }
  static let file = TypedSlot.file(tr("FILE"), tr("the file to write"))

  static let entry = CommandEntry(
    "holdings export", .optional(.slot(file)),
    tr(
      """
      the balance history as a journal for the plain-text accounting tools, an account per place, balanced \
      against Equity:Coffer, to FILE or stdout; FMT: ledger (hledger too, the default) or beancount; pending \
      edits are saved first
      """),
    examples: ["holdings export holdings.ledger", "holdings export --format beancount holdings.beancount"],
    options: [format.spec], reachesOutside: true, usage: tr("holdings export [--format FMT] [FILE]"),
    command: Self.self)

  let format: HoldingsJournal.Format
  let file: (path: String, offset: Int)?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    format = arguments[Self.format]?.value ?? .ledger
    file = arguments[Self.file].map { ($0.value, $0.offset) }
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    // The export describes what is saved; an --atomic run saves nothing until it ends.
    if context.options.atomic {
      throw context.failure(
        tr("holdings export cannot run in an --atomic run: it would write edits the run may still take back"),
        at: offset)
    }
    return .effect(.save(force: false, offset: offset, then: .run(self)))
  }

  var notDone: String { tr("nothing was exported") }

  /// The journal, once nothing is pending.
  func afterSave(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let local = ledger.portfolio.local
    let journal: HoldingsJournal
    do {
      let entries = try ledger.journal(of: nil, from: nil, to: nil, limit: nil)
      journal = HoldingsJournal(
        entries: entries, local: local, firstPrices: try firstPrices(of: entries, in: local, ledger),
        format: format)
    } catch {
      throw context.failure(error, at: offset)
    }
    let lines = journal.lines
    guard let file else { return .lines(lines) }
    let path = context.resolve(file.path)
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    do {
      try ledger.writeFile(bytes, to: path)
    } catch {
      throw context.failure(tr("{reason}; nothing was written", ["reason": "\(error)"]), at: file.offset)
    }
    let count = journal.holdingCount
    let span =
      journal.dates.map { tr(" ({first} … {last})", ["first": $0.first.description, "last": $0.last.description]) }
      ?? ""
    return .lines([
      format == .ledger
        ? tr(
          "wrote the balance history of {count} holding{span} to {path} for ledger and hledger",
          "wrote the balance history of {count} holdings{span} to {path} for ledger and hledger", count: count,
          ["span": span, "path": path])
        : tr(
          "wrote the balance history of {count} holding{span} to {path} for beancount",
          "wrote the balance history of {count} holdings{span} to {path} for beancount", count: count,
          ["span": span, "path": path])
    ])
  }

  /// The date of each held unit's first price in `local`, as `rates export` writes it:
  /// where the amounts held since before any date are written (`HoldingsJournal`).
  private func firstPrices(
    of entries: [JournalEntry], in local: Currency, _ ledger: Ledger
  ) throws(StoreError) -> [Currency: CalendarDate] {
    let units = Array(Set(entries.map(\.currency)).subtracting([local]))
    let book = try ledger.ratesHistory(of: Set(units), quotesWith: local, from: .first, to: .last)
    var first: [Currency: CalendarDate] = [:]
    for price in PriceHistory.changes(of: units, in: local, book: book, from: nil, to: nil)
    where first[price.currency] == nil {
      first[price.currency] = price.date
    }
    return first
  }
}

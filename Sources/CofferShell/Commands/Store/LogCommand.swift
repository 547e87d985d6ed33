import CofferCore
import CofferScript
import CofferText

/// `log [C] [N] [from DATE] [to DATE]`: the journal by effective date, newest first; the
/// time an entry was entered is shown too when it is not on its effective date (a balance
/// written down later). `C` is all its places; `C@PLACE` one of them.
struct LogCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let count = TypedSlot.expression(tr("N"), tr("a number"))
  static let entry = CommandEntry(
    "log", .sequence([.optional(.slot(code)), .optional(.slot(count)), DateRange.grammar]),
    tr("the saved changes by effective date, newest first: the last N, or those from and to dates"),
    examples: ["log", "log USD 5", "log USD@wise", "log from 2025-01-01 to 2025-12-31"],
    options: [ListingOptions.format.spec],
    access: .reads, usage: tr("log [C] [N] [from DATE] [to DATE] [--format FMT]"),
    command: Self.self)

  let currency: Currency?
  /// The place asked for (nil: every place of `currency`).
  let place: Place?
  /// At most this many; all within the dates when they are given and no N is.
  let limit: Int?
  let range: DateRange
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let named = try context.namedHolding(arguments[Self.code])
    currency = named?.currency
    place = try named.flatMap { named throws(StatementFailure) in try context.placeForReading(named)?.place }
    range = try DateRange(arguments, context)
    let ranged = range.from != nil || range.to != nil
    let count = arguments[Self.count]
    limit = count == nil && ranged ? nil : try context.count(count, default: 10, for: "log")
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    do {
      let entries = try context.ledger.journal(of: currency, at: place, from: range.from, to: range.to, limit: limit)
      return .listing(Report(entries: entries))
    } catch {
      throw context.failure(error, at: end)
    }
  }

  struct Report: Listing {
    let entries: [JournalEntry]

    func table(_ output: Output) -> [String] {
      lines(move: tr("(move)")) { tr("(entered {time})", ["time": $0]) }
    }

    func plain() -> [String] { lines(move: "(move)") { "(entered \($0))" } }

    /// A line an entry; `move` marks a move, `entered` says when a balance was written down.
    private func lines(move: String, entered: (String) -> String) -> [String] {
      entries.map { entry in
        var line = "\(entry.effective)  \(entry.holding)  \(entry.old) → \(entry.new)"
        if entry.move != .none { line += "  " + move }
        // A balance written down on a later day says when.
        if entry.entered.localDate != entry.effective { line += "  " + entered(entry.entered.localText) }
        return line
      }
    }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["effective", "code", "place", "old", "new", "entered"],
        entries.map {
          [
            $0.effective.description, $0.currency.code, $0.place.name, $0.old.description, $0.new.description,
            $0.entered.isoText,
          ]
        }
      )
    }

    func json() -> JSONValue {
      .array(
        entries.map { entry in
          .object([
            ("effective", .string(entry.effective.description)), ("code", .string(entry.currency.code)),
            ("place", .string(entry.place.name)), ("old", .string(entry.old.description)),
            ("new", .string(entry.new.description)),
            ("entered", .string(entry.entered.isoText)),
          ])
        })
    }
  }
}

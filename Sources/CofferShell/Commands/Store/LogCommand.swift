import CofferCore
import CofferScript

/// `log [C] [N]`: the journal of saved changes, newest first.
struct LogCommand: Command {
  static let entry = CommandEntry(
    "log", .sequence([.optional(.currency()), .optional(.expression("N", "a number"))]),
    "the last N saved changes, newest first", examples: ["log", "log USD 5"], options: [ListingOptions.format],
    access: .reads, command: Self.self)

  let currency: Currency?
  let limit: Int
  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    currency = try context.currency(arguments["C"])
    limit = try context.count(arguments["N"], default: 10, for: "log")
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    do {
      return .listing(Report(entries: try context.ledger.store.journal(of: currency, limit: limit)))
    } catch {
      throw context.failure(error, at: end)
    }
  }

  struct Report: Listing {
    let entries: [JournalEntry]

    func table(_ output: Output) -> [String] { plain() }

    func plain() -> [String] {
      entries.map { "\($0.time)  \($0.currency.code)  \($0.old) → \($0.new)" }
    }

    func csv() -> (header: [String], rows: [[String]]) {
      (
        ["time", "code", "old", "new"],
        entries.map { [$0.time, $0.currency.code, $0.old.description, $0.new.description] }
      )
    }

    func json() -> JSONValue {
      .array(
        entries.map { entry in
          .object([
            ("time", .string(entry.time)), ("code", .string(entry.currency.code)),
            ("old", .string(entry.old.description)), ("new", .string(entry.new.description)),
          ])
        })
    }
  }
}

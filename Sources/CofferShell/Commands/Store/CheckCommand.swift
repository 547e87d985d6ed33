import CofferCore
import CofferScript
import CofferText

/// `check`: SQLite's full integrity check, then every row of Coffer's own tables checked
/// as Coffer writes it, with a plain verdict. Each damaged row is listed on stdout; a
/// damaged store fails the statement as a store that cannot be used does (exit 3).
struct CheckCommand: Command {
  static let entry = CommandEntry(
    "check", .none,
    tr("verify the store: SQLite's integrity check, then every row Coffer keeps; list each damaged one"),
    examples: ["check"], access: .reads, readsHoldings: false, command: Self.self)

  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    let name = ledger.location.description
    let findings: [String]
    let rows: [StoreDamage]
    do {
      findings = try ledger.integrityCheck()
      // Rows are read only from pages SQLite found sound.
      rows = findings.isEmpty ? try ledger.audit() : []
    } catch {
      throw context.failure(error, at: end)
    }
    guard findings.isEmpty else {
      let damage = StoreError.damaged(
        path: name,
        what: tr("SQLite's integrity check found {findings}", ["findings": findings.joined(separator: "; ")]))
      throw context.failure(damage, at: end)
    }
    guard rows.isEmpty else {
      for row in rows { context.output.line(tr("damaged: {row}", ["row": row.description]).escapingControlCharacters) }
      throw StatementFailure(
        tr(
          "the store {name} has {count} row Coffer cannot use (listed above); SQLite's integrity check: ok. Restore a backup, or correct the rows with the sqlite3 shell",
          "the store {name} has {count} rows Coffer cannot use (listed above); SQLite's integrity check: ok. Restore a backup, or correct the rows with the sqlite3 shell",
          count: rows.count, ["name": name]),
        at: context.line.location(ofOffset: end), reason: .storeFailed)
    }
    var lines = [
      tr("the store {name} is sound (SQLite integrity check: ok; every row Coffer keeps reads back)", ["name": name])
    ]
    // Entries dated after today are sound (each holds from its day on), but were most
    // likely made by a clock that was ahead: named, with what to do.
    let ahead: [JournalEntry]
    do {
      ahead = try ledger.entriesAfterToday()
    } catch {
      throw context.failure(error, at: end)
    }
    let today = ledger.portfolio.today
    for entry in ahead {
      lines.append(
        "note: "
          + tr(
            "journal row {id} ({code} {amount}) is effective {date}, after today ({today}): it counts from that day on; if a clock was ahead when it was entered, set the balance again ('set {code} {amount}') and remove the row with the sqlite3 shell (DELETE FROM journal WHERE id = {id})",
            [
              "id": "\(entry.id)", "code": entry.currency.code, "amount": "\(entry.new)",
              "date": entry.effective.description, "today": today.description,
            ]))
    }
    return .lines(lines)
  }
}

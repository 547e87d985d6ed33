import CofferCore
import CofferScript
import CofferText

/// `restore FILE`: replaces the store's contents with those of a Coffer store (a backup),
/// once that is known to be sound; refused while edits are pending.
struct RestoreCommand: Command {
  static let file = TypedSlot.path(tr("FILE"), tr("a Coffer store (a backup) to restore"))
  static let entry = CommandEntry(
    "restore", .slot(file),
    tr("replace the store's contents with FILE's, once FILE is checked to be a sound Coffer store"),
    examples: ["restore ~/coffer-2026-11-22.db"], scope: .topLevel, reachesOutside: true, readsHoldings: false,
    command: Self.self)

  let path: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if context.options.atomic {
      throw context.failure(tr("restore cannot run in an --atomic run"), at: offset)
    }
    let ledger = context.ledger
    if !ledger.pending.isEmpty {
      let lines = UnsavedEdits.lines(of: ledger, sheet: nil)
      let count = ledger.pending.count
      throw context.failure(
        tr(
          "restore refused: {count} unsaved edit would be lost ({edits}); 'save' first, or leave with 'quit!' to drop them",
          "restore refused: {count} unsaved edits would be lost ({edits}); 'save' first, or leave with 'quit!' to drop them",
          count: count, ["edits": lines.joined(separator: "; ")]), at: offset)
    }
    let source = context.resolve(path)
    let restored: RestoredStore
    do {
      restored = try ledger.restore(from: source)
    } catch {
      switch error {
      case .file(let problem):
        throw context.failure(tr("{reason}; the store was not changed", ["reason": "\(problem)"]), at: offset)
      case .store(let failure):
        throw context.failure(failure, at: offset)
      }
    }
    var line = tr(
      "restored the store from {path}: {holdings}, {rates}, {entries}",
      [
        "path": source, "holdings": tr("{count} holding", "{count} holdings", count: restored.holdings),
        "rates": tr("rates on {count} day", "rates on {count} days", count: restored.rateDays),
        "entries": tr("{count} journal entry", "{count} journal entries", count: restored.journalEntries),
      ])
    if let migrated = restored.migratedTo {
      line += tr(
        " (it was schema {old}, brought up to {new}; the file is unchanged)",
        ["old": "\(restored.schemaVersion)", "new": "\(migrated)"])
    }
    if !restored.leftOut.isEmpty {
      // A backup is data: what another program added to the file is not brought in.
      line += tr("; left out what is not Coffer's: {names}", ["names": restored.leftOut.listed()])
    }
    return .lines([line])
  }
}

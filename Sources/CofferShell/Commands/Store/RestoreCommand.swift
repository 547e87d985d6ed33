import CofferCore
import CofferScript

/// `restore FILE`: replaces the store's contents with those of a Coffer store (a backup),
/// once that is known to be sound; refused while edits are pending.
struct RestoreCommand: Command {
  static let file = TypedSlot.path("FILE", "a Coffer store (a backup) to restore")
  static let entry = CommandEntry(
    "restore", .slot(file),
    "replace the store's contents with FILE's, once FILE is checked to be a sound Coffer store",
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
      throw context.failure("restore cannot run in an --atomic run", at: offset)
    }
    let ledger = context.ledger
    if !ledger.pending.isEmpty {
      let lines = UnsavedEdits.lines(of: ledger, sheet: nil)
      let count = ledger.pending.count
      throw context.failure(
        "restore refused: \(count) unsaved \(count == 1 ? "edit" : "edits") would be lost ("
          + lines.joined(separator: "; ") + "); 'save' first, or leave with 'quit!' to drop them", at: offset)
    }
    let source = context.resolve(path)
    let restored: RestoredStore
    do {
      restored = try ledger.restore(from: source)
    } catch {
      switch error {
      case .file(let problem):
        throw context.failure("\(problem); the store was not changed", at: offset)
      case .store(let failure):
        throw context.failure(failure, at: offset)
      }
    }
    var line =
      "restored the store from \(source): \(restored.holdings) \(restored.holdings == 1 ? "holding" : "holdings"), "
      + "rates on \(restored.rateDays) \(restored.rateDays == 1 ? "day" : "days"), "
      + "\(restored.journalEntries) journal \(restored.journalEntries == 1 ? "entry" : "entries")"
    if let migrated = restored.migratedTo {
      line += " (it was schema \(restored.schemaVersion), brought up to \(migrated); the file is unchanged)"
    }
    if !restored.leftOut.isEmpty {
      // A backup is data: what another program added to the file is not brought in.
      line += "; left out what is not Coffer's: " + restored.leftOut.joined(separator: ", ")
    }
    return .lines([line])
  }
}
